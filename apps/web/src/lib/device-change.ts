import type { QueryKey } from '@tanstack/react-query';

/** What an assignment, an unassignment or a new device changed. */
export type DeviceChange = {
  clientId: number;
  deviceIds: readonly string[];
  /** The vehicles the devices went to (an assignment), whose installation log gains an entry. */
  vehicleIds?: readonly number[];
};

type Follower = (change: DeviceChange) => readonly QueryKey[];
const followers = new Set<Follower>();

/**
 * A resource's home names which of its own queries a device change makes stale (the vehicle list's
 * device counts, the fleet overview, the client list): the devices feature refreshes them by their
 * keys without importing those features (decision 032). It is called where the query factory is
 * defined, so a query can be in the cache only once its follower is known (a saved copy restored at
 * start is marked stale anyway, decision 020).
 */
export function refreshOnDeviceChange(follower: Follower): void {
  followers.add(follower);
}

/** The other resources' query keys a device change makes stale. */
export function deviceChangeFollowers(change: DeviceChange): QueryKey[] {
  return [...followers].flatMap((follower) => follower(change));
}
