import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@toolkit/contracts/constants.ts';

type ToastVariant = 'default' | 'destructive';

interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** One toast at a time (§9); a dismissed toast is removed after TOAST_REMOVE_DELAY_MS. */
let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** True once any toast was raised (the toaster is loaded on first use). */
export function hasRaisedToast(): boolean {
  return counter > 0;
}

export function toast({ title, description, variant = 'default' }: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = {
    id,
    title,
    variant,
    open: true,
    ...(description === undefined ? {} : { description }),
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Removes every toast at once (a new page of tests starts with none). */
export function clearToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  emit([]);
}

export function dismissToast(id: string): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}
