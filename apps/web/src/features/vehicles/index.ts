/**
 * The vehicles feature's public entry: what other features may use. Other features import the
 * vehicles feature only from here (a lint rule holds it); app/ routes compose its screens directly.
 */
export { useVehicleChoices, vehiclesQueryKey } from './api/get-vehicles.ts';
