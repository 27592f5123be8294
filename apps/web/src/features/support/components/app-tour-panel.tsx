import { TOUR_STEP_COUNT } from '@toolkit/contracts/constants.ts';
import { Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { isTourCompleted, openTour, resetTourMarker } from '../../tour/index.ts';

/** Start or restart the guided tour, or reset its completion marker. */
export function AppTourPanel() {
  const [completed, setCompleted] = useState(isTourCompleted);
  const reset = () => {
    resetTourMarker();
    setCompleted(false);
    toast({ title: 'Tour reset', description: 'The tour will open by itself the next time the app loads.' });
  };
  return (
    <Card className="grid gap-3">
      <CardTitle>App Tour</CardTitle>
      <p>
        {TOUR_STEP_COUNT} steps through the toolkit, about 5 to 10 minutes. You can jump to any step, or let
        Auto Tour move on by itself.
      </p>
      <p className="font-semibold" role="status">
        {completed ? 'You have completed the tour.' : 'You have not completed the tour yet.'}
      </p>
      <div className="grid gap-2 min-[480px]:grid-cols-2">
        <Button onClick={openTour}>
          <Play aria-hidden className="size-5" />
          {completed ? 'Restart Tour' : 'Start Tour'}
        </Button>
        <Button variant="outline" onClick={reset} disabled={!completed}>
          <RotateCcw aria-hidden className="size-5" />
          Reset Tour
        </Button>
      </div>
    </Card>
  );
}
