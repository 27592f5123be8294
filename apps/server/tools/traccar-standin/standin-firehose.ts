import type { StandinState, TcDevice, TcStatus } from './standin-state.ts';

/** A fleet on the road (benchmarks, demos): what `TraccarStandin.firehose()` takes. */
export interface FirehoseOptions {
  /** Each unit reports this often (seconds). */
  seconds: number;
  /** The share of a unit's turns that are a status change instead of a report (default 0.01). */
  statusShare?: number;
  /** Turns are spread over this many slices a second (default 10). */
  slicesPerSecond?: number;
  /** Told of every status change the firehose makes, with when (benchmarks time them). */
  onStatus?: (device: TcDevice, status: TcStatus, at: number) => void;
  /** Random numbers in [0, 1) (default Math.random; seed it for repeatable runs). */
  random?: () => number;
}

/** What the firehose uses of the stand-in: its state and its own way of making a unit report. */
export interface FirehoseHost {
  readonly state: StandinState;
  setStatus(uniqueId: string, status: TcStatus, attributes?: Record<string, unknown>): TcDevice;
}

/** Who receives each device's messages, asked of the state once a second rather than per message. */
export type WatcherIndex = (deviceId: number) => readonly number[];

function watcherIndex(state: StandinState): WatcherIndex {
  const byDevice = new Map<number, number[]>();
  for (const user of state.users.keys()) {
    for (const d of state.linkedDevices(user)) {
      const list = byDevice.get(d.id) ?? [];
      list.push(user);
      byDevice.set(d.id, list);
    }
  }
  return (deviceId) => byDevice.get(deviceId) ?? [];
}

/**
 * Every enabled unit reports every `seconds`, as units on the road do: Traccar then sends a
 * `positions` message with the new position and a `devices` message with the new `lastUpdate`
 * (the stand-in's `setStatus`, which a unit reporting in is). A small share of turns change a
 * unit's status instead: an online unit goes offline or unknown, a silent one comes back online.
 * A silent unit does not report. The position a report replaces is dropped (the stand-in keeps
 * the latest only, so a long run does not grow). Returns the stop.
 */
export function startFirehose(
  host: FirehoseHost,
  options: FirehoseOptions,
  useWatchers: (index: WatcherIndex | null) => void,
): () => void {
  const random = options.random ?? Math.random;
  const share = options.statusShare ?? 0.01;
  const perSecond = options.slicesPerSecond ?? 10;
  const slices = Math.max(1, Math.round(options.seconds * perSecond));
  let slice = 0;
  let indexedAt = 0;

  const report = (d: TcDevice) => {
    const before = d.positionId;
    host.setStatus(d.uniqueId, 'online', {
      sat: 6 + Math.floor(random() * 7),
      rssi: 14 + Math.floor(random() * 12),
      power: Math.round((12.4 + random() * 1.8) * 10) / 10,
      battery: Math.round((3.9 + random() * 0.3) * 100) / 100,
      ignition: random() > 0.1,
      hdop: Math.round((0.6 + random()) * 10) / 10,
    });
    if (before !== d.positionId) host.state.positions.delete(before);
  };

  const turn = (d: TcDevice) => {
    if (random() < share) {
      const status: TcStatus = d.status !== 'online' ? 'online' : random() < 0.5 ? 'offline' : 'unknown';
      if (status === 'online') report(d);
      else host.setStatus(d.uniqueId, status);
      options.onStatus?.(d, status, Date.now());
    } else if (d.status === 'online') report(d);
  };

  const tick = () => {
    const now = Date.now();
    if (now - indexedAt >= 1000) {
      useWatchers(watcherIndex(host.state));
      indexedAt = now;
    }
    let i = 0;
    for (const d of host.state.devices.values()) {
      if (i++ % slices === slice && !d.disabled) turn(d);
    }
    slice = (slice + 1) % slices;
  };
  const timer = setInterval(tick, Math.round(1000 / perSecond));
  timer.unref();
  return () => {
    clearInterval(timer);
    useWatchers(null);
  };
}
