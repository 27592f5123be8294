import { checkVin, normalizeVin } from '@toolkit/contracts/vin.ts';
import { CloudOff, ScanLine, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { DECODED_OFFLINE, type DecodeOutcome } from '../utils/vin-decode.ts';

type VinFieldProps = {
  id: string;
  value: string;
  onChange: (vin: string) => void;
  submitError: string | undefined;
  decoding: boolean;
  decodeOutcome: DecodeOutcome | null;
  onDecode: () => void;
  onScan: () => void;
};

const TONES = { success: 'text-success', warning: 'text-warning', error: 'text-destructive' } as const;

/** VIN entry: upper-cased as typed, checked in real time (§5), with Decode and Scan. */
export function VinField({
  id,
  value,
  onChange,
  submitError,
  decoding,
  decodeOutcome,
  onDecode,
  onScan,
}: VinFieldProps) {
  const check = checkVin(value);
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>VIN</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(normalizeVin(e.target.value))}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        className="font-mono tracking-wider uppercase"
        aria-invalid={check.state === 'error' || submitError !== undefined}
        aria-describedby={[statusId, submitError ? errorId : ''].filter(Boolean).join(' ')}
      />
      <div id={statusId} aria-live="polite" className="min-h-6">
        {check.state === 'error' && <p className="font-medium text-destructive">{check.message}</p>}
        {check.state === 'valid' && <p className="font-medium text-success">{check.message}</p>}
        {check.state === 'valid' && check.warning && (
          <p className="font-medium text-warning">{check.warning}</p>
        )}
      </div>
      <FieldError id={errorId} message={submitError} />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={onDecode} disabled={decoding || value === ''}>
          <Search aria-hidden className="size-5" /> {decoding ? 'Decoding...' : 'Decode'}
        </Button>
        <Button variant="outline" onClick={onScan}>
          <ScanLine aria-hidden className="size-5" /> Scan VIN
        </Button>
      </div>
      {decodeOutcome && (
        <div role="status" className="grid gap-1 rounded-lg bg-surface-muted p-3">
          <p className={cn('font-medium', TONES[decodeOutcome.tone])}>{decodeOutcome.message}</p>
          {decodeOutcome.offline && (
            <p className="flex items-start gap-2 text-sm">
              <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {DECODED_OFFLINE}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
