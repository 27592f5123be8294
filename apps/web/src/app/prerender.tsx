import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { PRERENDERED_ATTRIBUTE } from '../lib/prerendered-form.ts';

/**
 * The login screen as static HTML, written into the build's login.html (build/prerender.ts) and
 * served for /login: the page paints the screen itself, not a loading shell, before any script.
 * The app then replaces it with the same screen (decision 026). Until then the form cannot be
 * sent: its submit button is disabled, which also stops the browser's own submission on Enter (that
 * would put the password in the URL). What is typed meanwhile is carried over (prerendered-form.ts).
 */
export function renderLoginScreen(): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = html.replace('<form ', `<form ${PRERENDERED_ATTRIBUTE}="" `);
  const sealed = form.replace('<button type="submit"', '<button type="submit" disabled=""');
  if (form === html || sealed === form)
    throw new Error('prerender: the login form or its submit button changed');
  return sealed;
}
