import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_ERROR_CODES, SIGN_IN_MESSAGES } from '@toolkit/contracts/auth.ts';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, type FetchCall } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const api = installFetchMock();
const LOGIN = '/api/auth/login';
const SIGNED_IN = json({ token: 'tok', user: DEMO_USER, expiresAt: '2026-02-01T00:00:00.000Z' });
const CODE_REQUIRED = apiError(401, SIGN_IN_ERROR_CODES.codeRequired, SIGN_IN_MESSAGES.codeRequired);
const INVALID_CODE = apiError(401, SIGN_IN_ERROR_CODES.invalidCode, SIGN_IN_MESSAGES.invalidCode);

/** A platform account with two-factor sign-in: 123456 is its code. */
function twoFactorAccount(call: FetchCall) {
  const { code } = call.body as { code?: string };
  if (code === undefined) return CODE_REQUIRED;
  return code === '123456' ? SIGNED_IN : INVALID_CODE;
}

const codeField = () => screen.queryByRole('textbox', { name: 'One-time code' });

/** Signs in as a two-factor account and waits for the server to ask for the code. */
async function reachCodeStep() {
  api.on('POST', LOGIN, twoFactorAccount);
  const rendered = renderWithProviders(<LoginForm />, { route: '/login', toaster: true });
  await userEvent.type(screen.getByLabelText('Username or email'), 'tc@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'tc-password');
  expect(codeField()).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const field = await screen.findByRole('textbox', { name: 'One-time code' });
  return { ...rendered, field };
}

describe('LoginForm: the one-time code of a two-factor platform account (issue 32)', () => {
  it('asks for the code when the server does, keeps what was typed, and sends the code along', async () => {
    const { field, router } = await reachCodeStep();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByText(SIGN_IN_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(SIGN_IN_MESSAGES.codeRequired);
    // A code asked for is not a wrong password, nor a failed sign-in.
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveValue('tc@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('tc-password');

    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(api.calls.map((c) => c.body)).toEqual([
      { username: 'tc@example.org', password: 'tc-password', rememberMe: false },
      { username: 'tc@example.org', password: 'tc-password', rememberMe: false, code: '123456' },
    ]);
  });

  it('a wrong code keeps the field, clears it and says so', async () => {
    const { field } = await reachCodeStep();
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.invalidCode);
    expect(codeField()).toBe(field);
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('tc-password');
  });

  it('an empty code is not sent', async () => {
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('changing the username hides the code field, and the next sign-in sends no code', async () => {
    const { field } = await reachCodeStep();
    await userEvent.type(field, '123456');
    await userEvent.type(screen.getByLabelText('Username or email'), '.uk');
    expect(codeField()).not.toBeInTheDocument();
    expect(screen.queryByText(SIGN_IN_MESSAGES.codeRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('textbox', { name: 'One-time code' });
    expect(api.calls[1]?.body).toEqual({
      username: 'tc@example.org.uk',
      password: 'tc-password',
      rememberMe: false,
    });
  });

  it.each([
    [SIGN_IN_ERROR_CODES.disabled, SIGN_IN_MESSAGES.disabled],
    [SIGN_IN_ERROR_CODES.expired, SIGN_IN_MESSAGES.expired],
  ])('%s shows the platform’s refusal', async (code, message) => {
    api.on('POST', LOGIN, apiError(403, code, message));
    renderWithProviders(<LoginForm />, { route: '/login', toaster: true });
    await userEvent.type(screen.getByLabelText('Username or email'), 'tc@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'tc-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(codeField()).not.toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
