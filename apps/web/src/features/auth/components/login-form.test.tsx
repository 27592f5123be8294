import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../test/fixtures.ts';
import { apiError, deferred, installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { loginErrorMessage } from '../api/login.ts';
import { getCurrentUser } from '../session-store.ts';
import { LoginForm } from './login-form.tsx';

const api = installFetchMock();
const LOGIN = '/api/auth/login';

function renderLogin() {
  return renderWithProviders(<LoginForm />, { route: '/login', toaster: true });
}

describe('LoginForm', () => {
  it('shows the §5 messages when both fields are empty and makes no call', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('treats a username of spaces as missing', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), '   ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('signs in, stores the token for the session only and goes to /clients', async () => {
    const login = deferred();
    api.on('POST', LOGIN, login.answer);
    const { router } = renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    login.resolve(json({ token: 'tok', user: DEMO_USER, expiresAt: '2026-02-01T00:00:00.000Z' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Dana Installer! (session only)')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('rememberMe')).toBe('false');
    expect(getCurrentUser()?.name).toBe('Dana Installer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(api.calls[0]?.body).toEqual({ username: 'demo', password: 'demo-password', rememberMe: false });
  });

  it('says (remembered) when remember-me is ticked', async () => {
    api.on('POST', LOGIN, json({ token: 'tok2', user: DEMO_USER, expiresAt: '2026-02-01T00:00:00.000Z' }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back, Dana Installer! (remembered)')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok2');
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });

  it('shows Login failed with the server message', async () => {
    api.on('POST', LOGIN, apiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    // The toast says it, and so does a message by the fields (issue 16).
    expect(screen.getAllByText('Invalid username or password')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('loginErrorMessage (§7)', () => {
  it('uses the JSON message, else the raw text, else "Login failed"', () => {
    expect(loginErrorMessage('{"message":"Account locked"}')).toBe('Account locked');
    expect(loginErrorMessage('Bad gateway')).toBe('Bad gateway');
    expect(loginErrorMessage('{"code":"X"}')).toBe('{"code":"X"}');
    expect(loginErrorMessage('')).toBe('Login failed');
  });
});
