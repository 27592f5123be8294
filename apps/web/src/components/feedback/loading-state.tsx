import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';

type LoadingStateProps = {
  /** What is loading, for screen readers ('Loading devices'). */
  label: string;
  /** How many placeholder rows, and their height class (the shape of what will come). */
  rows?: number;
  rowClassName?: string;
  className?: string;
};

/** The one loading state: a status region of skeleton rows shaped like the content to come. */
export function LoadingState({ label, rows = 3, rowClassName = 'h-24', className }: LoadingStateProps) {
  return (
    <div role="status" aria-label={label} className={cn('grid gap-3', className)}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
