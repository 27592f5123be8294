import { STORAGE_KEYS, TOUR_STEP_COUNT } from '@toolkit/contracts/constants.ts';
import { useSyncExternalStore } from 'react';

export interface TourState {
  open: boolean;
  /** 0-based index of the step shown. */
  step: number;
  /** Steps the user has been through (left forward, backward or by a jump). */
  visited: ReadonlySet<number>;
  /** Auto Tour: advancing on its own every 8 s. */
  auto: boolean;
}

const CLOSED: TourState = { open: false, step: 0, visited: new Set(), auto: false };
let state: TourState = CLOSED;
const listeners = new Set<() => void>();

function set(next: TourState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTourState(): TourState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    // A prerendered page is hydrated with the tour closed, as the build drew it (decision 034).
    () => CLOSED,
  );
}

/** §4: opening resets to step 1 with nothing visited. */
export function openTour(): void {
  set({ open: true, step: 0, visited: new Set(), auto: false });
}

export function closeTour(): void {
  set(CLOSED);
}

/** Goes to a step, counting the one left as visited. */
export function goToStep(step: number): void {
  if (!state.open || step < 0 || step >= TOUR_STEP_COUNT || step === state.step) return;
  const visited = new Set(state.visited).add(state.step);
  // The auto tour stops on the last step.
  set({ ...state, step, visited, auto: state.auto && step < TOUR_STEP_COUNT - 1 });
}

export function setAutoTour(auto: boolean): void {
  if (state.open) set({ ...state, auto: auto && state.step < TOUR_STEP_COUNT - 1 });
}

export function isTourCompleted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.tourCompleted) === 'true';
  } catch {
    return false;
  }
}

function writeMarker(completed: boolean): void {
  try {
    if (completed) localStorage.setItem(STORAGE_KEYS.tourCompleted, 'true');
    else localStorage.removeItem(STORAGE_KEYS.tourCompleted);
  } catch {
    console.warn('Could not store the tour completion marker');
  }
}

/** Complete Tour: sets the completion marker and closes the tour. */
export function completeTour(): void {
  writeMarker(true);
  closeTour();
}

/** Clears the completion marker: the tour opens by itself again on the next load. */
export function resetTourMarker(): void {
  writeMarker(false);
}
