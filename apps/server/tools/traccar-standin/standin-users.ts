import { publicUser } from './standin-objects.ts';
import type { StandinState } from './standin-state.ts';
import { AT, securityError, type WireAnswer, type WireRequest } from './standin-wire.ts';

/**
 * `GET /api/users[/{id}]` as UserResource (api/resource/UserResource.java) answers it: the list is
 * every user for an administrator and, for anyone else, the users they manage (none here); one
 * user is BaseObjectResource.getSingle, whose checkPermission lets a user read itself and refuses
 * another ("User access denied", 400). Never a password.
 */
export function usersResource(
  state: StandinState,
  req: WireRequest,
  caller: number,
  id: number | null,
): WireAnswer {
  if (req.method !== 'GET') return { status: 404 };
  const admin = state.user(caller)?.administrator === true;
  if (id === null)
    return { status: 200, json: admin ? [...state.users.keys()].map((u) => publicUser(state, u)) : [] };
  if (!admin && caller !== id) throw securityError('User access denied', AT.checkPermission, AT.getSingle);
  // The service account is in no table: even it reading itself finds no row (404).
  return state.users.has(id) ? { status: 200, json: publicUser(state, id) } : { status: 404 };
}
