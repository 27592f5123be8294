import { z } from 'zod';
import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
  type ProviderCreateDeviceInput,
  type ProviderUpload,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import {
  ProviderAccountSchema,
  ProviderClientSchema,
  ProviderDeviceSchema,
  ProviderDeviceSystemSchema,
  ProviderSmsReplySchema,
  ProviderSoftwareVersionSchema,
  ProviderTabletReplySchema,
  ProviderVehicleSchema,
  RpcAnswerSchema,
  UploadResultSchema,
} from '../protocol.ts';
import { RETRYABLE_METHODS, type RpcMethod } from './rpc.ts';

interface HttpFleetProviderOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Extra attempts for methods that are safe to repeat. */
  retries?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** An answer whose `result` may be anything: the void calls (assign, update...) ignore it. */
const AnyResult = z.unknown();

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

  private async rpc<T>(
    method: RpcMethod,
    args: unknown[],
    schema: z.ZodType<T>,
    idempotencyKey?: string,
  ): Promise<T> {
    // A write with an idempotency key is safe to repeat: the fleet system applies the key once.
    const attempts = RETRYABLE_METHODS.has(method) || idempotencyKey ? this.retries + 1 : 1;
    let lastError: Error = new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0)
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempt - 1)));
      try {
        return await this.once(method, args, schema, idempotencyKey);
      } catch (err) {
        if (err instanceof ProviderRejectedError) throw err;
        lastError = err instanceof Error ? err : new Error(String(err));
      }
    }
    throw lastError instanceof ProviderUnavailableError
      ? lastError
      : new ProviderUnavailableError(lastError.message);
  }

  private async once<T>(
    method: RpcMethod,
    args: unknown[],
    schema: z.ZodType<T>,
    idempotencyKey?: string,
  ): Promise<T> {
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
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ProviderUnavailableError(
        `The fleet-tracking platform answered ${String(response.status)} without JSON`,
      );
    }
    const body = RpcAnswerSchema.safeParse(json);
    const message = (body.success ? body.data.error?.message : undefined) ?? response.statusText;
    if (response.status >= 500) throw new ProviderUnavailableError(message);
    if (!response.ok) throw new ProviderRejectedError(message, response.status);
    const result = schema.safeParse(body.success ? body.data.result : undefined);
    if (!result.success)
      throw new ProviderUnavailableError(
        `The fleet-tracking platform answered ${method} in an unknown format`,
      );
    return result.data;
  }

  /** A call whose answer carries nothing the caller uses. */
  private async void(method: RpcMethod, args: unknown[], idempotencyKey?: string): Promise<void> {
    await this.rpc(method, args, AnyResult, idempotencyKey);
  }

  signIn(username: string, password: string) {
    return this.rpc('signIn', [username, password], ProviderAccountSchema.nullable());
  }
  accountIdOf(login: string) {
    return this.rpc('accountIdOf', [login], z.string().nullable());
  }
  listClients(clientExternalIds: readonly string[]) {
    return this.rpc('listClients', [clientExternalIds], z.array(ProviderClientSchema));
  }
  listVehicles(clientExternalId: string) {
    return this.rpc('listVehicles', [clientExternalId], z.array(ProviderVehicleSchema));
  }
  listDevices(clientExternalId: string) {
    return this.rpc('listDevices', [clientExternalId], z.array(ProviderDeviceSchema));
  }
  getDevice(deviceExternalId: string) {
    return this.rpc('getDevice', [deviceExternalId], ProviderDeviceSchema.nullable());
  }
  listDeviceSystems(clientExternalId: string) {
    return this.rpc('listDeviceSystems', [clientExternalId], z.array(ProviderDeviceSystemSchema));
  }
  listSoftwareVersions(type: 'production' | 'addon') {
    return this.rpc('listSoftwareVersions', [type], z.array(ProviderSoftwareVersionSchema));
  }
  updateVehicle(vehicleExternalId: string, patch: ProviderVehiclePatch, idempotencyKey?: string) {
    return this.void('updateVehicle', [vehicleExternalId, patch], idempotencyKey);
  }
  assignDevice(deviceExternalId: string, vehicleExternalId: string, idempotencyKey?: string) {
    return this.void('assignDevice', [deviceExternalId, vehicleExternalId], idempotencyKey);
  }
  unassignDevice(deviceExternalId: string, idempotencyKey?: string) {
    return this.void('unassignDevice', [deviceExternalId], idempotencyKey);
  }
  createDevice(input: ProviderCreateDeviceInput, idempotencyKey?: string) {
    return this.rpc('createDevice', [input], ProviderDeviceSchema, idempotencyKey);
  }
  sendSms(deviceExternalId: string, command: SmsCommand) {
    return this.rpc('sendSms', [deviceExternalId, command], ProviderSmsReplySchema);
  }
  tabletOperation(deviceExternalId: string, operation: TabletOperation, softwareVersion?: string) {
    return this.rpc(
      'tabletOperation',
      [deviceExternalId, operation, softwareVersion],
      ProviderTabletReplySchema,
    );
  }
  upload(item: ProviderUpload) {
    return this.rpc('upload', [item], UploadResultSchema);
  }
}
