/**
 * The page's static forms before the app runs (decisions 026, 034). The build's pages hold the
 * screen's real markup, which the app hydrates: the very fields the person types into are kept.
 * From the first paint the page's own inline script holds the form (build/prerender.ts,
 * heldFormScript), then the entry (main.tsx) takes what it kept and holds the page: a form is not sent by the browser (that would put
 * a password in the URL) but remembered and sent by the app once it runs; a tap on a checkbox ticks
 * it. The app takes over from here when it hydrates (releasePrerenderedForm), then finishes what
 * was held (prerendered-page.ts). Were the page replaced instead (a render that could not match),
 * the app's form reads what was typed from here (findPrerenderedForm).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Where the page's inline script (build/prerender.ts, heldFormScript) keeps what happened on the
 * static form before the entry ran: the checkboxes tapped (with the state each was drawn with) and
 * whether the form was sent. `done` stops that script once the entry holds the form.
 */
export const HELD_FORM_GLOBAL = '__toolkitHeldForm';

interface HeldBeforeEntry {
  taps: [Element, boolean][];
  sent: boolean;
  done: boolean;
}

function isHeldBeforeEntry(value: unknown): value is HeldBeforeEntry {
  return typeof value === 'object' && value !== null && 'taps' in value && Array.isArray(value.taps);
}

/** What the inline script kept, once: from here the entry's own listeners hold the form. */
function takeHeldBeforeEntry(): HeldBeforeEntry | null {
  const held: unknown = Reflect.get(window, HELD_FORM_GLOBAL);
  if (!isHeldBeforeEntry(held) || held.done) return null;
  held.done = true;
  return held;
}

interface PrerenderedFields {
  /** Text typed into the static form, by field name (empty fields left out). */
  values: Record<string, string>;
  /** The field that last had the focus, if any. */
  focused: string | null;
  /**
   * Checkboxes ticked on the static form, by their id without its generated prefix ('remember'):
   * a static checkbox is a button that needs no script to be ticked here.
   */
  checked: Record<string, boolean>;
}

interface PrerenderedForm {
  /** The static form element (the app's own once hydrated). */
  element: HTMLFormElement;
  read: () => PrerenderedFields;
  /** The checkboxes ticked before the app ran, with the state the page was drawn with. */
  toggled: () => ReadonlyMap<HTMLElement, { initial: boolean; now: boolean }>;
  /** True once if the form was sent before the app ran: the app sends it, once. */
  takeSubmitRequest: () => boolean;
}

let captured: PrerenderedForm | null = null;
let consumed = false;
/** Stop the page's own handling of events, once the app holds the page. */
const releasers = new Set<() => void>();
const guarded = new WeakSet<Element>();

/**
 * Takes hold of the page as soon as the entry runs (main.tsx), long before the app: from then on the
 * login form's Sign in button works (the request waits for the app), a tap on its checkbox ticks it,
 * and the focused field is followed.
 */
export function capturePrerenderedForm(): void {
  guardForms();
  if (!consumed && captured === null) captured = locate();
}

/**
 * No form of the page is sent by the browser before the app runs (an Enter in a shell's field would
 * load the page again, and lose what was typed): the app sends them, or ignores them.
 */
function guardForms(): void {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  if (!root || guarded.has(root)) return;
  guarded.add(root);
  let released = false;
  releasers.add(() => (released = true));
  root.addEventListener(
    'submit',
    (event) => {
      if (!released) event.preventDefault();
    },
    true,
  );
}

/** The app hydrates the page now: from here React handles every event itself. */
export function releasePrerenderedForm(): void {
  for (const release of releasers) release();
  releasers.clear();
}

/**
 * The sign-in went through: a later sign-in form (after a sign-out) starts empty. Until then every
 * mount of the app's form reads the static one again (a form mounted twice keeps what was typed).
 */
export function forgetPrerenderedForm(): void {
  consumed = true;
  captured = null;
}

/** A new page (a test file after another): nothing captured, nothing consumed, nothing guarded. */
export function resetPrerenderedForm(): void {
  releasePrerenderedForm();
  consumed = false;
  captured = null;
}

/** The page's static form, if there is one and no sign-in has gone through since (none outside a browser). */
export function findPrerenderedForm(): PrerenderedForm | null {
  if (consumed) return null;
  captured ??= locate();
  return captured;
}

function setChecked(box: HTMLElement, on: boolean): void {
  box.setAttribute('aria-checked', String(on));
  box.dataset.state = on ? 'checked' : 'unchecked';
}

function locate(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const before = takeHeldBeforeEntry();
  const form = document.querySelector(`form[${PRERENDERED_ATTRIBUTE}]`);
  if (!(form instanceof HTMLFormElement)) return null;
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  let submitRequested = before?.sent === true;
  let released = false;
  releasers.add(() => (released = true));
  const boxes = new Map<HTMLElement, { initial: boolean; now: boolean }>();
  for (const [box, initial] of before?.taps ?? []) {
    if (box instanceof HTMLElement)
      boxes.set(box, { initial, now: box.getAttribute('aria-checked') === 'true' });
  }
  form.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) focused = event.target.name;
  });
  // Listened to on the form's parent, capturing: before React's own listeners (on #root), which
  // must not see an event the page has handled already.
  const holder = form.parentElement ?? form;
  holder.addEventListener(
    'click',
    (event) => {
      if (released) return;
      const box = event.target instanceof Element ? event.target.closest('[role="checkbox"]') : null;
      if (!(box instanceof HTMLElement) || !form.contains(box)) return;
      const state = boxes.get(box) ?? { initial: box.getAttribute('aria-checked') === 'true', now: false };
      state.now = box.getAttribute('aria-checked') !== 'true';
      boxes.set(box, state);
      setChecked(box, state.now);
    },
    true,
  );
  holder.addEventListener(
    'submit',
    (event) => {
      if (released || event.target !== form) return;
      // Not sent by the browser; sent by the app once it runs, with what is in the form then.
      event.preventDefault();
      event.stopImmediatePropagation();
      submitRequested = true;
    },
    true,
  );
  // From the first script on, the button works: the request waits for the app.
  form.querySelector('button[type="submit"]')?.removeAttribute('disabled');
  return {
    element: form,
    read() {
      const values: Record<string, string> = {};
      for (const input of form.querySelectorAll('input[name]')) {
        if (input instanceof HTMLInputElement && input.type !== 'checkbox' && input.value !== '')
          values[input.name] = input.value;
      }
      const checked: Record<string, boolean> = {};
      for (const [box, { now }] of boxes) checked[box.id.replace(/^.*-/, '')] = now;
      return { values, focused, checked };
    },
    toggled: () => boxes,
    takeSubmitRequest() {
      const requested = submitRequested;
      submitRequested = false;
      return requested;
    },
  };
}

/** Puts a checkbox back to the state the page was drawn with (the app then ticks it its own way). */
export function resetCheckbox(box: HTMLElement, initial: boolean): void {
  setChecked(box, initial);
}
