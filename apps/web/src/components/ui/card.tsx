import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const cardClasses = 'rounded-xl border border-border bg-surface p-4 shadow-sm';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(cardClasses, className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-bold', className)} {...props} />;
}
