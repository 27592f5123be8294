import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as DevicesRoute } from '../../../app/routes/devices.tsx';
import { clearSession, setSelectedClientId } from '../../../lib/storage.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeDevice } from '../test-devices.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSelectedClientId(3);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearSession();
});

describe('/devices?deviceId=', () => {
  it('expands that device, then removes the parameter from the URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse([makeDevice('A-1', 'GPS'), makeDevice('B-2', 'Router')]));
    const { router } = renderWithProviders(<DevicesRoute />, { route: '/devices?deviceId=B-2' });
    expect(await screen.findByRole('button', { name: /^B-2/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^A-1/ })).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.search).toBe('');
  });
});
