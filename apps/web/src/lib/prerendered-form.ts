/**
 * A form painted from the build's static HTML before the app ran (app/prerender.tsx) is replaced by
 * the app's own form. What was typed into it meanwhile is carried over: read, by field name, when
 * the app's form is first rendered (the static form is still in the page then).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface PrerenderedFields {
  /** Text typed into the static form, by field name (empty fields left out). */
  values: Record<string, string>;
  /** The field that had the focus, if any. */
  focused: string | null;
}

/** The static form's fields (none outside a browser, as when the build prerenders the form). */
export function readPrerenderedFields(): PrerenderedFields {
  const values: Record<string, string> = {};
  if (typeof document === 'undefined') return { values, focused: null };
  const form = document.querySelector(`form[${PRERENDERED_ATTRIBUTE}]`);
  if (!form) return { values, focused: null };
  for (const input of form.querySelectorAll('input[name]')) {
    if (input instanceof HTMLInputElement && input.type !== 'checkbox' && input.value !== '')
      values[input.name] = input.value;
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  return { values, focused };
}
