import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DeferredUpdatePrompt } from '../components/layout/deferred-update-prompt.tsx';
import { PRERENDERED_ATTRIBUTE } from '../lib/prerendered-form.ts';
import {
  clearSelectedClientId,
  clearSession,
  getSelectedClientId,
  getToken,
  isRememberMe,
  setSelectedClientId,
  setToken,
} from '../lib/storage.ts';
import { appElement } from './app-element.tsx';
import { createRoutes } from './router.tsx';
import { SCREENS } from './route-table.ts';

/** The signed-in screens with an app shell (decisions 030, 031). */
export const SHELL_SCREENS: readonly string[] = [
  '/clients',
  '/overview',
  '/vehicles',
  '/devices',
  '/dashboard',
];

/** A placeholder client for the shells of the client-scoped screens: never fetched, never shown. */
const SHELL_CLIENT_ID = 1;
/** A placeholder session for the shells: the route guard lets the screen render; never sent. */
const SHELL_TOKEN = 'prerender';

/** Marks the buttons of a shell: disabled in the page until the app holds them (decision 034). */
const SHELL_DISABLED_ATTRIBUTE = 'data-shell-disabled';

/**
 * The page the build writes for `path` (decisions 026, 030, 034): the app's own tree (router, frame,
 * screen) rendered as the browser renders it first, so that the app hydrates it, keeping its
 * elements and whatever was typed into them, instead of replacing it. The login screen is rendered
 * signed out; a signed-in screen with a placeholder session and client, every query pending: its
 * loading state, with no user's data.
 */
export async function renderPage(path: string): Promise<string> {
  if (path === '/login') return sealLoginForm(await renderRoute(path));
  if (!SHELL_SCREENS.includes(path) || !SCREENS.some((s) => s.path === path))
    throw new Error(`prerender: no page for ${path}`);
  return withShellSession(path, () => renderRoute(path)).then(disableShellButtons);
}

async function renderRoute(path: string): Promise<string> {
  const handler = createStaticHandler(createRoutes(<DeferredUpdatePrompt />));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response)
    throw new Error(`prerender: ${path} redirected (${String(context.status)})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  try {
    const html = renderToString(
      appElement(queryClient, <StaticRouterProvider router={router} context={context} hydrate={false} />),
    );
    if (html.trim() === '') throw new Error(`prerender: ${path} rendered nothing`);
    return html;
  } finally {
    // Each query the render made holds a 5-minute garbage-collection timer, which kept the build's
    // process alive for 5 minutes after it had finished: remove them with the render.
    queryClient.clear();
  }
}

/**
 * The login form cannot be sent before the page's entry script holds it (it sends nothing itself
 * and, with JavaScript, the browser would put the password in the URL): its submit button is
 * disabled in the page, and the entry enables it at once (lib/prerendered-form.ts).
 */
function sealLoginForm(html: string): string {
  const form = html.replace('<form ', `<form ${PRERENDERED_ATTRIBUTE}="" `);
  const sealed = form.replace('<button type="submit"', '<button type="submit" disabled=""');
  if (form === html || sealed === form)
    throw new Error('prerender: the login form or its submit button changed');
  return sealed;
}

/**
 * A shell's buttons do nothing until the app runs, so they do not look or act usable before it:
 * disabled in the page, enabled again (the attribute removed) just before the app hydrates. So are
 * its selects (the devices' sort): the hydration would keep an option chosen before the app ran on
 * screen, while the app went on with the one it drew. Text fields stay usable: what is typed into
 * them is kept by the hydration.
 */
function disableShellButtons(html: string): string {
  return html.replace(
    /<(button|select)\b(?![^>]*\sdisabled="")/g,
    (_match, tag: string) => `<${tag} ${SHELL_DISABLED_ATTRIBUTE}="" disabled=""`,
  );
}

async function withShellSession(path: string, render: () => Promise<string>): Promise<string> {
  const selected = getSelectedClientId();
  const token = getToken();
  const remembered = isRememberMe();
  setToken(SHELL_TOKEN, false);
  setSelectedClientId(SHELL_CLIENT_ID);
  try {
    const html = await render();
    if (html.includes(SHELL_TOKEN)) throw new Error(`prerender: ${path} shows the placeholder session`);
    return html;
  } finally {
    clearSession();
    if (token !== null) setToken(token, remembered);
    if (selected === null) clearSelectedClientId();
    else setSelectedClientId(selected);
  }
}
