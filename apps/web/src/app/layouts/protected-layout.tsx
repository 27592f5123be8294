import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { RequireAuth } from './require-auth.tsx';

/** The signed-in part of the app, loaded on demand: guard plus tooltips (700 ms / 300 ms). */
export function Component() {
  return (
    <TooltipProvider>
      <RequireAuth />
    </TooltipProvider>
  );
}
