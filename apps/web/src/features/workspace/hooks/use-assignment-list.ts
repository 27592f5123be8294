import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type Device } from '@toolkit/contracts/devices.ts';
import { useState } from 'react';
import { toast } from '../../../lib/toast-store.ts';
import { findAgencyDevice } from '../../devices/index.ts';
import { addToList, isListed } from '../utils/assignment-list.ts';

/** The outcome of adding, for the field that asked: null when the device joined the list. */
type AddProblem = string | null;

/**
 * The assignment list of the workspace (§4 installer flow, §5): devices join once, from the
 * agency's list, by a typed id (manual lookup) or a scanned label.
 */
export function useAssignmentList(clientId: number) {
  const queryClient = useQueryClient();
  const [list, setList] = useState<Device[]>([]);

  const add = (device: Device): AddProblem => {
    const outcome = addToList(list, device);
    if (outcome.ok) {
      setList(outcome.list);
      return null;
    }
    toast({ title: outcome.title, description: outcome.message, variant: 'destructive' });
    return outcome.message;
  };

  /** Manual lookup (§7 GET /api/devices/{deviceId}); another agency's device is not found. */
  const addById = async (typed: string): Promise<AddProblem> => {
    const wanted = typed.trim();
    if (!wanted) return DEVICE_MESSAGES.deviceIdRequired;
    if (isListed(list, wanted)) {
      const message = DEVICE_MESSAGES.inList(wanted);
      toast({ title: DEVICE_MESSAGES.alreadyAdded, description: message, variant: 'destructive' });
      return message;
    }
    const found = await findAgencyDevice(queryClient, wanted, clientId);
    if ('device' in found) return add(found.device);
    toast({ title: DEVICE_MESSAGES.notFound, description: found.message, variant: 'destructive' });
    return found.message;
  };

  const remove = (deviceId: string) => setList((current) => current.filter((d) => d.deviceId !== deviceId));
  const clear = () => setList([]);

  return { list, add, addById, remove, clear };
}
