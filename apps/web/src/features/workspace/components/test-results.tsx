import {
  CONFIG_TEST_NAMES,
  type ConfigTest,
  type ConfigTestName,
  type TestResult,
} from '@toolkit/contracts/config-tests.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** The five tests (§3 config_tests), named and explained as the server computes them. */
const TEST_INFO: Readonly<Record<ConfigTestName, { label: string; checks: string }>> = {
  gpsTest: { label: 'GPS', checks: 'A GPS unit reports a recent 3D fix with at least 4 satellites.' },
  connectivityTest: {
    label: 'Connectivity',
    checks: 'A router (or the GPS modem) is connected with a usable signal.',
  },
  headsignTest: {
    label: 'Head-sign',
    checks: 'The head-sign controller reports no error and shows a destination.',
  },
  clockSyncTest: {
    label: 'Clock sync',
    checks: "Every reporting unit's clock is within 1 s of the server's time.",
  },
  audioTest: { label: 'Audio', checks: 'The announcement audio equipment reports and is not muted.' },
};

const RESULT_VIEW: Readonly<
  Record<TestResult, { label: string; tone: 'success' | 'warning' | 'destructive' | 'neutral' }>
> = {
  pass: { label: 'Pass', tone: 'success' },
  warning: { label: 'Warning', tone: 'warning' },
  fail: { label: 'Fail', tone: 'destructive' },
  pending: { label: 'Pending', tone: 'neutral' },
};

/** The results of one test: each with its colour, what it checks and why it did not pass. */
export function TestResults({ test }: { test: ConfigTest }) {
  return (
    <ul aria-label="Test results" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {CONFIG_TEST_NAMES.map((name) => {
        const result = test[name];
        const detail = test.results[name].detail;
        const view = RESULT_VIEW[result];
        return (
          <li
            key={name}
            className="grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg bg-surface-muted px-3 py-2"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{TEST_INFO[name].label}</span>
              <Badge tone={view.tone}>{view.label}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{TEST_INFO[name].checks}</p>
            {detail && <p className={result === 'pass' ? 'text-sm' : 'text-sm font-semibold'}>{detail}</p>}
          </li>
        );
      })}
    </ul>
  );
}
