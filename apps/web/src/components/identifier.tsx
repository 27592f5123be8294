import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';
import { groupIdentifier, type IdentifierKind } from '../lib/identifier.ts';
import { Tooltip } from './ui/tooltip.tsx';

/**
 * A VIN, IMEI, SIM or ESN in monospace, in small groups, never broken across lines; copying it
 * (by selection or with the copy button) gives the identifier without the gaps.
 */
export function Identifier({
  value,
  kind,
  label,
  className,
}: {
  value: string;
  kind: IdentifierKind;
  /** What it is, for the copy button's name: 'VIN', 'IMEI'... */
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const canCopy = 'clipboard' in navigator;
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <span className={cn('inline-flex max-w-full items-center gap-1', className)}>
      <span className="overflow-x-auto font-mono whitespace-nowrap" data-identifier={value}>
        {groupIdentifier(value, kind).map((group, i) => (
          <span key={i} className={i > 0 ? 'ml-[0.4em]' : undefined}>
            {group}
          </span>
        ))}
      </span>
      {canCopy && (
        <Tooltip content={copied ? 'Copied' : `Copy ${label}`}>
          <button
            type="button"
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label}`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-muted"
          >
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          </button>
        </Tooltip>
      )}
    </span>
  );
}
