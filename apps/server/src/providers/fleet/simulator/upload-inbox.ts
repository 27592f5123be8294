import type { ProviderUpload } from '../fleet-provider.ts';
import { ProviderUnavailableError } from '../fleet-provider.ts';

interface SimulatorUpload {
  externalId: string;
  kind: ProviderUpload['kind'];
  vehicleExternalId: string;
  label: string;
}

/**
 * What the simulated platform received through `upload` (the content itself is not kept), and a
 * one-shot failure switch for tests: the next `n` uploads fail as if the platform were down,
 * without disturbing any other call.
 */
export class UploadInbox {
  private readonly received: SimulatorUpload[] = [];
  private failuresLeft = 0;

  accept(item: ProviderUpload, externalId: string): void {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new ProviderUnavailableError('The fleet-tracking platform answered 503 Service Unavailable');
    }
    this.received.push({
      externalId,
      kind: item.kind,
      vehicleExternalId: item.vehicleExternalId,
      label: item.label,
    });
  }

  failNext(count: number): void {
    this.failuresLeft = count;
  }

  list(): readonly SimulatorUpload[] {
    return this.received;
  }
}
