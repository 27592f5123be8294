import { useEffect, useRef } from 'react';
import type { OptionSelectProps } from './option-select.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger } from './select.tsx';

/**
 * The Radix select behind OptionSelect, loaded when the installer reaches for it: it takes the
 * place of the drawn trigger, open if that was pressed meanwhile, focused if it had the focus.
 */
export function OptionSelectPopup({
  value,
  onValueChange,
  options,
  placeholder,
  defaultOpen,
  takeFocus,
  ref,
  ...trigger
}: OptionSelectProps<string> & { defaultOpen: boolean; takeFocus: boolean }) {
  const own = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (takeFocus && !defaultOpen) own.current?.focus();
    // Only as it takes the drawn trigger's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger
        {...trigger}
        placeholder={placeholder}
        ref={(node) => {
          own.current = node;
          if (typeof ref === 'function') return ref(node);
          if (ref) ref.current = node;
        }}
      />
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
