import { TOUR_AUTO_ADVANCE_MS, TOUR_STEP_COUNT } from '@toolkit/contracts/constants.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeTour, isTourCompleted, openTour, resetTourMarker } from '../hooks/tour-store.ts';
import { TOUR_CATEGORIES, TOUR_STEPS } from '../utils/tour-steps.ts';
import { TourDialog } from './tour-dialog.tsx';

beforeEach(() => {
  localStorage.clear();
  act(() => openTour());
});
afterEach(() => {
  act(() => closeTour());
  vi.useRealTimers();
});

const dialog = () => screen.getByRole('dialog', { name: 'Guided Tour' });
const grid = () => within(dialog()).getByRole('list', { name: 'Tour highlights' });

describe('TourDialog (§2, §4)', () => {
  it('has 12 steps in the spec’s order, each with a title, description and known category', () => {
    expect(TOUR_STEPS).toHaveLength(TOUR_STEP_COUNT);
    expect(TOUR_STEPS.slice(0, 10).map((s) => s.id)).toEqual([
      'welcome',
      'login',
      'overview',
      'vehicles',
      'assignment',
      'new-devices',
      'control',
      'documentation',
      'vehicle-info',
      'bottom-nav',
    ]);
    for (const step of TOUR_STEPS) {
      expect(step.title.length).toBeGreaterThan(3);
      expect(step.description.length).toBeGreaterThan(20);
      expect(TOUR_CATEGORIES).toContain(step.category);
    }
  });

  it('moves with Next, Previous and the highlights grid, marking the steps left as done', async () => {
    const user = userEvent.setup();
    render(<TourDialog />);
    expect(within(dialog()).getByText('Step 1 of 12')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(grid()).queryAllByText('Done')).toHaveLength(0);

    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(within(dialog()).getByText('Step 2 of 12')).toBeInTheDocument();
    expect(within(dialog()).getByRole('heading', { name: 'Login and Client Selection' })).toBeInTheDocument();
    expect(within(grid()).getByRole('button', { name: /Welcome to Installer Toolkit/ })).toHaveTextContent(
      'Done',
    );

    await user.click(within(grid()).getByRole('button', { name: /Installation Documentation/ }));
    expect(within(dialog()).getByText('Step 8 of 12')).toBeInTheDocument();
    // Built since (decision 049): the step no longer says it is in development.
    expect(within(dialog()).queryByText('In development')).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Development')).toBeInTheDocument();
    expect(within(grid()).getAllByText('Done')).toHaveLength(2);

    await user.click(within(dialog()).getByRole('button', { name: 'Previous' }));
    expect(within(dialog()).getByText('Step 7 of 12')).toBeInTheDocument();
  });

  it('Auto Tour advances every 8 s and stops on the last step', async () => {
    vi.useFakeTimers();
    render(<TourDialog />);
    act(() => screen.getByRole('button', { name: 'Auto Tour' }).click());
    expect(screen.getByRole('button', { name: 'Pause Tour' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => vi.advanceTimersByTimeAsync(TOUR_AUTO_ADVANCE_MS - 10));
    expect(screen.getByText('Step 1 of 12')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Step 2 of 12')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOUR_AUTO_ADVANCE_MS * 20));
    expect(screen.getByText('Step 12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auto Tour' })).toBeDisabled();
  });

  it('Complete Tour on the last step sets the marker; reopening starts over with nothing visited', async () => {
    const user = userEvent.setup();
    render(<TourDialog />);
    expect(screen.queryByRole('button', { name: 'Complete Tour' })).toBeNull();
    await user.click(within(grid()).getByRole('button', { name: /Support and Mood Tracker/ }));
    await user.click(screen.getByRole('button', { name: 'Complete Tour' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isTourCompleted()).toBe(true);

    act(() => openTour());
    expect(screen.getByText('Step 1 of 12')).toBeInTheDocument();
    expect(within(grid()).queryAllByText('Done')).toHaveLength(0);
    resetTourMarker();
    expect(isTourCompleted()).toBe(false);
  });
});
