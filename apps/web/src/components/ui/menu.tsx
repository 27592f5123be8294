import type { LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-semibold outline-none data-[highlighted]:bg-surface-muted';

/** A menu behind an icon button, opening under it, aligned to its end (the headers' menus). */
export function Menu({
  label,
  icon: Icon,
  variant,
  children,
}: {
  label: string;
  icon: LucideIcon;
  variant: 'ghost' | 'outline';
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
      <Tooltip content={label}>
        <DropdownMenu.Trigger className={cn(buttonClasses(variant, 'icon'), 'shrink-0')} aria-label={label}>
          <Icon aria-hidden className="size-6" />
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A menu entry: a link when `to` is given, else an action run on select. */
export function MenuItem({
  icon: Icon,
  children,
  ...target
}: { icon: LucideIcon; children: ReactNode } & ({ to: string } | { onSelect: () => void })) {
  const content = (
    <>
      <Icon aria-hidden className="size-5" /> {children}
    </>
  );
  return 'to' in target ? (
    <DropdownMenu.Item asChild className={ITEM}>
      <Link to={target.to}>{content}</Link>
    </DropdownMenu.Item>
  ) : (
    <DropdownMenu.Item className={ITEM} onSelect={target.onSelect}>
      {content}
    </DropdownMenu.Item>
  );
}
