import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@toolkit/contracts/constants.ts';
import { Slot } from 'radix-ui';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Space between the trigger and the tooltip, and kept free at the screen's edges (px). */
const GAP = 6;
const EDGE = 8;

/** When a tooltip last closed, app-wide: the §9 skip window spans every tooltip. */
let lastClosedAt = Number.NEGATIVE_INFINITY;
/** The tooltip open now: one at a time, and while one is open the next opens at once. */
let shown: (() => void) | null = null;

/** Above the trigger, or under it where there is no room above; centred on it, inside the screen. */
function place(trigger: HTMLElement, tip: HTMLElement, arrow: HTMLElement): void {
  const t = trigger.getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const above = t.top - GAP - height >= EDGE;
  const left = Math.min(
    Math.max(EDGE, t.left + t.width / 2 - width / 2),
    Math.max(EDGE, window.innerWidth - EDGE - width),
  );
  tip.style.left = `${String(left)}px`;
  tip.style.top = `${String(above ? t.top - GAP - height : t.bottom + GAP)}px`;
  tip.style.visibility = 'visible';
  arrow.style.left = `${String(Math.min(Math.max(8, t.left + t.width / 2 - left), width - 8) - 4)}px`;
  arrow.style.top = above ? `${String(height - 4)}px` : '-4px';
}

/**
 * §4/§9: a tooltip on its child (one element taking a ref and event handlers). A resting mouse or
 * pen opens it after 700 ms, keyboard focus at once; within 300 ms of any tooltip closing, the next
 * opens at once. It closes on leave, press, blur, Escape and scroll. Touch never opens it (the
 * labels are the controls' accessible names). Small on purpose: no positioning library on the
 * first load of every screen (decision 027).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A press closes the tooltip until the pointer leaves (and the focus it gives opens none).
  const pressed = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const close = () => {
    cancel();
    setOpen(false);
  };

  useEffect(() => cancel, []);
  useEffect(() => {
    if (!open) return;
    const hide = () => setOpen(false);
    if (shown !== null) shown();
    shown = hide;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onScroll = () => setOpen(false);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      if (shown === hide) shown = null;
      lastClosedAt = performance.now();
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open]);
  useLayoutEffect(() => {
    if (open && trigger.current && tip.current && arrow.current)
      place(trigger.current, tip.current, arrow.current);
  }, [open, content]);

  return (
    <>
      <Slot.Root
        ref={trigger}
        aria-describedby={open ? id : undefined}
        onPointerMove={(e) => {
          if (e.pointerType === 'touch' || open || pressed.current || timer.current !== undefined) return;
          // A clock that went back (a page restored from the back/forward cache) skips nothing.
          const sinceClosed = performance.now() - lastClosedAt;
          const skip = shown !== null || (sinceClosed >= 0 && sinceClosed < TOOLTIP_SKIP_DELAY_MS);
          timer.current = setTimeout(
            () => {
              timer.current = undefined;
              setOpen(true);
            },
            skip ? 0 : TOOLTIP_DELAY_MS,
          );
        }}
        onPointerLeave={() => {
          pressed.current = false;
          close();
        }}
        onPointerDown={() => {
          pressed.current = true;
          close();
        }}
        onFocus={() => {
          if (!pressed.current) setOpen(true);
        }}
        onBlur={close}
        onClick={close}
      >
        {children}
      </Slot.Root>
      {open &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            style={{ visibility: 'hidden' }}
            className="pointer-events-none fixed z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-sm font-medium text-background shadow-md"
          >
            {content}
            <span ref={arrow} aria-hidden className="absolute size-2 rotate-45 bg-foreground" />
          </div>,
          document.body,
        )}
    </>
  );
}
