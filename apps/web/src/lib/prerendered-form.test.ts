import { runInThisContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldFormScript } from '../../build/entry-after-paint.ts';

// The module holds the page's one static form: each test starts with a fresh copy of it.
let mod: typeof import('./prerendered-form.ts');
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./prerendered-form.ts');
  Reflect.deleteProperty(window, mod.HELD_FORM_GLOBAL);
});

const FORM =
  '<div id="root"><div><form data-prerendered><input name="username"><input name="password" type="password">' +
  '<button type="button" role="checkbox" aria-checked="false" data-state="unchecked" id="_R_2_-remember"></button>' +
  '<button type="submit" disabled>Sign in</button></form></div></div>';

/** The sign-in page as the server sends it: its form, then the inline script at the end of the body. */
function sentPage(): void {
  document.body.innerHTML = FORM;
  // Run as the page runs it, in the test's global (a <script> element would run in jsdom's inner one).
  runInThisContext(heldFormScript());
}
const box = () => document.querySelector<HTMLButtonElement>('[role="checkbox"]');
const sendForm = () => {
  const sent = new Event('submit', { bubbles: true, cancelable: true });
  document.querySelector('form')?.dispatchEvent(sent);
  return sent;
};

describe('the prerendered sign-in form, held by the page until the app hydrates it', () => {
  it('ticks the checkbox on a tap, before and after the entry runs, and remembers the state it was drawn with', () => {
    sentPage();
    box()?.click();
    expect(box()).toHaveAttribute('aria-checked', 'true');
    expect(box()).toHaveAttribute('data-state', 'checked');
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    expect(form?.read().checked).toEqual({ remember: true });
    expect([...(form?.toggled().values() ?? [])]).toEqual([{ initial: false, now: true }]);
    // One tap, one change.
    box()?.click();
    expect(box()).toHaveAttribute('aria-checked', 'false');
    expect([...(form?.toggled().values() ?? [])]).toEqual([{ initial: false, now: false }]);
  });

  it('enables Sign in at once and keeps a sending for the app, once, instead of the browser sending it', () => {
    sentPage();
    expect(document.querySelector('button[type="submit"]')).toBeEnabled();
    expect(sendForm().defaultPrevented).toBe(true);
    mod.capturePrerenderedForm();
    const reachedTheApp = vi.fn();
    document.getElementById('root')?.addEventListener('submit', reachedTheApp);
    expect(sendForm().defaultPrevented).toBe(true);
    const form = mod.findPrerenderedForm();
    expect(form?.takeSubmitRequest()).toBe(true);
    expect(form?.takeSubmitRequest()).toBe(false);
  });

  it('keeps nothing when nothing was done before the app', () => {
    sentPage();
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    expect(form?.read()).toEqual({ values: {}, focused: null, checked: {} });
    expect(form?.takeSubmitRequest()).toBe(false);
  });

  it('lets every event through once the app hydrates the page', () => {
    sentPage();
    mod.capturePrerenderedForm();
    mod.releasePrerenderedForm();
    const form = mod.findPrerenderedForm();
    const reachedTheApp = vi.fn();
    document.getElementById('root')?.addEventListener('submit', reachedTheApp);
    expect(sendForm().defaultPrevented).toBe(false);
    box()?.click();
    expect(reachedTheApp).toHaveBeenCalledOnce();
    expect(form?.takeSubmitRequest()).toBe(false);
    expect(box()).toHaveAttribute('aria-checked', 'false');
  });

  it("keeps what was typed even when the page is cleared before the app's form looks for it, once", () => {
    sentPage();
    mod.capturePrerenderedForm();
    const username = document.querySelector<HTMLInputElement>('input[name="username"]');
    if (!username) throw new Error('fixture');
    username.value = 'demo';
    username.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // A render that could not hydrate the page replaces it.
    document.body.innerHTML = '<div id="root"></div>';
    const form = mod.findPrerenderedForm();
    expect(form?.read()).toEqual({ values: { username: 'demo' }, focused: 'username', checked: {} });
    expect(form?.element.isConnected).toBe(false);
    // Mounted again before the sign-in, the app's form still finds it; after a sign-in, no more.
    expect(mod.findPrerenderedForm()?.read().values).toEqual({ username: 'demo' });
    mod.forgetPrerenderedForm();
    expect(mod.findPrerenderedForm()).toBeNull();
  });

  it('keeps a shell form of a signed-in page from being sent by the browser before the app runs', () => {
    document.body.innerHTML = '<div id="root"><form role="search"><input name="q"></form></div>';
    mod.capturePrerenderedForm();
    expect(mod.findPrerenderedForm()).toBeNull();
    expect(sendForm().defaultPrevented).toBe(true);
    mod.releasePrerenderedForm();
    expect(sendForm().defaultPrevented).toBe(false);
  });
});
