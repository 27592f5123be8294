import type { FetchStatus } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { cardClasses } from '../ui/card.tsx';

type NothingSavedStateProps = {
  /** What would be shown ('devices', 'the fleet overview'). */
  noun: string;
  /** The query: one waiting for the network goes by itself; one whose request failed offers Try again. */
  query: { fetchStatus: FetchStatus; isFetching: boolean; refetch: () => unknown };
  /** 'screen': a card in place of the content; 'inline': a block in a panel. */
  variant?: 'screen' | 'inline';
};

/**
 * Without signal and without a copy on this phone (issue 14): said plainly, never an endless
 * spinner nor 'Failed to fetch'.
 */
export function NothingSavedState({ noun, query, variant = 'screen' }: NothingSavedStateProps) {
  const screen = variant === 'screen';
  const waiting = query.fetchStatus === 'paused';
  return (
    <div role="status" className={cn('grid gap-2', screen && cn(cardClasses, 'text-center'))}>
      <CloudOff aria-hidden className={cn('size-8 text-muted-foreground', screen && 'mx-auto')} />
      <p className="font-semibold">You are offline and nothing is saved on this phone yet.</p>
      <p className="text-muted-foreground">
        {`The ${noun} will load when you are online.`} Open this screen once with signal to keep a copy.
      </p>
      {!waiting && (
        <Button
          variant="outline"
          className={screen ? 'mx-auto' : undefined}
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
