import { useCallback, useState, useSyncExternalStore } from 'react';

/**
 * Code a screen needs only once the installer acts (a dialog, a menu), kept off the first load
 * (decision 027): fetched on intent (the pointer coming near, a touch, focus) so that it is usually
 * in by the time the tap ends. Loaded once; a failed load (no signal before it was ever fetched)
 * is tried again on the next intent.
 */
export type LazyModule<T> = {
  /** The module once loaded, else undefined. */
  current: () => T | undefined;
  /** Starts loading (once); resolves with the module. */
  load: () => Promise<T>;
  subscribe: (listener: () => void) => () => void;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => loaded,
    load: () =>
      (pending ??= importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module (undefined until loaded) and `preload`, for the intent handlers of what opens it
 * (onPointerEnter, onPointerDown, onFocus): starts the load, never throws.
 */
export function useLazyModule<T>(module: LazyModule<T>): [T | undefined, () => void] {
  const current = useSyncExternalStore(module.subscribe, module.current, module.current);
  const preload = useCallback(() => {
    module.load().catch((error: unknown) => console.warn('Could not load part of the app', error));
  }, [module]);
  return [current, preload];
}

/** The handlers that start loading `module` when the installer comes near a control. */
export const intentHandlers = (preload: () => void) => ({
  onPointerEnter: preload,
  onPointerDown: preload,
  onFocus: preload,
});

/**
 * A dialog whose code loads on demand, opened by a plain button: `trigger` goes on the button
 * (preload on intent, open on click), `loaded` is the module once the dialog is open and its code
 * is in (render the dialog then), `close` closes it.
 */
export function useLazyDialog<T>(module: LazyModule<T>) {
  const [open, setOpen] = useState(false);
  const [loaded, preload] = useLazyModule(module);
  return {
    loaded: open ? loaded : undefined,
    close: () => setOpen(false),
    trigger: {
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      ...intentHandlers(preload),
      onClick: () => {
        preload();
        setOpen(true);
      },
    },
  };
}
