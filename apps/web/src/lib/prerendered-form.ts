/**
 * The page's static forms before the app runs (decisions 026, 034, 056). The build's pages hold the
 * screen's real markup, which the app hydrates: the very fields the person types into are kept.
 * From its first paint the sign-in page's own inline script holds its form (build/entry-after-paint.ts,
 * heldFormScript) until the app hydrates it: Sign in works, a sending is not done by the browser
 * (that would put a password in the URL) but kept for the app, and a tap on a checkbox ticks it.
 * The entry (main.tsx) follows the focused field and keeps every other form of the page from being
 * sent. The app takes over when it hydrates (releasePrerenderedForm), then finishes what was held
 * (prerendered-page.ts). Were the page replaced instead (a render that could not match), the app's
 * form reads what was typed from here (findPrerenderedForm).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Where the page's inline script keeps what happened on the static form before the app: the
 * checkboxes tapped (with the state each was drawn with) and whether the form was sent. `done`
 * stops that script once the app holds the form.
 */
export const HELD_FORM_GLOBAL = '__toolkitHeldForm';

interface HeldByPage {
  taps: [HTMLElement, boolean][];
  sent: boolean;
  done: boolean;
}

/**
 * What the page's inline script holds; nothing held (and nothing to stop) on a page without it. The
 * global is the page's own, written by that script only, so it is read as that script's shape.
 */
const heldByPage = (): HeldByPage =>
  (Reflect.get(window, HELD_FORM_GLOBAL) as HeldByPage | undefined) ?? { taps: [], sent: false, done: true };

interface PrerenderedFields {
  /** Text typed into the static form, by field name (empty fields left out). */
  values: Record<string, string>;
  /** The field that last had the focus, if any. */
  focused: string | null;
  /** Checkboxes ticked on the static form, by their id without its generated prefix ('remember'). */
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
 * Takes hold of the page as soon as the entry runs (main.tsx), long before the app: no form of it is
 * sent by the browser, and the focused field of the sign-in form is followed.
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

function locate(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector(`form[${PRERENDERED_ATTRIBUTE}]`);
  if (!(form instanceof HTMLFormElement)) return null;
  const held = heldByPage();
  releasers.add(() => (held.done = true));
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  form.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) focused = event.target.name;
  });
  const toggled = () =>
    new Map(
      held.taps.map(([box, initial]) => [box, { initial, now: box.getAttribute('aria-checked') === 'true' }]),
    );
  return {
    element: form,
    read() {
      const values: Record<string, string> = {};
      for (const input of form.querySelectorAll('input[name]')) {
        if (input instanceof HTMLInputElement && input.type !== 'checkbox' && input.value !== '')
          values[input.name] = input.value;
      }
      const checked: Record<string, boolean> = {};
      for (const [box, { now }] of toggled()) checked[box.id.replace(/^.*-/, '')] = now;
      return { values, focused, checked };
    },
    toggled,
    takeSubmitRequest() {
      const requested = held.sent;
      held.sent = false;
      return requested;
    },
  };
}

/** Puts a checkbox back to the state the page was drawn with (the app then ticks it its own way). */
export function resetCheckbox(box: HTMLElement, initial: boolean): void {
  box.setAttribute('aria-checked', String(initial));
  box.dataset.state = initial ? 'checked' : 'unchecked';
}
