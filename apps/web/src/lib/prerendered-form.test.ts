import { runInThisContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldFormScript } from '../../build/prerender.ts';

// The module holds the page's one static form: each test starts with a fresh copy of it.
let mod: typeof import('./prerendered-form.ts');
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./prerendered-form.ts');
});

const FORM =
  '<div id="root"><div><form data-prerendered><input name="username"><input name="password" type="password">' +
  '<button type="button" role="checkbox" aria-checked="false" data-state="unchecked" id="_R_2_-remember"></button>' +
  '<button type="submit" disabled>Sign in</button></form></div></div>';

describe('the prerendered login form, held by the entry until the app runs', () => {
  it("keeps what was typed even when the page is cleared before the app's form looks for it, once", () => {
    document.body.innerHTML = FORM;
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

  it('ticks a static checkbox on a tap and remembers the state it was drawn with', () => {
    document.body.innerHTML = FORM;
    const form = mod.findPrerenderedForm();
    const box = document.querySelector<HTMLButtonElement>('[role="checkbox"]');
    box?.click();
    expect(box).toHaveAttribute('aria-checked', 'true');
    expect(box).toHaveAttribute('data-state', 'checked');
    expect(form?.read().checked).toEqual({ remember: true });
    expect([...(form?.toggled().values() ?? [])]).toEqual([{ initial: false, now: true }]);
  });

  it('enables Sign in at once, and keeps a sending for the app, once, instead of the browser sending it', () => {
    document.body.innerHTML = FORM;
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(button).toBeEnabled();
    const reachedTheApp = vi.fn();
    document.getElementById('root')?.addEventListener('submit', reachedTheApp);
    const sent = new Event('submit', { bubbles: true, cancelable: true });
    form?.element.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(true);
    expect(reachedTheApp).not.toHaveBeenCalled();
    expect(form?.takeSubmitRequest()).toBe(true);
    expect(form?.takeSubmitRequest()).toBe(false);
  });

  it('lets every event through once the app hydrates the page', () => {
    document.body.innerHTML = FORM;
    mod.capturePrerenderedForm();
    mod.releasePrerenderedForm();
    const form = mod.findPrerenderedForm();
    const reachedTheApp = vi.fn();
    document.getElementById('root')?.addEventListener('submit', reachedTheApp);
    form?.element.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    document.querySelector<HTMLButtonElement>('[role="checkbox"]')?.click();
    expect(reachedTheApp).toHaveBeenCalledOnce();
    expect(form?.takeSubmitRequest()).toBe(false);
    expect(document.querySelector('[role="checkbox"]')).toHaveAttribute('aria-checked', 'false');
  });
});

describe('the prerendered login form, held by the page itself before the entry runs', () => {
  /** The page as /login is sent: its form, then the inline script at the end of the body. */
  function sentPage(): void {
    Reflect.deleteProperty(window, mod.HELD_FORM_GLOBAL);
    document.body.innerHTML = FORM;
    // Run as the page runs it, in the test's global (a <script> element would run in jsdom's inner one).
    runInThisContext(heldFormScript());
  }
  const box = () => document.querySelector<HTMLButtonElement>('[role="checkbox"]');

  it('ticks the checkbox on a tap before the entry, and the entry learns it and goes on from there', () => {
    sentPage();
    box()?.click();
    expect(box()).toHaveAttribute('aria-checked', 'true');
    expect(box()).toHaveAttribute('data-state', 'checked');
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    expect(form?.read().checked).toEqual({ remember: true });
    expect([...(form?.toggled().values() ?? [])]).toEqual([{ initial: false, now: true }]);
    // One tap, one change: the page's script has stopped, the entry's listener ticks it now.
    box()?.click();
    expect(box()).toHaveAttribute('aria-checked', 'false');
    expect([...(form?.toggled().values() ?? [])]).toEqual([{ initial: false, now: false }]);
  });

  it('enables Sign in at once and keeps a press on it for the app, which sends it once', () => {
    sentPage();
    const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(button).toBeEnabled();
    const sent = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(true);
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    expect(form?.takeSubmitRequest()).toBe(true);
    expect(form?.takeSubmitRequest()).toBe(false);
  });

  it('keeps nothing when nothing was done before the entry', () => {
    sentPage();
    mod.capturePrerenderedForm();
    const form = mod.findPrerenderedForm();
    expect(form?.read()).toEqual({ values: {}, focused: null, checked: {} });
    expect(form?.takeSubmitRequest()).toBe(false);
  });
});
