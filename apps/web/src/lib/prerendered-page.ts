import { findPrerenderedForm, releasePrerenderedForm, resetCheckbox } from './prerendered-form.ts';

/**
 * A page the build prerendered (decision 034): #root holds the app's own markup for one route, and
 * the app hydrates it rather than replacing it, so the elements a person types into are kept.
 */
export const PRERENDERED_PAGE_ATTRIBUTE = 'data-prerendered-page';
/** A shell's button: disabled in the page until the app holds it (app/prerender.tsx). */
const SHELL_DISABLED_ATTRIBUTE = 'data-shell-disabled';

/**
 * Whether #root holds markup rendered for this very URL (a service worker's index.html does not).
 * The build renders each route without a query: a URL with one (?filter=offline, ?vehicleId=) may
 * draw differently, and React keeps the page's attributes as they are when it hydrates, so such a
 * page is drawn anew, as before decision 034.
 */
export function isPrerenderedFor(container: HTMLElement, pathname: string, search = ''): boolean {
  const route = container.getAttribute(PRERENDERED_PAGE_ATTRIBUTE);
  return route !== null && search === '' && route === pathname.replace(/(.)\/+$/, '$1');
}

/**
 * Just before hydrating: the page goes back to exactly what the build rendered (the buttons it
 * disabled are enabled), and the entry stops handling events, which React now handles (an event
 * during the hydration makes React finish it first).
 */
export function prepareHydration(container: HTMLElement): void {
  for (const button of container.querySelectorAll(`[${SHELL_DISABLED_ATTRIBUTE}]`)) {
    button.removeAttribute('disabled');
    button.removeAttribute(SHELL_DISABLED_ATTRIBUTE);
  }
  releasePrerenderedForm();
}

/**
 * A field typed into before the app ran keeps its text (the element is the same), but the app's
 * state does not know it yet: it is told, as if the text had just been typed, with the caret where
 * it was. React only reports a value it has not seen, so the field's value is first set to what the
 * page was drawn with (through React), then back to the text (past React).
 */
function announceTypedText(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.value === field.defaultValue || field.disabled || field.readOnly) return;
  if (field instanceof HTMLInputElement && /^(checkbox|radio|file|hidden|submit|button)$/.test(field.type))
    return;
  const typed = field.value;
  const focused = field.ownerDocument.activeElement === field;
  let selection: [number | null, number | null] = [null, null];
  try {
    selection = [field.selectionStart, field.selectionEnd];
  } catch {
    // Fields without a caret (email, number) throw here.
  }
  field.value = field.defaultValue;
  // The element's prototype's own setter: past the one React puts on the element.
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', typed, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selection[0] !== null && selection[1] !== null && field.value === typed)
    field.setSelectionRange(selection[0], selection[1]);
}

/**
 * Once the app has hydrated the page (its first commit): the app's state learns what was typed,
 * ticked and sent before it ran. A form sent before is sent now, once, with what it holds now.
 */
export function finishHydration(container: HTMLElement): void {
  for (const field of container.querySelectorAll('input, textarea')) {
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) announceTypedText(field);
  }
  const held = findPrerenderedForm();
  if (!held?.element.isConnected) return;
  for (const [box, { initial, now }] of held.toggled()) {
    if (now === initial || !box.isConnected) continue;
    resetCheckbox(box, initial);
    box.click();
  }
  if (held.takeSubmitRequest()) held.element.requestSubmit();
}
