import { TOUR_AUTO_OPEN_MS } from '@toolkit/contracts/constants.ts';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(async () => {
  const { closeTour } = await import('../hooks/tour-store.ts');
  act(() => closeTour());
  vi.useRealTimers();
});

/** The launcher as the app mounts it, on `path`, with a fresh module (it opens once per load). */
async function load(path: string) {
  const { TourLauncher } = await import('./tour-launcher.tsx');
  const router = createMemoryRouter([{ path: '*', element: <TourLauncher /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TourLauncher (§4)', () => {
  it('opens the tour 1 s after load when the marker is absent', async () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('rememberMe', 'true');
    await load('/clients');
    await act(() => vi.advanceTimersByTimeAsync(TOUR_AUTO_OPEN_MS - 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    // The dialog's code loads on demand.
    expect(
      await screen.findByRole('dialog', { name: 'Guided Tour' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 12')).toBeInTheDocument();
  });

  it('stays closed when the tour was completed, and on the sign-in screen', async () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('rememberMe', 'true');
    const router = await load('/login');
    await act(() => vi.advanceTimersByTimeAsync(TOUR_AUTO_OPEN_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();

    localStorage.setItem('tourCompleted', 'true');
    await act(() => router.navigate('/overview'));
    await act(() => vi.advanceTimersByTimeAsync(TOUR_AUTO_OPEN_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
