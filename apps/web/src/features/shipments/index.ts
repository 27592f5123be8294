/**
 * The shipments feature's public entry (issue 35): a resource feature, the home of the shipment
 * and shipment-unit endpoints, their query keys and the unit scan's matching. The workspace's
 * assignment list and the campaign screens import it from here only.
 */
export { useShipmentUnits } from './api/get-shipment-units.ts';
export { useShipments } from './api/get-shipments.ts';
export { useUnitIndex } from './api/get-unit-index.ts';
export { useImportShipment, type ShipmentImport } from './api/import-shipment.ts';
export { shipmentsAfterDeviceChange } from './api/shipment-urls.ts';
export { useUpdateShipmentUnit } from './api/update-shipment-unit.ts';
export { findScannedCode, unitVehicleOf, type ScanInput, type ScanVerdict } from './utils/scan-code.ts';
