import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as ClientsRoute } from '../../../app/routes/clients.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { enqueue, pendingEntries } from '../../../lib/outbox/outbox.ts';
import { getToken } from '../../../lib/storage.ts';
import { DEMO_USER, makeVehicle } from '../../../test/fixtures.ts';
import { installIdbStore } from '../../../test/idb-store.ts';
import { installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HOUR, restoreCopies, savedKeys } from '../../../test/saved-copies.ts';

const api = installFetchMock();
const store = installIdbStore();

const agency = {
  id: 3,
  name: 'VVT',
  fullName: 'Valley Vista Transit',
  region: null,
  vehicleCount: 1,
  deviceCount: 0,
  onlineDeviceCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** A signed-in installer on Select Client, with the last user's fleet kept on this phone. */
async function openClients() {
  const queryClient = createQueryClient();
  await restoreCopies(
    queryClient,
    [
      { queryKey: ['/api/clients'], data: [agency] },
      { queryKey: ['/api/vehicles/client', 3], data: [makeVehicle({ id: 11, vehicleId: '1001' })] },
    ].map((copy) => ({ ...copy, age: HOUR })),
  );
  // What an earlier version kept on its own.
  store.set('vehicles:list:3', { vehicles: [], syncedAt: Date.now() });
  api.on('GET', '/api/clients', json([agency])).on('POST', '/api/auth/logout', text('', 204));
  const view = renderWithProviders(<ClientsRoute />, { user: DEMO_USER, clientId: 3, queryClient });
  expect(await screen.findByText('Valley Vista Transit')).toBeInTheDocument();
  return view;
}

async function expectSignedOutAndForgotten(view: Awaited<ReturnType<typeof openClients>>) {
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  expect(getToken()).toBeNull();
  // (The test router still shows this page at /login, so the client list is asked for again.)
  expect(view.queryClient.getQueryCache().find({ queryKey: ['/api/vehicles/client', 3] })).toBeUndefined();
  await waitFor(() => expect(savedKeys(store)).toEqual([]));
  expect(store.has('vehicles:list:3')).toBe(false);
}

const keep = (label: string) =>
  enqueue({ label, method: 'POST', url: '/api/notes', body: { vehicleId: 11 }, keyPrefix: 'note' });

describe('Logout (§4, issue 14)', { timeout: 20_000 }, () => {
  it('with nothing waiting to be sent, signs out at once and forgets every list kept here', async () => {
    const view = await openClients();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await expectSignedOutAndForgotten(view);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('with unsent changes, names them first; Cancel keeps the session and the changes', async () => {
    await keep('Note added to 1001');
    await keep('Photo of 1001 (before)');
    const view = await openClients();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('alertdialog', { name: '2 changes not sent yet' });
    const items = within(within(dialog).getByRole('list', { name: 'Changes not sent' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Note added to 1001',
      'Photo of 1001 (before)',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(view.router.state.location.pathname).toBe('/');
    expect(getToken()).not.toBeNull();
    expect(await pendingEntries()).toHaveLength(2);
    expect(savedKeys(store)).toHaveLength(2);
    expect(api.callsTo('POST', '/api/auth/logout')).toEqual([]);
  });

  it('Sign out and discard empties the outbox, signs out and forgets the lists', async () => {
    await keep('Note added to 1001');
    const view = await openClients();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: '1 change not sent yet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }));

    await expectSignedOutAndForgotten(view);
    expect(await pendingEntries()).toEqual([]);
  });
});
