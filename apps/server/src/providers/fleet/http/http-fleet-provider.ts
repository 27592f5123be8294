import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
  type ProviderAccount,
  type ProviderClient,
  type ProviderCreateDeviceInput,
  type ProviderDevice,
  type ProviderDeviceSystem,
  type ProviderSmsReply,
  type ProviderSoftwareVersion,
  type ProviderTabletReply,
  type ProviderUpload,
  type ProviderVehicle,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import { RETRYABLE_METHODS, type RpcMethod } from './rpc.ts';

export interface HttpFleetProviderOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Extra attempts for methods that are safe to repeat. */
  retries?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

interface RpcAnswer {
  result?: unknown;
  error?: { message?: string };
}

/** Talks to the external system over HTTP, with a timeout on every call and retries where safe. */
export class HttpFleetProvider implements FleetProvider {
  private readonly baseUrl: string;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: HttpFleetProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async rpc<T>(method: RpcMethod, args: unknown[], idempotencyKey?: string): Promise<T> {
    // A write with an idempotency key is safe to repeat: the fleet system applies the key once.
    const attempts = RETRYABLE_METHODS.has(method) || idempotencyKey ? this.retries + 1 : 1;
    let lastError: Error = new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0)
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempt - 1)));
      try {
        return await this.once<T>(method, args, idempotencyKey);
      } catch (err) {
        if (err instanceof ProviderRejectedError) throw err;
        lastError = err instanceof Error ? err : new Error(String(err));
      }
    }
    throw lastError instanceof ProviderUnavailableError
      ? lastError
      : new ProviderUnavailableError(lastError.message);
  }

  private async once<T>(method: RpcMethod, args: unknown[], idempotencyKey?: string): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}/rpc/${method}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify({ args }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderUnavailableError(
        timedOut
          ? `The fleet-tracking platform did not answer within ${String(this.options.timeoutMs)} ms`
          : 'The fleet-tracking platform cannot be reached',
      );
    }
    let body: RpcAnswer;
    try {
      body = (await response.json()) as RpcAnswer;
    } catch {
      throw new ProviderUnavailableError(
        `The fleet-tracking platform answered ${String(response.status)} without JSON`,
      );
    }
    const message = body.error?.message ?? response.statusText;
    if (response.status >= 500) throw new ProviderUnavailableError(message);
    if (!response.ok) throw new ProviderRejectedError(message, response.status);
    return body.result as T;
  }

  signIn(username: string, password: string) {
    return this.rpc<ProviderAccount | null>('signIn', [username, password]);
  }
  listClients(clientExternalIds: readonly string[]) {
    return this.rpc<ProviderClient[]>('listClients', [clientExternalIds]);
  }
  listVehicles(clientExternalId: string) {
    return this.rpc<ProviderVehicle[]>('listVehicles', [clientExternalId]);
  }
  listDevices(clientExternalId: string) {
    return this.rpc<ProviderDevice[]>('listDevices', [clientExternalId]);
  }
  getDevice(deviceExternalId: string) {
    return this.rpc<ProviderDevice | null>('getDevice', [deviceExternalId]);
  }
  listDeviceSystems(clientExternalId: string) {
    return this.rpc<ProviderDeviceSystem[]>('listDeviceSystems', [clientExternalId]);
  }
  listSoftwareVersions(type: 'production' | 'addon') {
    return this.rpc<ProviderSoftwareVersion[]>('listSoftwareVersions', [type]);
  }
  updateVehicle(vehicleExternalId: string, patch: ProviderVehiclePatch, idempotencyKey?: string) {
    return this.rpc<undefined>('updateVehicle', [vehicleExternalId, patch], idempotencyKey);
  }
  assignDevice(deviceExternalId: string, vehicleExternalId: string, idempotencyKey?: string) {
    return this.rpc<undefined>('assignDevice', [deviceExternalId, vehicleExternalId], idempotencyKey);
  }
  unassignDevice(deviceExternalId: string, idempotencyKey?: string) {
    return this.rpc<undefined>('unassignDevice', [deviceExternalId], idempotencyKey);
  }
  createDevice(input: ProviderCreateDeviceInput, idempotencyKey?: string) {
    return this.rpc<ProviderDevice>('createDevice', [input], idempotencyKey);
  }
  sendSms(deviceExternalId: string, command: SmsCommand) {
    return this.rpc<ProviderSmsReply>('sendSms', [deviceExternalId, command]);
  }
  tabletOperation(deviceExternalId: string, operation: TabletOperation, softwareVersion?: string) {
    return this.rpc<ProviderTabletReply>('tabletOperation', [deviceExternalId, operation, softwareVersion]);
  }
  upload(item: ProviderUpload) {
    return this.rpc<{ externalId: string }>('upload', [item]);
  }
}
