import { ChevronDown } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { lazyModule, useLazyModule } from '../../lib/lazy-module.ts';
import { fieldClasses } from './input.tsx';

type Option<T extends string> = { value: T; label: string };

export type OptionSelectProps<T extends string> = Omit<
  ComponentProps<'button'>,
  'value' | 'onChange' | 'children' | 'type'
> & {
  /** '' until something is chosen: the placeholder shows. */
  value: T | '';
  onValueChange: (value: T) => void;
  options: readonly Option<T>[];
  placeholder: string;
};

const triggerClasses = (className?: string) =>
  cn(fieldClasses, 'flex items-center justify-between gap-2 text-left', className);

const radixSelect = lazyModule(() => import('./option-select-popup.tsx'));

/**
 * A choice among a few options (Radix Select, decision 027): drawn at once as its closed trigger,
 * the list's code (Radix, Floating UI) fetched when a pointer or the focus comes to it; pressed
 * before it is in, the list opens as soon as it is.
 */
export function OptionSelect<T extends string>({
  value,
  onValueChange,
  options,
  placeholder,
  ...trigger
}: OptionSelectProps<T>) {
  const [module, preload] = useLazyModule(radixSelect);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  if (module) {
    return (
      <module.OptionSelectPopup
        {...trigger}
        value={value}
        options={options}
        placeholder={placeholder}
        onValueChange={(chosen) => {
          const option = options.find((o) => o.value === chosen);
          if (option) onValueChange(option.value);
        }}
        defaultOpen={pressed}
        takeFocus={focused}
      />
    );
  }
  const press = () => {
    preload();
    setPressed(true);
  };
  const label = options.find((o) => o.value === value)?.label;
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      {...trigger}
      className={triggerClasses(trigger.className)}
      onPointerEnter={preload}
      onPointerDown={(e) => {
        if (e.pointerType === 'mouse' && e.button === 0 && !e.ctrlKey) press();
        else preload();
      }}
      onClick={press}
      onKeyDown={(e) => {
        if (!['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
        e.preventDefault();
        press();
      }}
      onFocus={() => {
        preload();
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
    >
      <span style={{ pointerEvents: 'none' }}>{label ?? placeholder}</span>
      <ChevronDown aria-hidden className="size-5" />
    </button>
  );
}
