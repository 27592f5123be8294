import { describe, expect, it } from 'vitest';
import { capturePrerenderedForm, findPrerenderedForm } from './prerendered-form.ts';

describe('the prerendered login form', () => {
  it("keeps what was typed even when the page is cleared before the app's form looks for it, once", () => {
    document.body.innerHTML =
      '<div id="root"><form data-prerendered><input name="username"><input name="password" type="password"></form></div>';
    capturePrerenderedForm();
    const username = document.querySelector<HTMLInputElement>('input[name="username"]');
    if (!username) throw new Error('fixture');
    username.value = 'demo';
    username.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // The app's first commit clears the page (a part of the tree may mount later).
    document.body.innerHTML = '<div id="root"></div>';
    const form = findPrerenderedForm();
    expect(form?.read()).toEqual({ values: { username: 'demo' }, focused: 'username' });
    // A later login form (after a sign-out) starts empty.
    expect(findPrerenderedForm()).toBeNull();
  });
});
