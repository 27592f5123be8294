import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import { KeyedWrites } from './keyed-writes.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
  type ProviderAccount,
  type ProviderClient,
  type ProviderCreateDeviceInput,
  type ProviderDevice,
  type ProviderDeviceStatus,
  type ProviderDeviceSystem,
  type ProviderSmsReply,
  type ProviderSoftwareVersion,
  type ProviderTabletReply,
  type ProviderUpload,
  type ProviderVehicle,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import { SOFTWARE_VERSIONS, type SimDevice } from './fleet-data.ts';
import { smsReply, tabletReply } from './device-commands.ts';
import { setDeviceStatus, tickWorld } from './device-state.ts';
import { FleetWorld } from './fleet-world.ts';
import { CallGate, type SimulatorCall, type SimulatorFailures } from './call-gate.ts';
import { UploadInbox } from './upload-inbox.ts';

export type { SimulatorFailures } from './call-gate.ts';

interface FleetSimulatorOptions {
  seed?: number;
  failures?: Partial<SimulatorFailures>;
  /** Extra generated agencies (benchmarks), each of this many buses, all visible to `demo`. */
  extraAgencies?: { count: number; buses: number };
  /** How often heartbeats change while started. */
  tickMs?: number;
  /** false: devices report in but never go on- or offline on their own, only when told (tests). */
  statusChanges?: boolean;
  now?: () => number;
}

const DEFAULT_TICK_MS = 5000;

/**
 * A believable stand-in for the agency's fleet-tracking platform: agencies, buses, devices whose
 * heartbeats come and go, device systems, software, SMS and tablet command replies, and failure
 * injection. Deterministic for a seed, so tests can rely on its shape.
 */
export class FleetSimulator implements FleetProvider {
  private readonly world: FleetWorld;
  private readonly gate: CallGate;
  private readonly keyed = new KeyedWrites();
  /** Device ids whose calls fail as if the platform could not be reached. */
  private readonly failingDevices = new Set<string>();
  /** Uploads received, and the one-shot upload failure switch for tests. */
  readonly inbox = new UploadInbox();
  private readonly tickMs: number;
  private readonly statusChanges: boolean;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: FleetSimulatorOptions = {}) {
    this.world = new FleetWorld({
      seed: options.seed,
      now: options.now,
      extraAgencies: options.extraAgencies,
    });
    this.gate = new CallGate(this.world.now, options.failures);
    this.tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.statusChanges = options.statusChanges ?? true;
  }

  // ---------------------------------------------------------------- failure injection and call log

  private call<T>(method: string, args: string, work: () => T): Promise<T> {
    return this.gate.run(method, args, work);
  }

  /** A write with an idempotency key (the outbox entry's): applied once, a repeat has no effect. */
  private keyedCall<T>(method: string, args: string, key: string | undefined, work: () => T) {
    return this.keyed.run(key, () => this.gate.run(method, args, work));
  }

  private device(externalId: string): SimDevice {
    const d = this.world.devices.get(externalId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    if (this.failingDevices.has(d.deviceId))
      throw new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    return d;
  }

  private static view(d: SimDevice): ProviderDevice {
    const { lat: _lat, lon: _lon, carrier: _carrier, ...device } = d;
    return { ...device, metadata: { ...device.metadata } };
  }

  // ---------------------------------------------------------------- FleetProvider

  signIn(username: string, password: string): Promise<ProviderAccount | null> {
    return this.call('signIn', username, () => {
      const account = this.world.accountNamed(username);
      if (!account || account.password !== password) return null;
      const { password: _password, role, clientExternalIds, ...named } = account;
      return { ...named, clientExternalIds: [...clientExternalIds], role: role ?? 'installer' };
    });
  }

  accountIdOf(login: string): Promise<string | null> {
    return this.call('accountIdOf', login, () => this.world.accountNamed(login)?.externalId ?? null);
  }

  listClients(clientExternalIds: readonly string[]): Promise<ProviderClient[]> {
    return this.call('listClients', clientExternalIds.join(','), () =>
      clientExternalIds.flatMap((id) => {
        const c = this.world.clients.get(id);
        return c ? [{ ...c }] : [];
      }),
    );
  }

  listVehicles(clientExternalId: string): Promise<ProviderVehicle[]> {
    return this.call('listVehicles', clientExternalId, () =>
      [...this.world.vehicles.values()]
        .filter((v) => v.clientExternalId === clientExternalId)
        .map(({ depot: _depot, ...v }) => ({ ...v })),
    );
  }

  listDevices(clientExternalId: string): Promise<ProviderDevice[]> {
    return this.call('listDevices', clientExternalId, () =>
      [...this.world.devices.values()]
        .filter((d) => d.clientExternalId === clientExternalId)
        .map((d) => FleetSimulator.view(d)),
    );
  }

  getDevice(deviceExternalId: string): Promise<ProviderDevice | null> {
    return this.call('getDevice', deviceExternalId, () => {
      const d = this.world.devices.get(deviceExternalId);
      return d ? FleetSimulator.view(d) : null;
    });
  }

  listDeviceSystems(clientExternalId: string): Promise<ProviderDeviceSystem[]> {
    return this.call('listDeviceSystems', clientExternalId, () =>
      (this.world.systems.get(clientExternalId) ?? []).map((s) => ({ ...s })),
    );
  }

  listSoftwareVersions(type: 'production' | 'addon'): Promise<ProviderSoftwareVersion[]> {
    return this.call('listSoftwareVersions', type, () =>
      SOFTWARE_VERSIONS.filter((v) => v.type === type).map((v) => ({ ...v })),
    );
  }

  updateVehicle(vehicleExternalId: string, patch: ProviderVehiclePatch, key?: string): Promise<void> {
    return this.keyedCall('updateVehicle', vehicleExternalId, key, () => {
      const v = this.world.vehicles.get(vehicleExternalId);
      if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
      Object.assign(v, patch);
    });
  }

  assignDevice(deviceExternalId: string, vehicleExternalId: string, key?: string): Promise<void> {
    return this.keyedCall('assignDevice', `${deviceExternalId}->${vehicleExternalId}`, key, () => {
      const d = this.device(deviceExternalId);
      const v = this.world.vehicles.get(vehicleExternalId);
      if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
      if (v.clientExternalId !== d.clientExternalId)
        throw new ProviderRejectedError('Device and vehicle belong to different agencies', 409);
      d.vehicleExternalId = v.externalId;
    });
  }

  unassignDevice(deviceExternalId: string, key?: string): Promise<void> {
    return this.keyedCall('unassignDevice', deviceExternalId, key, () => {
      this.device(deviceExternalId).vehicleExternalId = null;
    });
  }

  createDevice(input: ProviderCreateDeviceInput, key?: string): Promise<ProviderDevice> {
    return this.keyedCall('createDevice', `${input.type} ${input.name}`, key, () => {
      const d = this.world.createDevice(input);
      return FleetSimulator.view(d);
    });
  }

  sendSms(deviceExternalId: string, command: SmsCommand): Promise<ProviderSmsReply> {
    return this.call('sendSms', `${deviceExternalId} ${command}`, () => {
      return smsReply(this.device(deviceExternalId), command, this.world.now(), this.world.random);
    });
  }

  tabletOperation(
    deviceExternalId: string,
    operation: TabletOperation,
    softwareVersion?: string,
  ): Promise<ProviderTabletReply> {
    return this.call('tabletOperation', `${deviceExternalId} ${operation}`, () => {
      return tabletReply(this.device(deviceExternalId), operation, softwareVersion, this.world.random);
    });
  }

  upload(item: ProviderUpload): Promise<{ externalId: string }> {
    return this.call('upload', `${item.kind} ${item.vehicleExternalId}`, () => {
      if (!this.world.vehicles.has(item.vehicleExternalId))
        throw new ProviderRejectedError('Vehicle not found', 404);
      const externalId = this.world.id('upl');
      this.inbox.accept(item, externalId);
      return { externalId };
    });
  }

  // ---------------------------------------------------------------- life and control

  /** Heartbeats come and go: a few devices change state on every tick; the others report in. */
  tick(): void {
    tickWorld(this.world, this.statusChanges);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  setFailures(patch: Partial<SimulatorFailures>): void {
    this.gate.setFailures(patch);
  }

  /**
   * Every call about this one device (assign, unassign, SMS, tablet operation) fails as if the
   * platform could not be reached, or works again: failure injection that leaves the rest alone.
   */
  setDeviceFailure(deviceId: string, outage: boolean): void {
    if (!this.world.findByDeviceId(deviceId)) throw new ProviderRejectedError('Device not found', 404);
    if (outage) this.failingDevices.add(deviceId);
    else this.failingDevices.delete(deviceId);
  }

  getFailures(): SimulatorFailures {
    return this.gate.getFailures();
  }

  getDeviceByDeviceId(deviceId: string): ProviderDevice | null {
    const d = this.world.findByDeviceId(deviceId);
    return d ? FleetSimulator.view(d) : null;
  }

  /** Sets a device's heartbeat state now, as if the unit had just reported (or gone quiet). */
  setDeviceHeartbeat(deviceId: string, state: { status: ProviderDeviceStatus }): void {
    const d = this.world.findByDeviceId(deviceId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    setDeviceStatus(this.world, d, state.status);
  }

  /** A change made by someone else in the platform's own admin screens (for conflict tests). */
  assignExternally(deviceId: string, vehicleLabel: string | null): void {
    const d = this.world.findByDeviceId(deviceId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    if (vehicleLabel === null) {
      d.vehicleExternalId = null;
      return;
    }
    const v = [...this.world.vehicles.values()].find(
      (x) => x.clientExternalId === d.clientExternalId && x.vehicleId === vehicleLabel,
    );
    if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
    d.vehicleExternalId = v.externalId;
  }

  callLog(): readonly SimulatorCall[] {
    return this.gate.callLog();
  }

  /** Writes sent with an idempotency key: applied once, repeats answered without effect. */
  keyedWriteStats(): { applied: number; replayed: number } {
    return this.keyed.stats();
  }

  counts(): { clients: number; vehicles: number; devices: number } {
    return {
      clients: this.world.clients.size,
      vehicles: this.world.vehicles.size,
      devices: this.world.devices.size,
    };
  }
}

export function createFleetSimulator(options: FleetSimulatorOptions = {}): FleetSimulator {
  return new FleetSimulator(options);
}
