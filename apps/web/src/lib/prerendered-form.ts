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
}

export interface PrerenderedForm {
  read: () => PrerenderedFields;
}

/** The page's static form, if there is one (none outside a browser, as when the build renders). */
export function findPrerenderedForm(): PrerenderedForm | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector(`form[${PRERENDERED_ATTRIBUTE}]`);
  if (!form) return null;
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  form.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement) focused = event.target.name;
  });
  return {
    read() {
      const values: Record<string, string> = {};
      for (const input of form.querySelectorAll('input[name]')) {
        if (input instanceof HTMLInputElement && input.type !== 'checkbox' && input.value !== '')
          values[input.name] = input.value;
      }
      return { values, focused };
    },
  };
}
