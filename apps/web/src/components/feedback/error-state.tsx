import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { cardClasses } from '../ui/card.tsx';

type ErrorStateProps = {
  /** The first line ('Could not load the vehicles'). */
  title: string;
  /** The title as a heading of the screen (level 2) rather than a plain line. */
  heading?: boolean;
  /** What went wrong and what to do. */
  children?: ReactNode;
  /** Ask again; without it no retry button is shown. */
  onRetry?: () => void;
  /** A retry is under way: the button is disabled and says so. */
  retrying?: boolean;
  /** 'screen': a centred card in place of the screen's content; 'inline': a block in a dialog or panel. */
  variant?: 'screen' | 'inline';
};

/** The one failed-load state: an alert with the title, the reason and a Try again button. */
export function ErrorState({
  title,
  heading = false,
  children,
  onRetry,
  retrying = false,
  variant = 'screen',
}: ErrorStateProps) {
  const screen = variant === 'screen';
  const Title = heading ? 'h2' : 'p';
  return (
    <div role="alert" className={cn('grid gap-3', screen ? cn(cardClasses, 'text-center') : 'gap-2')}>
      <Title className={cn('font-semibold', screen && 'text-lg', heading && 'font-bold')}>{title}</Title>
      {children}
      {onRetry && (
        <Button
          variant={screen ? 'primary' : 'outline'}
          className={screen ? 'mx-auto' : undefined}
          disabled={retrying}
          onClick={onRetry}
        >
          {retrying ? 'Retrying...' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
