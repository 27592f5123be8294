import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FleetMirror, PushQueue } from '../../lib/ports.ts';
import type { ProviderDeviceStatus } from '../../providers/fleet/fleet-provider.ts';
import type { FleetSimulator, SimulatorFailures } from '../../providers/fleet/simulator/fleet-simulator.ts';
import { listAllClientIds } from '../clients/clients.repository.ts';

/** Test-only control of the built-in simulator; every heartbeat change is mirrored at once. */
export class SimulatorControlService {
  constructor(
    private readonly db: Db,
    private readonly simulator: FleetSimulator,
    private readonly mirror: FleetMirror,
    private readonly outbox: PushQueue,
  ) {}

  async setHeartbeat(deviceId: string, status: ProviderDeviceStatus): Promise<void> {
    this.assertDevice(deviceId);
    this.simulator.setDeviceHeartbeat(deviceId, { status });
    await this.pullAll();
  }

  assignExternally(deviceId: string, vehicleLabel: string | null): void {
    this.assertDevice(deviceId);
    this.simulator.assignExternally(deviceId, vehicleLabel);
  }

  setDeviceFailure(deviceId: string, outage: boolean): void {
    this.assertDevice(deviceId);
    this.simulator.setDeviceFailure(deviceId, outage);
  }

  setFailures(patch: Partial<SimulatorFailures>): void {
    this.simulator.setFailures(patch);
  }

  /** The next `count` uploads fail as if Navigator were down; other calls are not touched. */
  failNextUploads(count: number): void {
    this.simulator.inbox.failNext(count);
  }

  uploads() {
    return this.simulator.inbox.list();
  }

  /** Sends the pending pushes, then pulls every agency. */
  async sync(): Promise<void> {
    await this.outbox.drain();
    await this.pullAll();
  }

  private assertDevice(deviceId: string): void {
    if (!this.simulator.getDeviceByDeviceId(deviceId)) throw notFound('Device');
  }

  private async pullAll(): Promise<void> {
    const ids = await listAllClientIds(this.db);
    await Promise.allSettled(ids.map((id) => this.mirror.syncFleet(id)));
  }
}
