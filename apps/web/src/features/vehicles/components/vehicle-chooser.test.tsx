import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { installFetchMock, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HOUR, goOffline, restoreCopies } from '../../../test/saved-copies.ts';
import { VehicleChooser } from './vehicle-chooser.tsx';

const api = installFetchMock();

const choose = () => (
  <VehicleChooser clientId={3} enabled excludeId={null} selectedId={null} onSelect={() => undefined} />
);

describe('VehicleChooser without signal', () => {
  it("offers the vehicles kept on this phone when the refresh gets no answer (an offline assignment's target)", async () => {
    api.on('GET', '/api/vehicles/client/3', networkError());
    const queryClient = createQueryClient();
    await restoreCopies(queryClient, [
      {
        queryKey: ['/api/vehicles/client', 3],
        data: [makeVehicle({ id: 264, vehicleId: '264' })],
        age: HOUR,
      },
    ]);
    goOffline();
    renderWithProviders(choose(), { queryClient });
    // The refresh has failed (the copy stays in the cache beside the error).
    await waitFor(() => expect(queryClient.getQueryState(['/api/vehicles/client', 3])?.status).toBe('error'));
    expect(await screen.findByRole('button', { name: /^Vehicle 264/ })).toBeInTheDocument();
    expect(screen.queryByText('Could not load the vehicles')).not.toBeInTheDocument();
  });

  it('says nothing is saved yet when offline with no copy, not an error', async () => {
    api.on('GET', '/api/vehicles/client/3', networkError());
    goOffline();
    renderWithProviders(choose());
    expect(
      await screen.findByText('You are offline and nothing is saved on this phone yet.'),
    ).toBeInTheDocument();
  });
});
