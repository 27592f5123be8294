import { isCalAmpSystem, type CreateDeviceInput, type DeviceType } from '@toolkit/contracts/devices.ts';

interface CreateDeviceFields {
  /** Serial number is required for Router, APC and Other; optional otherwise. */
  serialRequired: boolean;
  /** ESN and phone only when the chosen system name contains calamp. */
  esnAndPhone: boolean;
  simCard: boolean;
  imei: boolean;
  /** Height to floor, height to street and Has Stairs: APC only. */
  apc: boolean;
}

/** Which fields the Create Device form shows for a type and chosen system (§5). */
export function createDeviceFields(
  type: DeviceType,
  systemName: string | null | undefined,
): CreateDeviceFields {
  return {
    serialRequired: type === 'Router' || type === 'APC' || type === 'Other',
    esnAndPhone: isCalAmpSystem(systemName),
    simCard: type === 'GPS' || type === 'Router',
    imei: type === 'Tablet' || type === 'Router',
    apc: type === 'APC',
  };
}

/** Drops the values of hidden fields, so that nothing the installer cannot see is validated or sent. */
export function visibleValues(values: CreateDeviceInput): CreateDeviceInput {
  const fields = createDeviceFields(values.type, values.deviceSystem);
  return {
    ...values,
    serialNumberESN: fields.esnAndPhone ? values.serialNumberESN : null,
    phoneNumber: fields.esnAndPhone ? values.phoneNumber : null,
    simCardId: fields.simCard ? values.simCardId : null,
    imei: fields.imei ? values.imei : null,
    heightToFloor: fields.apc ? values.heightToFloor : null,
    heightToStreet: fields.apc ? values.heightToStreet : null,
    hasStairs: fields.apc ? values.hasStairs : false,
  };
}
