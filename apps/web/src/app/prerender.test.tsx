import { runInThisContext } from 'node:vm';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { VIEW_MODE_KEY } from '../features/devices/hooks/use-view-mode.ts';
import { capturePrerenderedForm, HELD_FORM_GLOBAL } from '../lib/prerendered-form.ts';
import { hasPrerenderedForm, heldFormScript } from '../../build/entry-after-paint.ts';
import { finishHydration, PRERENDERED_PAGE_ATTRIBUTE, prepareHydration } from '../lib/prerendered-page.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearSession, getSelectedClientId, setSelectedClientId, setToken } from '../lib/storage.ts';
import { deferred, installFetchMock } from '../test/mock-fetch.ts';
import { appElement } from './app-element.tsx';
import { renderPage, SHELL_SCREENS } from './prerender.tsx';
import { createAppRouter, whenRouterReady } from './router.tsx';

const fetchMock = installFetchMock();

// jsdom has no requestSubmit: for a form without validation it is a cancelable submit event. Put
// back after this file (test files share one jsdom, decision 047).
const jsdomRequestSubmit = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'requestSubmit');
HTMLFormElement.prototype.requestSubmit = function requestSubmit(this: HTMLFormElement) {
  this.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
};
afterAll(() => {
  if (jsdomRequestSubmit)
    Object.defineProperty(HTMLFormElement.prototype, 'requestSubmit', jsdomRequestSubmit);
});

const page = async (path: string) => {
  const root = document.createElement('div');
  root.innerHTML = await renderPage(path);
  return root;
};

/** The page as the server sends it, hydrated by the app as start.tsx does; errors React reports. */
async function hydratePage(path: string, beforeHydrate: (root: HTMLElement) => void = () => undefined) {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(PRERENDERED_PAGE_ATTRIBUTE, path);
  root.innerHTML = await renderPage(path);
  document.body.append(root);
  // A page with a form (login.html) ends with the inline script that holds it until the app
  // (build/entry-after-paint.ts).
  Reflect.deleteProperty(window, HELD_FORM_GLOBAL);
  if (hasPrerenderedForm(root.innerHTML)) runInThisContext(heldFormScript());
  capturePrerenderedForm();
  beforeHydrate(root);
  const router = createAppRouter();
  await whenRouterReady(router);
  prepareHydration(root);
  const errors: unknown[] = [];
  const queryClient = createQueryClient();
  await act(async () => {
    const app = hydrateRoot(
      root,
      appElement(queryClient, <RouterProvider router={router} />, () => finishHydration(root)),
      { onRecoverableError: (error) => errors.push(error) },
    );
    afterEachCleanups.push(() => app.unmount());
    await Promise.resolve();
  });
  return { root, errors };
}

const afterEachCleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of afterEachCleanups.splice(0)) act(cleanup);
  document.body.innerHTML = '';
  clearSession();
});

describe('prerendered pages (decisions 026, 030, 034)', () => {
  it('/login: the login screen, its Sign in button disabled until the entry holds the form', async () => {
    const root = await page('/login');
    expect(root.querySelector('h1')?.textContent).toBe('Installer Toolkit');
    const form = root.querySelector('form[data-prerendered]');
    expect(form?.querySelector('input[name="username"]')).not.toBeNull();
    expect(form?.querySelector('input[name="password"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(root.innerHTML).not.toContain('<script');
  });

  it.each([
    ['/clients', 'Select Client', 'Choose the transit agency you are working for.'],
    ['/overview', 'Fleet Overview', 'Vehicle Status'],
    ['/vehicles', 'Vehicles', 'Loading vehicles'],
    ['/devices', 'Devices', 'Loading devices'],
    ['/dashboard', 'Installer Workspace', 'Loading client...'],
  ])(
    '%s: the screen’s heading and static part, its buttons and selects disabled until the app runs',
    async (path, heading, text) => {
      const root = await page(path);
      expect(root.querySelector('h1')?.textContent).toBe(heading);
      expect(root.textContent + (root.innerHTML.match(/aria-label="[^"]*"/g) ?? []).join(' ')).toContain(
        text,
      );
      expect(root.querySelectorAll('h1')).toHaveLength(1);
      expect(root.innerHTML).not.toContain('<script');
      for (const control of root.querySelectorAll('button, select')) expect(control).toBeDisabled();
    },
  );

  it('draws the frame without any user’s data: the product’s name in place of the agency', async () => {
    for (const path of ['/overview', '/vehicles', '/devices', '/dashboard']) {
      const root = await page(path);
      expect(root.querySelector('header')?.textContent).toContain('Installer Toolkit');
      expect(root.querySelector('[data-testid="header-agency"]')).toBeNull();
      expect(root.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    }
    expect((await page('/clients')).textContent).not.toContain('Signed in as');
  });

  it.each([
    ['/vehicles', 'Vehicle ID, description or route'],
    ['/devices', 'Device ID or type'],
  ])(
    '%s: shows the search box while the list loads, where the list will put it',
    async (path, placeholder) => {
      const input = (await page(path)).querySelector('input[type="search"]');
      expect(input?.getAttribute('placeholder')).toBe(placeholder);
    },
  );

  it('leaves the session and the selected client as they were', async () => {
    setToken('mine', false);
    setSelectedClientId(7);
    await page('/overview');
    expect(getSelectedClientId()).toBe(7);
    clearSession();
    await page('/overview');
    expect(getSelectedClientId()).toBeNull();
  });

  it.each(SHELL_SCREENS)(
    '%s: the app hydrates the page, keeping its elements and what was typed',
    async (path) => {
      fetchMock.otherwise(deferred().answer);
      setToken('mine', false);
      setSelectedClientId(7);
      // React reports an attribute the first render draws otherwise only in the console (it keeps
      // the page's, wrong from then on): a state read from the phone outside useSyncExternalStore.
      const logged = vi.spyOn(console, 'error');
      const typedInto: HTMLInputElement[] = [];
      const { root, errors } = await hydratePage(path, (shell) => {
        for (const field of shell.querySelectorAll('input')) {
          field.value = '1001';
          typedInto.push(field);
        }
      });
      expect(errors).toEqual([]);
      expect(logged.mock.calls.filter(([message]) => /didn.t match/.test(String(message)))).toEqual([]);
      expect(root.querySelector('[data-shell-disabled], select[disabled]')).toBeNull();
      for (const field of typedInto) {
        expect(root.contains(field)).toBe(true);
        expect(field).toHaveValue('1001');
      }
    },
  );

  it('/devices: a phone that chose the cards view hydrates the list view the build drew, then shows its choice', async () => {
    fetchMock.otherwise(deferred().answer);
    setToken('mine', false);
    setSelectedClientId(7);
    // Chosen on the phone, not in the build (whose render reads the same storage here).
    const { root, errors } = await hydratePage('/devices', () =>
      localStorage.setItem(VIEW_MODE_KEY, 'cards'),
    );
    expect(errors).toEqual([]);
    // React leaves a mismatched attribute as the page drew it: the choice shows only if the first
    // render was the build's.
    await waitFor(() =>
      expect(root.querySelector('button[aria-label="Cards view"]')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(root.querySelector('button[aria-label="List view"]')).toHaveAttribute('aria-pressed', 'false');
  });

  it('/login: what was typed, ticked and sent before the app ran signs in once, with it', async () => {
    fetchMock.on('POST', '/api/auth/login', deferred().answer);
    const { root, errors } = await hydratePage('/login', (shell) => {
      const username = shell.querySelector<HTMLInputElement>('input[name="username"]');
      const password = shell.querySelector<HTMLInputElement>('input[name="password"]');
      if (!username || !password) throw new Error('prerendered inputs missing');
      username.value = 'installer@agency';
      password.value = 'typed-early';
      password.focus();
      shell.querySelector<HTMLElement>('[role="checkbox"]')?.click();
      shell.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
      shell.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    expect(errors).toEqual([]);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/api/auth/login')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(fetchMock.lastCall().body).toEqual({
      username: 'installer@agency',
      password: 'typed-early',
      rememberMe: true,
    });
    expect(root.querySelector('input[name="password"]')).toHaveFocus();
    expect(root.querySelector('[role="checkbox"]')).toHaveAttribute('aria-checked', 'true');
  });
});
