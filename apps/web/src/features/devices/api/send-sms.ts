import { useMutation } from '@tanstack/react-query';
import {
  SmsCommandResponseSchema,
  type SmsCommand,
  type SmsCommandResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { devicePath } from './get-device.ts';

export async function sendSms(deviceId: string, command: SmsCommand): Promise<SmsCommandResponse> {
  const res = await apiRequest('POST', `${devicePath(deviceId)}/sms`, { command });
  return SmsCommandResponseSchema.parse(await res.json());
}

export function useSendSms(deviceId: string) {
  return useMutation({ mutationFn: (command: SmsCommand) => sendSms(deviceId, command) });
}
