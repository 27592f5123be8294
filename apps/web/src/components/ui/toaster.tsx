import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_MAX_WIDTH_PX,
  TOAST_SWIPE_THRESHOLD,
} from '@toolkit/contracts/constants.ts';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toast-store.ts';

/**
 * Radix toasts (§9): 5000 ms, swipe threshold 50, hotkey F8, at most 420 px wide. They sit at the
 * bottom, above the bottom navigation, so they never cover the Back button or the page title.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          // The mark a dialog looks for (toaster-marks.ts).
          data-toast=""
          className={cn(
            'relative flex w-full items-start gap-3 rounded-xl border-2 p-4 pr-12 shadow-lg',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[state=closed]:hidden',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-surface text-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-base font-bold">{t.title}</ToastPrimitive.Title>
            {t.description !== undefined && (
              <ToastPrimitive.Description className="text-base">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-lg">
            <X aria-hidden className="size-5" />
            <span className="sr-only">Dismiss notification</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[TOAST_HOTKEY]}
        style={{ maxWidth: TOAST_MAX_WIDTH_PX }}
        className="fixed right-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[100] m-0 flex w-full list-none flex-col gap-2 p-3 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
