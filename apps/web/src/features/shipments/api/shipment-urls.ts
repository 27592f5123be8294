import type { DeviceChange } from '../../../lib/device-change.ts';

/**
 * The shipment paths of the design's API table (issue 35), each spelled here once, and the query
 * keys of every shipment read, free of schemas: the app's refresh map reads them at start.
 */
export const SHIPMENTS_URL = '/api/shipments';
export const SHIPMENT_UNITS_URL = '/api/shipment-units';

export const shipmentUrl = (shipmentId: number) => `${SHIPMENTS_URL}/${String(shipmentId)}`;
export const shipmentUnitUrl = (unitId: number) => `${SHIPMENT_UNITS_URL}/${String(unitId)}`;

/** Every shipment list and every shipment's units: what an import or a status change refreshes. */
export const SHIPMENTS_KEY = [SHIPMENTS_URL] as const;
/** Every unit read by code or index: what an import, a status change or a new device refreshes. */
export const SHIPMENT_UNITS_KEY = [SHIPMENT_UNITS_URL] as const;

export const shipmentsQueryKey = (clientId: number) => [SHIPMENTS_URL, 'client', clientId] as const;
export const shipmentUnitsQueryKey = (shipmentId: number, status: string | null) =>
  [SHIPMENTS_URL, shipmentId, 'units', status ?? 'all'] as const;
export const unitIndexQueryKey = (clientId: number) => [SHIPMENT_UNITS_URL, 'index', clientId] as const;

/**
 * What a device change makes stale here: a unit becomes installed when its device is put on a
 * bus, so the agency's unit index and the shipments' units and counts follow every device change.
 */
export const shipmentsAfterDeviceChange = ({ clientId }: DeviceChange) => [
  unitIndexQueryKey(clientId),
  SHIPMENTS_KEY,
];
