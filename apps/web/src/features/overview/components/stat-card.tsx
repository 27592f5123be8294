import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cardClasses } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';

const TONES = {
  neutral: 'text-foreground',
  success: 'text-success',
  warning: 'text-warning',
  destructive: 'text-destructive',
} as const;

type StatCardProps = {
  to: string;
  label: string;
  /** null while the counts load: the card keeps its size, its number not yet there. */
  value: number | null;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  hint?: string;
};

/** A count that opens the list behind it. */
export function StatCard({ to, label, value, icon: Icon, tone = 'neutral', hint }: StatCardProps) {
  const content = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="font-semibold">{label}</span>
        <Icon aria-hidden className={cn('size-6', TONES[tone])} />
      </span>
      {value === null ? (
        <Skeleton className="h-9 w-16" />
      ) : (
        <span className={cn('text-3xl font-bold', TONES[tone])}>{value.toLocaleString('en-US')}</span>
      )}
      {hint !== undefined && <span className="text-sm text-muted-foreground">{hint}</span>}
    </>
  );
  const classes = cn(cardClasses, 'flex min-h-24 flex-col justify-between gap-1');
  if (value === null) return <div className={classes}>{content}</div>;
  return (
    <Link to={to} className={cn(classes, 'transition-colors hover:border-primary')}>
      {content}
    </Link>
  );
}
