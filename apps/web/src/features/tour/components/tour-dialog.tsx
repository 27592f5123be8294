import { TOUR_STEP_COUNT } from '@toolkit/contracts/constants.ts';
import { Check, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAutoAdvance } from '../hooks/use-auto-advance.ts';
import { useTargetRect } from '../hooks/use-target-rect.ts';
import { closeTour, completeTour, goToStep, setAutoTour, useTourState } from '../hooks/tour-store.ts';
import { TOUR_STEPS } from '../utils/tour-steps.ts';
import { TourHighlight } from './tour-highlight.tsx';

/** The guided tour (§2, §4): 12 steps, a highlights grid, Previous/Next, dots and Auto Tour. */
export function TourDialog() {
  const tour = useTourState();
  useAutoAdvance(tour);
  const step = TOUR_STEPS[tour.step] ?? TOUR_STEPS[0];
  const target: string | undefined = 'target' in step ? step.target : undefined;
  const rect = useTargetRect(tour.open ? target : undefined);
  const last = tour.step === TOUR_STEP_COUNT - 1;

  return (
    <Dialog open={tour.open} onOpenChange={(open) => !open && closeTour()}>
      <DialogContent
        title="Guided Tour"
        description={`Step ${String(tour.step + 1)} of ${String(TOUR_STEP_COUNT)}`}
      >
        {rect && <TourHighlight rect={rect} />}
        <section aria-labelledby="tour-step-title" aria-live="polite" className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Badge tone="primary">{step.category}</Badge>
          </div>
          <h3 id="tour-step-title" className="text-lg font-bold">
            {step.title}
          </h3>
          <p>{step.description}</p>
          {rect && <p className="text-sm font-semibold">It is highlighted on this screen.</p>}
        </section>

        <ol aria-hidden className="my-4 flex justify-center gap-1.5">
          {TOUR_STEPS.map((s, i) => (
            <li
              key={s.id}
              className={cn(
                'size-2.5 rounded-full',
                i === tour.step ? 'bg-primary' : tour.visited.has(i) ? 'bg-success' : 'bg-border',
              )}
            />
          ))}
        </ol>

        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" onClick={() => goToStep(tour.step - 1)} disabled={tour.step === 0}>
            <ChevronLeft aria-hidden className="size-5" />
            Previous
          </Button>
          {last ? (
            <Button onClick={completeTour}>
              <Check aria-hidden className="size-5" />
              Complete Tour
            </Button>
          ) : (
            <Button onClick={() => goToStep(tour.step + 1)}>
              Next
              <ChevronRight aria-hidden className="size-5" />
            </Button>
          )}
        </div>
        <Button
          variant="outline"
          className="mt-2 w-full"
          aria-pressed={tour.auto}
          disabled={last}
          onClick={() => setAutoTour(!tour.auto)}
        >
          {tour.auto ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
          {tour.auto ? 'Pause Tour' : 'Auto Tour'}
        </Button>

        <h3 id="tour-highlights" className="mt-5 mb-2 font-semibold">
          Tour highlights
        </h3>
        <ul aria-labelledby="tour-highlights" className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
          {TOUR_STEPS.map((s, i) => {
            const done = tour.visited.has(i);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  aria-current={i === tour.step ? 'step' : undefined}
                  onClick={() => goToStep(i)}
                  className={cn(
                    'flex min-h-11 w-full items-center gap-2 rounded-lg border-2 border-border px-3 py-2 text-left text-sm font-semibold',
                    i === tour.step && 'border-primary bg-primary-soft',
                  )}
                >
                  <span className="min-w-0 flex-1">{s.title}</span>
                  {done && (
                    <span className="flex items-center gap-1 text-success">
                      <Check aria-hidden className="size-4" />
                      Done
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
