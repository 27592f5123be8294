import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { User } from '@toolkit/contracts/auth.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchVerify } from '../../features/auth/api/verify.ts';
import { setCurrentUser } from '../../features/auth/session-store.ts';
import { boardActions, boardLists } from '../../features/campaigns/components/board/board-parts.ts';
import { campaignBoard } from '../../features/campaigns/components/board/board-preload.ts';
import { makeCampaign, makeDashboard } from '../../features/campaigns/test-fixtures.ts';
import { queryClient } from '../../lib/query-client.ts';
import { DEMO_USER } from '../../test/fixtures.ts';
import { deferred, installFetchMock, json } from '../../test/mock-fetch.ts';
import { signIn } from '../../test/render.tsx';
import { Component, loader } from './campaign.tsx';

const api = installFetchMock();

const LEAD: User = { ...DEMO_USER, id: 9, username: 'lead', name: 'Lee Supervisor', role: 'supervisor' };

/** The screen's width as the board's media query reads it. */
function screenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The route as the app has it, opened at /campaigns/5 (the router runs its loader at once). */
const openRoute = () =>
  createMemoryRouter([{ path: '/campaigns/:campaignId', loader, Component }], {
    initialEntries: ['/campaigns/5'],
  });

const boardCalls = () =>
  ['/api/campaigns/5', '/api/campaigns/5/summary', '/api/campaigns/5/stock'].map(
    (url) => api.callsTo('GET', url).length,
  );

/** Lets the loader's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function serveBoard() {
  api.on('GET', '/api/campaigns/5', json(makeCampaign()));
  api.on(
    'GET',
    '/api/campaigns/5/summary',
    json(makeDashboard({ counts: { planned: 5, in_progress: 1, ready_for_review: 1, accepted: 1 } })),
  );
  api.on('GET', '/api/campaigns/5/stock', json([]));
  api.on('GET', '/api/campaigns/5/buses', deferred().answer);
}

afterEach(() => queryClient.clear());
// The board's code the loader started is in before the test environment goes.
afterAll(() => Promise.all([campaignBoard.load(), boardActions.load(), boardLists.load()]));

describe('/campaigns/:campaignId', { timeout: 20_000 }, () => {
  it("asks a supervisor's wide screen for the campaign, its summary and stock as the route opens, and paints them", async () => {
    serveBoard();
    screenWide(true);
    signIn({ user: LEAD, clientId: 3 });
    const router = openRoute();
    await vi.waitFor(() => expect(boardCalls()).toEqual([1, 1, 1]));
    // Nothing drawn yet: the board's lists are not asked for with them.
    expect(api.callsTo('GET', '/api/campaigns/5/buses')).toHaveLength(0);

    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    const planned = await screen.findByText('Planned', { selector: 'dt' });
    expect(planned.nextElementSibling).toHaveTextContent('5');
    expect(boardCalls()).toEqual([1, 1, 1]);
    router.dispose();
  });

  it('asks the moment the start-up verification names a supervisor, before the screen has rendered', async () => {
    serveBoard();
    screenWide(true);
    signIn({ token: 'stored-token', clientId: 3 });
    window.history.replaceState(null, '', '/campaigns/5');
    const router = openRoute();
    await settle();
    expect(boardCalls()).toEqual([0, 0, 0]);

    setCurrentUser(LEAD);
    await vi.waitFor(() => expect(boardCalls()).toEqual([1, 1, 1]));
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    expect(boardCalls()).toEqual([1, 1, 1]);
    router.dispose();
    window.history.replaceState(null, '', '/');
  });

  it("shows neither screen on a wide screen until the verification names the role: no installer's screen flashes for a supervisor", async () => {
    serveBoard();
    screenWide(true);
    signIn({ token: 'stored-token', clientId: 3 });
    const verify = deferred();
    api.on('GET', '/api/auth/verify', verify.answer);
    prefetchVerify(queryClient);
    const router = openRoute();
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status', { name: 'Loading the campaign' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    // Nothing of the installer's screen is asked for: only the verification has gone out.
    expect(api.calls.map((c) => c.url)).toEqual(['/api/auth/verify']);

    verify.resolve({ kind: 'json', status: 200, body: { user: LEAD } });
    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    expect(
      api.calls.filter((c) => !c.url.startsWith('/api/campaigns/5') && c.url !== '/api/auth/verify'),
    ).toEqual([]);
    router.dispose();
  });

  it("asks nothing ahead for an installer, nor on a supervisor's phone", async () => {
    serveBoard();
    screenWide(true);
    signIn({ user: DEMO_USER, clientId: 3 });
    let router = openRoute();
    await settle();
    expect(boardCalls()).toEqual([0, 0, 0]);
    router.dispose();

    setCurrentUser(LEAD);
    screenWide(false);
    router = openRoute();
    await settle();
    expect(boardCalls()).toEqual([0, 0, 0]);
    router.dispose();
  });
});
