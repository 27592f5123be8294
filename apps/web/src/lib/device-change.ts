import type { QueryKey } from '@tanstack/react-query';

/** What an assignment, an unassignment or a new device changed. */
export type DeviceChange = {
  clientId: number;
  deviceIds: readonly string[];
  /** The vehicles the devices went to (an assignment), whose installation log gains an entry. */
  vehicleIds?: readonly number[];
};

type Follower = (change: DeviceChange) => readonly QueryKey[];
let followers: readonly Follower[] = [];

/**
 * Who follows a device change, declared once at app start (app/refresh-wiring.ts, decision 044):
 * each resource's home maps a change to its own queries' keys (the vehicle list's device counts,
 * the fleet overview, the client list, the vehicles' logs), and the devices feature refreshes them
 * by those keys without importing those features (decision 032). No module declares anything when
 * it loads: what refreshes does not depend on which code has been loaded.
 */
export function declareDeviceChangeFollowers(declared: readonly Follower[]): void {
  followers = declared;
}

/** The other resources' query keys a device change makes stale. */
export function deviceChangeFollowers(change: DeviceChange): QueryKey[] {
  return followers.flatMap((follower) => follower(change));
}
