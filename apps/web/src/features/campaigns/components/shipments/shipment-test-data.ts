import type { Shipment, ShipmentPreview } from '@toolkit/contracts/shipments.ts';
export { makeUnit } from '../../../../test/fixtures.ts';

// Test data of the shipment screens, shaped like the server's answers (typed by the contracts).

/** Shipment PO-1187 of agency 3, for campaign 5, imported by Lee Supervisor. */
export function makeShipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 4,
    clientId: 3,
    campaignId: 5,
    reference: 'PO-1187',
    fileName: 'PO-1187.csv',
    fileSha256: 'ab'.repeat(32),
    rows: 3,
    importedBy: { id: 9, name: 'Lee Supervisor' },
    importedAt: '2026-11-20T09:00:00.000Z',
    counts: { in_stock: 2, installed: 1, faulty: 0, returned: 0 },
    ...overrides,
  };
}

/** A preview with nothing in it but what is given. */
export function makePreview(overrides: Partial<ShipmentPreview> = {}): ShipmentPreview {
  return {
    new: 0,
    unchanged: 0,
    errors: [],
    warnings: [],
    errorCount: 0,
    warningCount: 0,
    imported: false,
    alreadyImported: null,
    shipment: null,
    ...overrides,
  };
}
