import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { renderLoginScreen } from './prerender.tsx';

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
