import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { TOAST_OPEN_SELECTOR } from './toaster-marks.ts';

export type ModalContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
};

/**
 * What a dialog and a sheet share: the portal, the overlay, the title with its optional description
 * and the close button. The caller gives where the panel stands through `className`.
 */
export function ModalContent({ title, description, children, ...props }: ModalContentProps) {
  // What had the focus when it opened: a dialog opened by a plain button (its code loaded on
  // demand, decision 027) has no Radix trigger to give the focus back to when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Escape closes what the person is looking at: this dialog, when the focus is in it, even if a
  // toast appeared after it opened (Radix would hand the key to the newest layer, the toast). A
  // menu or list opened from the dialog holds the focus outside it and closes first, as before.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target;
      if (!(target instanceof Node) || !panel.current?.contains(target)) return;
      if (!document.querySelector(TOAST_OPEN_SELECTOR)) return;
      event.preventDefault();
      event.stopPropagation();
      closeButton.current?.click();
    };
    // On the window, in the capture phase: before the layers' own listeners on the document.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <DialogPrimitive.Content
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        {...props}
        ref={panel}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          props.onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          props.onCloseAutoFocus?.(event);
          const target = opener.current;
          if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <DialogPrimitive.Title className="text-xl font-bold">{title}</DialogPrimitive.Title>
            {description !== undefined && (
              <DialogPrimitive.Description className="mt-1 text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          <DialogPrimitive.Close
            ref={closeButton}
            className="-m-1 flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-muted"
          >
            <X aria-hidden className="size-6" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
