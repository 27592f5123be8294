import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearSession } from '../../../lib/storage.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { loginErrorMessage } from '../api/login.ts';
import { getCurrentUser, setCurrentUser } from '../session-store.ts';
import { LoginForm } from './login-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
const user = {
  id: 1,
  username: 'demo',
  name: 'Dana Installer',
  role: 'installer',
  clientIds: [1],
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderLogin() {
  return renderWithProviders(
    <>
      <LoginForm />
      <Toaster />
    </>,
    { route: '/login' },
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearSession();
  setCurrentUser(null);
});

describe('LoginForm', () => {
  it('shows the §5 messages when both fields are empty and makes no call', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
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
    let resolve: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    const { router } = renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    resolve(jsonResponse({ token: 'tok', user, expiresAt: '2026-02-01T00:00:00.000Z' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Dana Installer! (session only)')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('rememberMe')).toBe('false');
    expect(getCurrentUser()?.name).toBe('Dana Installer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    const sent = fetchMock.mock.calls[0]?.[1]?.body;
    expect(typeof sent).toBe('string');
    const body: unknown = JSON.parse(typeof sent === 'string' ? sent : '');
    expect(body).toEqual({ username: 'demo', password: 'demo-password', rememberMe: false });
  });

  it('says (remembered) when remember-me is ticked', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'tok2', user, expiresAt: '2026-02-01T00:00:00.000Z' }));
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
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' }, 401),
    );
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
