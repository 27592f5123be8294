import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  neutral: 'bg-surface-muted text-foreground',
  primary: 'bg-primary-soft text-foreground',
  success: 'border border-success text-success',
  warning: 'border border-warning text-warning',
  destructive: 'border border-destructive text-destructive',
} as const;

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
