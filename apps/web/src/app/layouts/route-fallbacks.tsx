import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** Shown while the first route's code loads. */
export function RouteLoading() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto grid max-w-3xl gap-4 p-4">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </div>
  );
}

/** A route that failed to load or render (e.g. a code chunk unreachable offline). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="mx-auto grid max-w-lg gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This screen could not be opened. Check your connection and try again.
      </p>
      {detail && <p className="text-sm break-words text-muted-foreground">{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
