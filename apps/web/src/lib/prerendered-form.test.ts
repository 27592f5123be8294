import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module holds the page's one static form: each test starts with a fresh copy of it.
let mod: typeof import('./prerendered-form.ts');
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./prerendered-form.ts');
});

describe('the prerendered login form', () => {
  it("keeps what was typed even when the page is cleared before the app's form looks for it, once", () => {
    document.body.innerHTML =
      '<div id="root"><form data-prerendered><input name="username"><input name="password" type="password"></form></div>';
    mod.capturePrerenderedForm();
    const username = document.querySelector<HTMLInputElement>('input[name="username"]');
    if (!username) throw new Error('fixture');
    username.value = 'demo';
    username.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // The app's first commit clears the page (a part of the tree may mount later).
    document.body.innerHTML = '<div id="root"></div>';
    const form = mod.findPrerenderedForm();
    expect(form?.read()).toEqual({ values: { username: 'demo' }, focused: 'username', checked: {} });
    // Mounted again before the sign-in, the app's form still finds it; after a sign-in, no more.
    expect(mod.findPrerenderedForm()?.read().values).toEqual({ username: 'demo' });
    mod.forgetPrerenderedForm();
    expect(mod.findPrerenderedForm()).toBeNull();
  });

  it('ticks a static checkbox on a tap and carries it over', () => {
    document.body.innerHTML =
      '<form data-prerendered><button type="button" role="checkbox" aria-checked="false" data-state="unchecked" id="_R_2_-remember"></button></form>';
    const form = mod.findPrerenderedForm();
    const box = document.querySelector<HTMLButtonElement>('[role="checkbox"]');
    box?.click();
    expect(box).toHaveAttribute('aria-checked', 'true');
    expect(box).toHaveAttribute('data-state', 'checked');
    expect(form?.read().checked).toEqual({ remember: true });
  });
});
