import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_MESSAGES, DeviceIdParamSchema } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { PlayCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { scrollBehavior } from '../../../lib/motion.ts';
import { useAssignDevices } from '../api/assign-devices.ts';
import { useAssignmentList } from '../hooks/use-assignment-list.ts';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';
import { REASSIGN_TITLE, reassignQuestion } from '../utils/reassign.ts';
import { StatusBadge } from './status-badge.tsx';
import { VehicleChooser } from './vehicle-chooser-slot.tsx';

/** The manual lookup's one field, checked with the contract's device ID schema (§5). */
type DeviceLookupValues = z.input<typeof DeviceIdParamSchema>;
type DeviceLookupOutput = z.output<typeof DeviceIdParamSchema>;

/**
 * Quick device assignment on the Fleet Overview (§2): search a vehicle ID, then look up a device
 * ID (§7 manual lookup), then Assign Device. A device already on another vehicle is moved only
 * after a confirmation naming both vehicles.
 */
export function QuickAssign({ clientId }: { clientId: number }) {
  const id = useId();
  const [searching, setSearching] = useState(false);
  const assign = useAssignDevices();
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const form = useForm<DeviceLookupValues, unknown, DeviceLookupOutput>({
    resolver: zodResolver(DeviceIdParamSchema),
    defaultValues: { deviceId: '' },
  });
  // The device found, held as a list of one: a new lookup replaces it.
  const chosen = useAssignmentList(clientId, { single: true });
  const [lookupFailure, setLookupFailure] = useState<string | null>(null);
  const failure = lookupFailure ?? form.formState.errors.deviceId?.message;
  const [confirming, setConfirming] = useState(false);
  const device = chosen.list[0] ?? null;
  const foundRef = useRef<HTMLDivElement>(null);
  // The found device and the Assign button come into view above the bottom navigation (at once
  // under reduced motion).
  useEffect(() => {
    if (device) foundRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [device]);

  const findDevice = async ({ deviceId: wanted }: DeviceLookupOutput) => {
    chosen.clear();
    setLookupFailure(null);
    const problem = await chosen.addById(wanted);
    setLookupFailure(problem?.message ?? null);
  };
  /** Typing another id forgets the device found and the failure. */
  const forgetLookup = () => {
    if (device) chosen.clear();
    if (lookupFailure !== null) setLookupFailure(null);
  };

  const done = () => {
    setConfirming(false);
    form.reset();
    chosen.clear();
    setLookupFailure(null);
  };
  const submit = (target: Vehicle) =>
    void assign.assign(chosen.assignmentTo(target.id), {
      vehicleLabel: target.vehicleId,
      onAssigned: done,
      onQueued: done,
      onFailed: () => setConfirming(false),
    });

  const onAssign = () => {
    if (!vehicle || !device) {
      toast({
        title: 'Assignment Failed',
        description: DEVICE_MESSAGES.nothingToAssign,
        variant: 'destructive',
      });
      return;
    }
    if (device.vehicleId === vehicle.id) {
      toast({
        title: 'Already Assigned',
        description: `${device.deviceId} is already on vehicle ${vehicle.vehicleId}.`,
      });
      return;
    }
    if (chosen.movesTo(vehicle.id).length > 0) setConfirming(true);
    else submit(vehicle);
  };

  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Quick Device Assignment</CardTitle>
        <p className="text-muted-foreground">
          Search a vehicle ID, then a device ID, then press Assign Device.
        </p>
      </div>

      <section aria-label="1. Vehicle" className="grid gap-2" onFocus={() => setSearching(true)}>
        {!searching ? (
          <Button variant="outline" className="justify-start" onClick={() => setSearching(true)}>
            <Search aria-hidden className="size-5" />
            {vehicle ? `Vehicle ${vehicle.vehicleId}` : 'Search a vehicle ID'}
          </Button>
        ) : (
          <VehicleChooser
            clientId={clientId}
            enabled={searching}
            excludeId={null}
            selectedId={vehicle?.id ?? null}
            onSelect={setVehicle}
            autoFocus
          />
        )}
        {vehicle && (
          <Link to={paths.startInstallation(vehicle.id)} className={buttonClasses('outline', 'md')}>
            <PlayCircle aria-hidden className="size-5" /> Start installation on {vehicle.vehicleId}
          </Link>
        )}
      </section>

      <form
        aria-label="2. Device"
        noValidate
        className="grid gap-2"
        onSubmit={(e) => void form.handleSubmit(findDevice)(e)}
      >
        <Label htmlFor={`${id}-device`}>Device ID</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-device`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. the label on the unit"
            {...form.register('deviceId', {
              onChange: forgetLookup,
            })}
            aria-invalid={failure !== undefined}
            aria-describedby={`${id}-device-result`}
          />
          <Button type="submit" variant="outline" disabled={chosen.looking}>
            {chosen.looking ? 'Finding...' : 'Find'}
          </Button>
        </div>
        <div id={`${id}-device-result`} aria-live="polite">
          {failure !== undefined && (
            <p role="alert" className="font-semibold text-destructive">
              {failure}
            </p>
          )}
          {device && (
            <div
              ref={foundRef}
              className="flex scroll-mb-32 flex-wrap items-center gap-2 rounded-lg bg-surface-muted p-3"
            >
              <span className="font-semibold">{device.deviceId}</span>
              <span>{device.type}</span>
              <StatusBadge device={device} />
              <span className="text-muted-foreground">
                {device.vehicleLabel ? `On vehicle ${device.vehicleLabel}` : 'Unassigned'}
              </span>
            </div>
          )}
        </div>
      </form>

      <div className="grid gap-1">
        <Button
          size="lg"
          disabled={assign.isPending || !vehicle || !device}
          aria-describedby={!vehicle || !device ? `${id}-assign-hint` : undefined}
          onClick={onAssign}
        >
          {assign.isPending ? 'Assigning...' : 'Assign Device'}
        </Button>
        {(!vehicle || !device) && (
          <p id={`${id}-assign-hint`} className="text-sm text-muted-foreground">
            {!vehicle ? 'Choose a vehicle' : 'Find a device'} first.
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={REASSIGN_TITLE}
        description={reassignQuestion(vehicle ? chosen.movesTo(vehicle.id) : [], vehicle?.vehicleId ?? '')}
        confirmLabel={assign.isPending ? 'Reassigning...' : 'Reassign'}
        pending={assign.isPending}
        onConfirm={() => vehicle && submit(vehicle)}
      />
    </Card>
  );
}
