import {
  createElement,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';

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

/** The loads under way, for the tests: a file's lazily loaded parts are in before its page goes. */
const underWay = new Set<Promise<unknown>>();
export const loadsUnderWay = (): Promise<unknown> => Promise.allSettled([...underWay]);

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const start = () => {
    const loading = importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    underWay.add(loading);
    void loading.catch(() => undefined).finally(() => underWay.delete(loading));
    return loading;
  };
  return {
    current: () => loaded,
    load: () => (pending ??= start()),
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
/** A prerendered page is hydrated with what the build drew: no lazily loaded module (decision 034). */
const notLoadedYet = () => undefined;

export function useLazyModule<T>(module: LazyModule<T>): [T | undefined, () => void] {
  const current = useSyncExternalStore(module.subscribe, module.current, notLoadedYet);
  const preload = useCallback(() => preloadModule(module), [module]);
  return [current, preload];
}

/** Starts loading `module`; a failure is logged (tried again on the next intent). */
function preloadModule<T>(module: LazyModule<T>): void {
  module.load().catch((error: unknown) => console.warn('Could not load part of the app', error));
}

/**
 * A controlled dialog (`open`, `onOpenChange`...) whose code loads when it is first opened, or
 * earlier through `preload` (on the intent of what opens it). Until then it renders nothing, as a
 * closed dialog does.
 */
export function whenOpen<P extends { open: boolean }>(importer: () => Promise<ComponentType<P>>) {
  const module = lazyModule(importer);
  function LazyDialog(props: P) {
    const [Loaded, preload] = useLazyModule(module);
    useEffect(() => {
      if (props.open) preload();
    }, [props.open, preload]);
    return Loaded ? createElement(Loaded, props) : null;
  }
  return Object.assign(LazyDialog, { preload: () => preloadModule(module) });
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
