import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { parseR0Report } from '../utils/r0-report.ts';

/** The plain checks read from an !R0 status report, each marked Pass or Check. */
export function R0Checks({ reply }: { reply: string }) {
  const report = parseR0Report(reply);
  return (
    <div className="grid gap-2">
      <h3 className="text-lg font-bold">Status checks</h3>
      {report.unit && <p className="text-muted-foreground">Unit: {report.unit}</p>}
      <ul aria-label="Status checks" className="grid gap-2">
        {report.checks.map((check) => {
          const pass = check.result === 'pass';
          const Icon = pass ? CircleCheck : CircleAlert;
          return (
            <li
              key={check.id}
              className={cn(
                'flex items-start gap-3 rounded-lg border-2 p-3',
                pass ? 'border-success' : 'border-warning',
              )}
            >
              <Icon
                aria-hidden
                className={cn('mt-0.5 size-6 shrink-0', pass ? 'text-success' : 'text-warning')}
              />
              <span className="min-w-0">
                <span className="block font-semibold">
                  {check.label}:{' '}
                  <span className={pass ? 'text-success' : 'text-warning'}>{pass ? 'Pass' : 'Check'}</span>
                </span>
                <span className="block break-words">{check.detail}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
