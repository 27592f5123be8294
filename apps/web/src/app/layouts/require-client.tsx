import { Outlet, useMatches } from 'react-router';
import { NoClientSelected } from '../../components/layout/no-client-selected.tsx';
import { useSelectedClientId } from '../../lib/use-selected-client.ts';
import type { ClientScope } from '../route-table.ts';

function isClientScope(value: unknown): value is ClientScope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'what' in value &&
    typeof value.what === 'string'
  );
}

/**
 * The route guard 'a client must be selected' (§2): the client-scoped screens of the route table
 * render only with a selected client; without one, the 'No Client Selected' card with the screen's
 * title. It follows the stored selection, so clearing it (a 401, §4) shows the card at once.
 */
export function RequireClient() {
  const clientId = useSelectedClientId();
  const scope = useMatches()
    .map((m) => m.handle)
    .findLast(isClientScope);
  if (clientId === null) {
    return <NoClientSelected title={scope?.title ?? 'Select Client'} what={scope?.what ?? 'its data'} />;
  }
  return <Outlet />;
}
