import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as DevicesRoute } from '../../../app/routes/devices.tsx';
import { stubScrollIntoView } from '../../../test/dom.ts';
import { makeDevice } from '../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';

const api = installFetchMock();
beforeEach(() => {
  stubScrollIntoView();
});

describe('/devices?deviceId=', () => {
  it('expands that device, then removes the parameter from the URL', async () => {
    api.on('GET', '/api/devices/client/3', json([makeDevice('A-1', 'GPS'), makeDevice('B-2', 'Router')]));
    const { router } = renderWithProviders(<DevicesRoute />, {
      route: '/devices?deviceId=B-2',
      clientId: 3,
    });
    expect(await screen.findByRole('button', { name: /^B-2/ }, { timeout: 10_000 })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: /^A-1/ })).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.search).toBe('');
  });
});
