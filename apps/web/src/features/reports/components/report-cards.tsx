import { zodResolver } from '@hookform/resolvers/zod';
import { singleLine } from '@toolkit/contracts/primitives.ts';
import {
  DailyActivityReportInputSchema,
  DeviceStatusReportInputSchema,
  type GeneratedReport,
  type ReportFormat,
} from '@toolkit/contracts/reports.ts';
import { FileText } from 'lucide-react';
import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useVehicleChoices } from '../../vehicles/index.ts';
import { downloadReport } from '../api/download-report.ts';
import { useGenerateReport, type ReportRequest } from '../api/generate-report.ts';
import { downloadFailedToast } from './report-history.tsx';

function useGenerate(clientId: number) {
  const generate = useGenerateReport(clientId);
  const run = (request: ReportRequest) =>
    generate.mutate(request, {
      onSuccess: (report: GeneratedReport) => {
        toast({ title: 'Report Ready', description: `${report.title} is downloading.` });
        downloadReport(report).catch(() => toast(downloadFailedToast));
      },
      onError: () =>
        toast({
          title: 'Report Failed',
          description: 'The report could not be made. Please try again.',
          variant: 'destructive',
        }),
    });
  return { run, pending: generate.isPending };
}

function ReportCard(props: {
  title: string;
  description: string;
  pending: boolean;
  /** The form's submit handler (react-hook-form's handleSubmit). */
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  children?: ReactNode;
}) {
  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => void props.onSubmit(event)}
        aria-label={props.title}
        className="grid gap-3"
      >
        <CardTitle className="flex items-center gap-2">
          <FileText aria-hidden className="size-5" /> {props.title}
        </CardTitle>
        <p className="text-muted-foreground">{props.description}</p>
        {props.children}
        <Button type="submit" disabled={props.pending} aria-busy={props.pending}>
          {props.pending ? 'Generating...' : 'Generate'}
        </Button>
      </form>
    </Card>
  );
}

/** The vehicle is named by its label; the schema finds it among the agency's vehicles. */
function installationSchema(vehicles: readonly { id: number; vehicleId: string }[] | undefined) {
  return z
    .object({ vehicle: singleLine().min(1, 'Please enter a vehicle ID').max(100) })
    .transform((v, ctx) => {
      const found = vehicles?.find((x) => x.vehicleId.toLowerCase() === v.vehicle.toLowerCase());
      if (found) return { vehicleId: found.id };
      ctx.addIssue({ code: 'custom', path: ['vehicle'], message: `Vehicle ${v.vehicle} not found` });
      return z.NEVER;
    });
}

export function InstallationReportCard({ clientId }: { clientId: number }) {
  const id = useId();
  const vehicles = useVehicleChoices(clientId);
  const form = useForm<{ vehicle: string }, unknown, { vehicleId: number }>({
    resolver: zodResolver(installationSchema(vehicles.data)),
    defaultValues: { vehicle: '' },
  });
  const error = form.formState.errors.vehicle?.message;
  const { run, pending } = useGenerate(clientId);
  return (
    <ReportCard
      title="Installation Report"
      description="One vehicle: devices, latest configuration test, photos and notes (PDF)."
      pending={pending}
      onSubmit={form.handleSubmit(({ vehicleId }) => run({ kind: 'installation', vehicleId }))}
    >
      <div>
        <Label htmlFor={`${id}-vehicle`}>Vehicle ID</Label>
        <Input
          id={`${id}-vehicle`}
          {...form.register('vehicle')}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1"
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </ReportCard>
  );
}

const DeviceStatusFormSchema = DeviceStatusReportInputSchema.pick({ format: true });

export function DeviceStatusReportCard({ clientId }: { clientId: number }) {
  const form = useForm<{ format: ReportFormat }>({
    resolver: zodResolver(DeviceStatusFormSchema),
    defaultValues: { format: 'csv' },
  });
  const { run, pending } = useGenerate(clientId);
  return (
    <ReportCard
      title="Device Status Report"
      description="Every device of the agency with type, vehicle, status and last seen, and counts."
      pending={pending}
      onSubmit={form.handleSubmit(({ format }) => run({ kind: 'device-status', clientId, format }))}
    >
      <Controller
        control={form.control}
        name="format"
        render={({ field }) => (
          <div role="group" aria-label="Format" className="grid grid-cols-2 gap-2">
            {(['csv', 'pdf'] as const).map((f) => (
              <Button
                key={f}
                variant={field.value === f ? 'primary' : 'outline'}
                aria-pressed={field.value === f}
                onClick={() => field.onChange(f)}
              >
                {f.toUpperCase()}
              </Button>
            ))}
          </div>
        )}
      />
    </ReportCard>
  );
}

const DailyActivityFormSchema = DailyActivityReportInputSchema.pick({ date: true });

export function DailyActivityReportCard({ clientId }: { clientId: number }) {
  const id = useId();
  const form = useForm<{ date: string }>({
    resolver: zodResolver(DailyActivityFormSchema),
    defaultValues: { date: new Date().toISOString().slice(0, 10) },
  });
  const error = form.formState.errors.date?.message;
  const { run, pending } = useGenerate(clientId);
  return (
    <ReportCard
      title="Daily Activity Report"
      description="Your installation log for one day, grouped by vehicle (PDF)."
      pending={pending}
      onSubmit={form.handleSubmit(({ date }) => run({ kind: 'daily-activity', clientId, date }))}
    >
      <div>
        <Label htmlFor={`${id}-date`}>Day</Label>
        <Input
          id={`${id}-date`}
          type="date"
          {...form.register('date')}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-date-error` : undefined}
          className="mt-1"
        />
        <FieldError id={`${id}-date-error`} message={error} />
      </div>
    </ReportCard>
  );
}
