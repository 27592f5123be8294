import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { ModalContent, type ModalContentProps } from './modal-content.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

/** A centred modal with a title, an optional description and a close button. */
export function DialogContent({ className, ...props }: ModalContentProps) {
  return (
    <ModalContent
      className={cn(
        'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
        'overflow-y-auto rounded-xl border border-border bg-surface p-5 text-foreground shadow-xl',
        className,
      )}
      {...props}
    />
  );
}
