import { zodResolver } from '@hookform/resolvers/zod';
import { CONFIG_TEST_MESSAGES, ExportEmailInputSchema } from '@toolkit/contracts/config-tests.ts';
import { FileDown, Mail, PlayCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import type { VehicleListItem } from '../../vehicles/index.ts';
import { useExportEmail } from '../api/export-email.ts';
import { useExportPdf } from '../api/export-pdf.ts';
import { useConfigTests } from '../api/get-config-tests.ts';
import { useRunConfigTest } from '../api/run-config-test.ts';
import { logTime } from '../utils/log-groups.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { TestResults } from './test-results.tsx';
import { WaitingForVehicle } from './waiting-for-vehicle.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

const EmailSchema = ExportEmailInputSchema.pick({ email: true });
type EmailValues = { email: string };

const failed = (title: string, error: unknown) =>
  toast({ title, description: errorMessage(error, title), variant: 'destructive' });

/**
 * Run Test, the latest results, and the report as a PDF or by e-mail (§7, §8). A vehicle made
 * without signal has no tests on the server yet; a test run on it waits for it (decision 045).
 */
export function ConfigValidator({ vehicle }: { vehicle: VehicleListItem }) {
  const run = useRunConfigTest(vehicle);
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Configuration validator</CardTitle>
        <Button
          disabled={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (result) => {
                if (result.status === 'queued')
                  toast({ title: 'Test requested', description: SAVED_OFFLINE });
              },
              onError: (e) => failed(CONFIG_TEST_MESSAGES.testFailed, e),
            })
          }
        >
          <PlayCircle aria-hidden className="size-5" />
          {run.isPending ? 'Testing...' : 'Run Test'}
        </Button>
      </div>
      {vehicle.pendingSync ? (
        <WaitingForVehicle>
          its test results show once it is there. A test run now is saved on this device and sent after it.
        </WaitingForVehicle>
      ) : (
        <LatestTest vehicleId={vehicle.id} />
      )}
    </Card>
  );
}

function LatestTest({ vehicleId }: { vehicleId: number }) {
  const tests = useConfigTests(vehicleId);
  const testsPhase = queryPhase(tests);
  const latest = tests.data?.[0] ?? null;
  return (
    <>
      <SavedCopyNotice query={tests} what="test" className="mb-0" />
      {testsPhase === 'offline' ? (
        <NothingSavedState variant="inline" noun="last test" query={tests} />
      ) : testsPhase === 'loading' ? (
        <LoadingState label="Loading the last test" rows={1} rowClassName="h-24" />
      ) : latest === null ? (
        <p className="text-muted-foreground">No test yet: all five results are pending.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Test #{latest.id}, run{' '}
            {new Date(latest.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} at{' '}
            {logTime(latest.createdAt)}
          </p>
          <TestResults test={latest} />
          <ReportExport vehicleId={vehicleId} testId={latest.id} />
        </>
      )}
    </>
  );
}

function ReportExport({ vehicleId, testId }: { vehicleId: number; testId: number }) {
  const id = useId();
  const pdf = useExportPdf(vehicleId);
  const email = useExportEmail(vehicleId);
  const [link, setLink] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: zodResolver(EmailSchema), defaultValues: { email: '' } });
  const emailError = form.formState.errors.email?.message;

  const onPdf = () =>
    pdf.mutate(
      { vehicleId, testId },
      {
        onSuccess: (data) => {
          setLink(data.downloadUrl);
          toast({ title: 'Report ready', description: data.message });
        },
        onError: (e) => failed(CONFIG_TEST_MESSAGES.exportFailed, e),
      },
    );

  const onEmail = form.handleSubmit(({ email: address }) =>
    email.mutate(
      { vehicleId, testId, email: address },
      {
        onSuccess: (data) => {
          toast({ title: 'Report sent', description: data.message });
          form.reset();
        },
        onError: (e) => failed(CONFIG_TEST_MESSAGES.emailFailed, e),
      },
    ),
  );

  return (
    <section aria-label="Report" className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t border-border pt-3">
      <Button variant="secondary" disabled={pdf.isPending} onClick={onPdf}>
        <FileDown aria-hidden className="size-5" />
        {pdf.isPending ? 'Exporting...' : 'Export PDF'}
      </Button>
      {link && (
        <a href={link} target="_blank" rel="noopener" className={buttonClasses('outline')}>
          Open PDF report
        </a>
      )}
      <form noValidate className="grid grid-cols-[minmax(0,1fr)] gap-1" onSubmit={(e) => void onEmail(e)}>
        <Label htmlFor={`${id}-email`}>E-mail address</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            aria-invalid={emailError !== undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            {...form.register('email')}
          />
          <Button type="submit" variant="secondary" disabled={email.isPending}>
            <Mail aria-hidden className="size-5" />
            {email.isPending ? 'Sending...' : 'E-mail'}
          </Button>
        </div>
        <FieldError id={`${id}-email-error`} message={emailError} />
      </form>
    </section>
  );
}
