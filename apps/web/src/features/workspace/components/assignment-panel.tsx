import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEVICE_MESSAGES,
  UnassignDeviceInputSchema,
  type AssignmentResult,
  type DeviceType,
} from '@toolkit/contracts/devices.ts';
import { List, Plus, ScanLine, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import {
  CreateDeviceDialog,
  REASSIGN_TITLE,
  reassignQuestion,
  useAssignDevices,
} from '../../devices/index.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { intentHandlers, lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { useAssignmentList } from '../hooks/use-assignment-list.ts';
import type { Adder } from './adder-dialog.tsx';

const adderDialog = lazyModule(() => import('./adder-dialog.tsx'));

/** The typed device id: the contract's field (required, one line). */
const TypedDeviceSchema = UnassignDeviceInputSchema.pick({ deviceId: true });
type TypedDevice = { deviceId: string };

/** The types a new device can have here: Create Device is not offered for type Other (§5). */
const NEW_DEVICE_TYPES = ['GPS', 'Tablet', 'Router', 'APC'] as const satisfies readonly DeviceType[];

function resultText(r: AssignmentResult): string {
  if (!r.localAssigned) return r.error ?? 'Not assigned';
  if (r.navigatorAssigned) return 'Assigned in the external system';
  return r.error ? `Assigned locally: ${r.error}` : 'Assigned locally';
}

/** The assignment list of the chosen vehicle and its Assign action (§4 installer flow, §8). */
export function AssignmentPanel({
  clientId,
  vehicle,
}: {
  clientId: number;
  /** A vehicle made without signal has its local id: the outbox holds what is assigned (decision 043). */
  vehicle: VehicleListItem;
}) {
  const id = useId();
  const { list, add, addById, remove, clear } = useAssignmentList(clientId);
  const assign = useAssignDevices();
  const typedForm = useForm<TypedDevice>({
    resolver: zodResolver(TypedDeviceSchema),
    defaultValues: { deviceId: '' },
  });
  const typedError = typedForm.formState.errors.deviceId?.message;
  const looking = typedForm.formState.isSubmitting;
  const [adder, setAdder] = useState<Adder>(null);
  const [adderModule, preloadAdder] = useLazyModule(adderDialog);
  const openAdder = (which: Adder) => {
    preloadAdder();
    setAdder(which);
  };
  const [results, setResults] = useState<AssignmentResult[]>([]);
  const [confirming, setConfirming] = useState(false);
  // A device not in the agency yet is created here, on this vehicle (§2 Create Device), its
  // serial number prefilled with the id the installer typed or scanned and nobody knew.
  const [creating, setCreating] = useState(false);
  const [newType, setNewType] = useState<DeviceType>('GPS');
  const [unknownId, setUnknownId] = useState('');
  // §4: a device on another vehicle is moved only once the installer says so, the bus named.
  const moves = list
    .filter((d) => d.vehicleId !== null && d.vehicleId !== vehicle.id)
    .map((d) => ({ deviceId: d.deviceId, from: d.vehicleLabel ?? String(d.vehicleId) }));

  const onTyped = typedForm.handleSubmit(async ({ deviceId }) => {
    const problem = await addById(deviceId);
    setUnknownId(problem === DEVICE_MESSAGES.notFound ? deviceId.trim() : '');
    if (problem === null) typedForm.reset();
    else typedForm.setError('deviceId', { message: problem });
  });

  const onAssign = () => {
    if (list.length === 0) {
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
    void assign.assign(
      {
        deviceIds: list.map((d) => d.deviceId),
        vehicleId: vehicle.id,
        clientId,
        expected: list.map((d) => ({ deviceId: d.deviceId, vehicleId: d.vehicleId })),
      },
      {
        successTitle: 'Devices Assigned',
        vehicleLabel: vehicle.vehicleId,
        onQueued: () => {
          setConfirming(false);
          clear();
        },
        onAssigned: (done) => {
          setConfirming(false);
          setResults(done);
          clear();
        },
        onFailed: (answered) => {
          setConfirming(false);
          if (!answered) return;
          setResults(answered);
          // The devices that went on leave the list; the failed ones stay for another try.
          for (const r of answered) if (r.localAssigned) remove(r.deviceId);
        },
      },
    );
  };

  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <CardTitle>Assignment list</CardTitle>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" {...intentHandlers(preloadAdder)} onClick={() => openAdder('list')}>
          <List aria-hidden className="size-5" /> Add from list
        </Button>
        <Button variant="secondary" {...intentHandlers(preloadAdder)} onClick={() => openAdder('scan')}>
          <ScanLine aria-hidden className="size-5" /> Scan label
        </Button>
      </div>
      <form noValidate className="grid grid-cols-[minmax(0,1fr)] gap-1" onSubmit={(e) => void onTyped(e)}>
        <Label htmlFor={`${id}-device`}>Device ID</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-device`}
            {...typedForm.register('deviceId', {
              onChange: () => typedForm.clearErrors('deviceId'),
            })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={typedError !== undefined}
            aria-describedby={typedError ? `${id}-device-error` : undefined}
          />
          <Button type="submit" variant="outline" disabled={looking}>
            {looking ? 'Finding...' : 'Add'}
          </Button>
        </div>
        <FieldError id={`${id}-device-error`} message={typedError} />
      </form>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
        <Label htmlFor={`${id}-new-type`}>New device type</Label>
        <div className="flex gap-2">
          <select
            id={`${id}-new-type`}
            className={fieldClasses}
            value={newType}
            onChange={(e) => setNewType(NEW_DEVICE_TYPES.find((t) => t === e.target.value) ?? 'GPS')}
          >
            {NEW_DEVICE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            className="shrink-0"
            {...intentHandlers(CreateDeviceDialog.preload)}
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden className="size-5" /> Create Device
          </Button>
        </div>
        {unknownId && (
          <p className="text-muted-foreground">
            {unknownId} is not in this agency yet: Create Device adds it to {vehicle.vehicleId}.
          </p>
        )}
      </div>

      {list.length === 0 ? (
        <p className="text-muted-foreground">No devices in the list yet.</p>
      ) : (
        <ul aria-label="Devices to assign" className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {list.map((d) => (
            <li
              key={d.deviceId}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg bg-surface-muted py-1 pr-1 pl-3"
            >
              <span className="min-w-0 break-all">
                <span className="font-semibold">{d.deviceId}</span>{' '}
                <span className="text-muted-foreground">
                  {d.type}
                  {d.vehicleLabel ? ` · on ${d.vehicleLabel}` : ''}
                </span>
              </span>
              <IconButton
                label={`Remove ${d.deviceId}`}
                tooltip="Remove from the list"
                onClick={() => remove(d.deviceId)}
              >
                <Trash2 aria-hidden className="size-5" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <Button
        size="lg"
        disabled={assign.isPending}
        {...intentHandlers(ConfirmDialog.preload)}
        onClick={onAssign}
      >
        {assign.isPending ? 'Assigning...' : `Assign ${String(list.length)} to ${vehicle.vehicleId}`}
      </Button>
      {results.length > 0 && (
        <section aria-label="Assignment results" className="grid grid-cols-[minmax(0,1fr)] gap-1">
          <h3 className="font-semibold">Last assignment</h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
            {results.map((r) => (
              <li key={r.deviceId} className={r.localAssigned ? '' : 'font-semibold text-destructive'}>
                {r.deviceId}: {resultText(r)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={REASSIGN_TITLE}
        description={reassignQuestion(moves, vehicle.vehicleId)}
        confirmLabel={assign.isPending ? 'Reassigning...' : 'Reassign'}
        pending={assign.isPending}
        onConfirm={submit}
      />
      <CreateDeviceDialog
        clientId={clientId}
        type={newType}
        vehicleId={vehicle.id}
        serialNumber={unknownId}
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => {
          setUnknownId('');
          typedForm.reset();
        }}
      />
      {adderModule && (
        <adderModule.AdderDialog
          adder={adder}
          clientId={clientId}
          listed={list}
          onClose={() => setAdder(null)}
          onPick={(device) => {
            if (add(device) === null) setAdder(null);
          }}
          onScanned={(text) => {
            setAdder(null);
            // A scanned label goes through the same form as a typed id (validated, looked up).
            typedForm.setValue('deviceId', text);
            void onTyped();
          }}
        />
      )}
    </Card>
  );
}
