import type { GeneratedReport, ReportFormat } from '@toolkit/contracts/reports.ts';
import { FileText } from 'lucide-react';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
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
  onGenerate: () => void;
  children?: ReactNode;
}) {
  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    props.onGenerate();
  };
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-label={props.title} className="grid gap-3">
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

export function InstallationReportCard({ clientId }: { clientId: number }) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const vehicles = useVehicleChoices(clientId);
  const { run, pending } = useGenerate(clientId);
  const onGenerate = () => {
    const wanted = label.trim().toLowerCase();
    if (!wanted) return setError('Please enter a vehicle ID');
    const vehicle = vehicles.data?.find((v) => v.vehicleId.toLowerCase() === wanted);
    if (!vehicle) return setError(`Vehicle ${label.trim()} not found`);
    setError(undefined);
    run({ kind: 'installation', vehicleId: vehicle.id });
  };
  return (
    <ReportCard
      title="Installation Report"
      description="One vehicle: devices, latest configuration test, photos and notes (PDF)."
      pending={pending}
      onGenerate={onGenerate}
    >
      <div>
        <Label htmlFor={`${id}-vehicle`}>Vehicle ID</Label>
        <Input
          id={`${id}-vehicle`}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1"
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </ReportCard>
  );
}

export function DeviceStatusReportCard({ clientId }: { clientId: number }) {
  const [format, setFormat] = useState<ReportFormat>('csv');
  const { run, pending } = useGenerate(clientId);
  return (
    <ReportCard
      title="Device Status Report"
      description="Every device of the agency with type, vehicle, status and last seen, and counts."
      pending={pending}
      onGenerate={() => run({ kind: 'device-status', clientId, format })}
    >
      <div role="group" aria-label="Format" className="grid grid-cols-2 gap-2">
        {(['csv', 'pdf'] as const).map((f) => (
          <Button
            key={f}
            variant={format === f ? 'primary' : 'outline'}
            aria-pressed={format === f}
            onClick={() => setFormat(f)}
          >
            {f.toUpperCase()}
          </Button>
        ))}
      </div>
    </ReportCard>
  );
}

export function DailyActivityReportCard({ clientId }: { clientId: number }) {
  const id = useId();
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const { run, pending } = useGenerate(clientId);
  return (
    <ReportCard
      title="Daily Activity Report"
      description="Your installation log for one day, grouped by vehicle (PDF)."
      pending={pending}
      onGenerate={() => run({ kind: 'daily-activity', clientId, date })}
    >
      <div>
        <Label htmlFor={`${id}-date`}>Day</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="mt-1"
        />
      </div>
    </ReportCard>
  );
}
