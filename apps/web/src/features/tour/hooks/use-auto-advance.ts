import { TOUR_AUTO_ADVANCE_MS } from '@toolkit/contracts/constants.ts';
import { useEffect } from 'react';
import { goToStep, type TourState } from './tour-store.ts';

/** Auto Tour: the next step after 8 s (§4, §9); goToStep stops it on the last step. */
export function useAutoAdvance({ open, auto, step }: TourState): void {
  useEffect(() => {
    if (!open || !auto) return;
    const timer = setTimeout(() => goToStep(step + 1), TOUR_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [open, auto, step]);
}
