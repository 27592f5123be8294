import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { lazyModule, useLazyModule } from '../../lib/lazy-module.ts';
import { buttonClasses } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

/** A menu entry: a link when `to` is given, else an action run on select. */
export type MenuEntry = { icon: LucideIcon; label: string } & ({ to: string } | { onSelect: () => void });

export type MenuProps = {
  label: string;
  icon: LucideIcon;
  variant: 'ghost' | 'outline';
  items: readonly MenuEntry[];
};

const dropdown = lazyModule(() => import('./dropdown-menu.tsx'));

/**
 * A menu behind an icon button, opening under it, aligned to its end (the headers' menus). The
 * menu's code (Radix, Floating UI) is not on the screen's first load (decision 027): the button is
 * drawn at once and fetches it when a pointer or the focus comes to it; pressed before it is in,
 * the menu opens as soon as it is.
 */
export function Menu(props: MenuProps) {
  const [module, preload] = useLazyModule(dropdown);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  if (module) return <module.DropdownMenuButton {...props} defaultOpen={pressed} takeFocus={focused} />;
  const press = () => {
    preload();
    setPressed(true);
  };
  const Icon = props.icon;
  return (
    <Tooltip content={props.label}>
      <button
        type="button"
        className={cn(buttonClasses(props.variant, 'icon'), 'shrink-0')}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={preload}
        onPointerDown={(e) => {
          if (e.button === 0 && !e.ctrlKey) press();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          press();
        }}
        onClick={press}
        onFocus={() => {
          preload();
          setFocused(true);
        }}
        onBlur={() => setFocused(false)}
      >
        <Icon aria-hidden className="size-6" />
      </button>
    </Tooltip>
  );
}
