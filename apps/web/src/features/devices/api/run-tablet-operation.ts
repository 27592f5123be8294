import { useMutation } from '@tanstack/react-query';
import {
  TabletOperationResponseSchema,
  type TabletOperationInput,
  type TabletOperationResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { devicePath } from './get-device.ts';

export async function runTabletOperation(
  deviceId: string,
  input: TabletOperationInput,
): Promise<TabletOperationResponse> {
  const res = await apiRequest('POST', `${devicePath(deviceId)}/tablet-operation`, input);
  return TabletOperationResponseSchema.parse(await res.json());
}

export function useRunTabletOperation(deviceId: string) {
  return useMutation({ mutationFn: (input: TabletOperationInput) => runTabletOperation(deviceId, input) });
}
