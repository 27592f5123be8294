/**
 * A form painted from the build's static HTML before the app ran (app/prerender.tsx) is replaced by
 * the app's own form. What was typed into it meanwhile is carried over: the app's form finds the
 * static one when it first renders, and reads it once it has replaced it (a removed input keeps its
 * value), so that nothing typed in between is lost.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface PrerenderedFields {
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

export interface PrerenderedForm {
  read: () => PrerenderedFields;
}

let captured: PrerenderedForm | null = null;
let consumed = false;

/**
 * Takes hold of the page's static form as soon as the entry runs (main.tsx), long before the app's
 * first render clears the page: from then on a tap on its checkbox ticks it and the focused field is
 * followed, and whatever the first render does (a part of it may wait for code and commit later),
 * the app's form still finds what was typed into it.
 */
export function capturePrerenderedForm(): void {
  if (!consumed && captured === null) captured = locate();
}

/**
 * The sign-in went through: a later sign-in form (after a sign-out) starts empty. Until then every
 * mount of the app's form reads the static one again (a form mounted twice keeps what was typed).
 */
export function forgetPrerenderedForm(): void {
  consumed = true;
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
  if (!form) return null;
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  form.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) focused = event.target.name;
  });
  // Before the app runs, a tap on a checkbox (a button in the static page) ticks it here.
  const checked: Record<string, boolean> = {};
  form.addEventListener('click', (event) => {
    const box = event.target instanceof Element ? event.target.closest('[role="checkbox"]') : null;
    if (!(box instanceof HTMLElement) || !box.isConnected) return;
    const on = box.getAttribute('aria-checked') !== 'true';
    box.setAttribute('aria-checked', String(on));
    box.dataset.state = on ? 'checked' : 'unchecked';
    checked[box.id.replace(/^.*-/, '')] = on;
  });
  return {
    read() {
      const values: Record<string, string> = {};
      for (const input of form.querySelectorAll('input[name]')) {
        if (input instanceof HTMLInputElement && input.type !== 'checkbox' && input.value !== '')
          values[input.name] = input.value;
      }
      return { values, focused, checked };
    },
  };
}
