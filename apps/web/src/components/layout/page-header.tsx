import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The screen's title (the page's only h1) with optional actions on the right. */
export function PageHeader({
  title,
  subtitle,
  actions,
  className,
}: {
  title: string;
  className?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={cn('mb-5 flex flex-wrap items-start justify-between gap-3', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {subtitle !== undefined && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
      </div>
      {actions !== undefined && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
