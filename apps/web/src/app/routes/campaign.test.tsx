import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { User } from '@toolkit/contracts/auth.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
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

  it('asks as the board renders when the user was not known yet as the route opened', async () => {
    serveBoard();
    screenWide(true);
    signIn({ token: 'stored-token', clientId: 3 });
    const router = openRoute();
    await settle();
    expect(boardCalls()).toEqual([0, 0, 0]);

    setCurrentUser(LEAD);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(boardCalls()).toEqual([1, 1, 1]));
    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    router.dispose();
    setCurrentUser(null);
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
