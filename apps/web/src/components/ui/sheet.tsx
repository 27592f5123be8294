import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { ModalContent, type ModalContentProps } from './modal-content.tsx';

export const Sheet = DialogPrimitive.Root;

/** A panel that slides up from the bottom edge: the phone-friendly dialog. */
export function SheetContent({ className, ...props }: ModalContentProps) {
  return (
    <ModalContent
      className={cn(
        'fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t border-border bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-foreground shadow-xl',
        className,
      )}
      {...props}
    />
  );
}
