import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';
import type { MenuEntry, MenuProps } from './menu.tsx';
import { Tooltip } from './tooltip.tsx';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-semibold outline-none data-[highlighted]:bg-surface-muted';

function Item({ entry: { icon: Icon, label, ...target } }: { entry: MenuEntry }) {
  const content = (
    <>
      <Icon aria-hidden className="size-5" /> {label}
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

/**
 * The menu itself (Radix), loaded when the installer first comes near its button (menu.tsx): it
 * takes the place of that button, open if it was pressed meanwhile, focused if it had the focus.
 */
export function DropdownMenuButton({
  label,
  icon: Icon,
  variant,
  items,
  defaultOpen,
  takeFocus,
}: MenuProps & { defaultOpen: boolean; takeFocus: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus && !defaultOpen) trigger.current?.focus();
    // Only as it takes the button's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <Tooltip content={label}>
        <DropdownMenu.Trigger
          ref={trigger}
          className={cn(buttonClasses(variant, 'icon'), 'shrink-0')}
          aria-label={label}
        >
          <Icon aria-hidden className="size-6" />
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          {items.map((entry) => (
            <Item key={entry.label} entry={entry} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
