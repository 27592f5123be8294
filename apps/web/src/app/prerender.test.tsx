import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { clearSession, getSelectedClientId, setSelectedClientId } from '../lib/storage.ts';
import { renderLoginScreen, renderPage } from './prerender.tsx';

describe('prerendered login page (decision 026)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the login screen with a form that cannot be sent before the app runs', () => {
    const html = renderLoginScreen();
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Installer Toolkit');
    const form = page.querySelector('form[data-prerendered]');
    expect(form?.querySelector('input[name="username"]')).not.toBeNull();
    expect(form?.querySelector('input[name="password"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(html).not.toContain('<script');
  });

  it('hands what was typed into it, and the focus, to the app’s form', async () => {
    const stale = document.createElement('div');
    stale.innerHTML = renderLoginScreen();
    document.body.append(stale);
    const username = stale.querySelector<HTMLInputElement>('input[name="username"]');
    const password = stale.querySelector<HTMLInputElement>('input[name="password"]');
    if (!username || !password) throw new Error('prerendered inputs missing');
    username.value = 'installer@agency';
    password.value = 'typed-early';
    password.focus();
    // The app's form finds the static one as it renders, and reads it once it has replaced it.

    renderWithProviders(<LoginForm />, { route: '/login' });
    stale.remove();
    expect(screen.getByLabelText('Username or email')).toHaveValue('installer@agency');
    expect(screen.getByLabelText('Password')).toHaveValue('typed-early');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('prerendered app shells of the signed-in screens (decision 030)', () => {
  const page = (path: string) => {
    const root = document.createElement('div');
    root.innerHTML = renderPage(path);
    return root;
  };

  it.each([
    ['/clients', 'Select Client', 'Choose the transit agency you are working for.'],
    ['/overview', 'Fleet Overview', 'Vehicle Status'],
    ['/vehicles', 'Vehicles', 'Loading vehicles'],
    ['/devices', 'Devices', 'Loading devices'],
    ['/dashboard', 'Installer Workspace', 'Loading client...'],
  ])(
    '%s: the screen’s heading and static part, all of it inert until the app replaces it',
    (path, heading, text) => {
      const root = page(path);
      expect(root.querySelector('h1')?.textContent).toBe(heading);
      expect(root.textContent + (root.innerHTML.match(/aria-label="[^"]*"/g) ?? []).join(' ')).toContain(
        text,
      );
      expect(root.firstElementChild?.hasAttribute('inert')).toBe(true);
      expect(root.querySelectorAll('h1')).toHaveLength(1);
      expect(root.innerHTML).not.toContain('<script');
    },
  );

  it('draws the frame without any user’s data: the product’s name in place of the agency', () => {
    for (const path of ['/overview', '/vehicles', '/devices', '/dashboard']) {
      const root = page(path);
      expect(root.querySelector('header')?.textContent).toContain('Installer Toolkit');
      expect(root.querySelector('[data-testid="header-agency"]')).toBeNull();
      expect(root.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    }
    expect(page('/clients').textContent).not.toContain('Signed in as');
  });

  it('shows the vehicles’ search box while the list loads, where the list will put it', () => {
    const input = page('/vehicles').querySelector('input[type="search"]');
    expect(input?.getAttribute('placeholder')).toBe('Vehicle ID, description or route');
  });

  it('leaves the selected client as it was', () => {
    setSelectedClientId(7);
    page('/overview');
    expect(getSelectedClientId()).toBe(7);
    clearSession();
    page('/overview');
    expect(getSelectedClientId()).toBeNull();
  });
});
