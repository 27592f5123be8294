import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_MESSAGES, type AssignmentResult } from '@toolkit/contracts/devices.ts';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';
import { intentHandlers } from '../../../lib/lazy-module.ts';
import { toast } from '../../../lib/toast-store.ts';
import {
  REASSIGN_TITLE,
  reassignQuestion,
  useAssignDevices,
  useAssignmentList,
  type ListProblem,
} from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { AssignmentResults } from './assignment-results.tsx';
import { ChosenDevicesList } from './chosen-devices-list.tsx';
import { DeviceAdders } from './device-adders.tsx';
import { NewDeviceControl } from './new-device-control.tsx';
import { ShipmentOfferSlot, WaitingCreates } from './unit-scan-parts.tsx';
import { TypedDeviceForm, TypedDeviceSchema, type TypedDevice } from './typed-device-form.tsx';
import { useCodeScan, type CreateOffer } from '../hooks/use-code-scan.ts';

/** A device that did not join the list is said in a toast too (§8). */
const warn = (problem: ListProblem) =>
  toast({ title: problem.title, description: problem.message, variant: 'destructive' });

/** The assignment list of the chosen vehicle and its Assign action (§4 installer flow, §8). */
export function AssignmentPanel({
  clientId,
  vehicle,
}: {
  clientId: number;
  /** A vehicle made without signal has its local id: the outbox holds what is assigned (decision 043). */
  vehicle: VehicleListItem;
}) {
  const chosen = useAssignmentList(clientId);
  const assign = useAssignDevices();
  const typedForm = useForm<TypedDevice>({
    resolver: zodResolver(TypedDeviceSchema),
    defaultValues: { deviceId: '' },
  });
  const [results, setResults] = useState<AssignmentResult[]>([]);
  const [confirming, setConfirming] = useState(false);
  // The id typed or scanned that the agency does not have: Create Device offers to add it here.
  const [unknownId, setUnknownId] = useState('');
  // A shipment unit the code named that is not a device yet: offered for creation on this bus.
  const [offer, setOffer] = useState<CreateOffer | null>(null);
  const clearOffer = useCallback(() => setOffer(null), []);
  const scanCode = useCodeScan(clientId, chosen);
  // §4: a device on another vehicle is moved only once the installer says so, the bus named.
  const moves = chosen.movesTo(vehicle.id);

  const onTyped = typedForm.handleSubmit(async ({ deviceId }) => {
    const { problem, offer: unit, unknown } = await scanCode(deviceId);
    setUnknownId(unknown ? deviceId.trim() : '');
    setOffer(unit);
    if (problem === null) {
      typedForm.reset();
      return;
    }
    warn(problem);
    typedForm.setError('deviceId', { message: problem.message });
  });

  const onAssign = () => {
    if (chosen.list.length === 0) {
      toast({
        title: 'Assignment Failed',
        description: DEVICE_MESSAGES.nothingToAssign,
        variant: 'destructive',
      });
      return;
    }
    if (moves.length > 0) setConfirming(true);
    else submit();
  };

  const submit = () => {
    void assign.assign(chosen.assignmentTo(vehicle.id), {
      successTitle: 'Devices Assigned',
      vehicleLabel: vehicle.vehicleId,
      onQueued: () => {
        setConfirming(false);
        chosen.clear();
      },
      onAssigned: (done) => {
        setConfirming(false);
        setResults(done);
        chosen.clear();
      },
      onFailed: (answered) => {
        setConfirming(false);
        if (!answered) return;
        setResults(answered);
        // The devices that went on leave the list; the failed ones stay for another try.
        for (const r of answered) if (r.localAssigned) chosen.remove(r.deviceId);
      },
    });
  };

  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <CardTitle>Assignment list</CardTitle>
      <DeviceAdders
        clientId={clientId}
        listed={chosen.list}
        onPick={(device) => {
          const problem = chosen.add(device);
          if (problem) warn(problem);
          return problem === null;
        }}
        onScanned={(text) => {
          // A scanned label goes through the same form as a typed id (validated, looked up); a
          // label of several lines is one line of its codes.
          typedForm.setValue('deviceId', text.replace(/\s+/g, ' ').trim());
          void onTyped();
        }}
      />
      <TypedDeviceForm
        form={typedForm}
        looking={typedForm.formState.isSubmitting}
        onSubmit={(e) => void onTyped(e)}
      />
      {offer && <ShipmentOfferSlot clientId={clientId} vehicle={vehicle} offer={offer} onDone={clearOffer} />}
      <WaitingCreates vehicleId={vehicle.id} />
      <NewDeviceControl
        clientId={clientId}
        vehicle={vehicle}
        unknownId={unknownId}
        onCreated={() => {
          setUnknownId('');
          typedForm.reset();
        }}
      />
      <ChosenDevicesList list={chosen.list} onRemove={chosen.remove} />
      <Button
        size="lg"
        disabled={assign.isPending}
        {...intentHandlers(ConfirmDialog.preload)}
        onClick={onAssign}
      >
        {assign.isPending ? 'Assigning...' : `Assign ${String(chosen.list.length)} to ${vehicle.vehicleId}`}
      </Button>
      <AssignmentResults results={results} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={REASSIGN_TITLE}
        description={reassignQuestion(moves, vehicle.vehicleId)}
        confirmLabel={assign.isPending ? 'Reassigning...' : 'Reassign'}
        pending={assign.isPending}
        onConfirm={submit}
      />
    </Card>
  );
}
