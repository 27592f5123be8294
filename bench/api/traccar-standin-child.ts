/**
 * The Traccar stand-in of bench:traccar's firehose, in a process of its own (so the toolkit's CPU
 * is measured alone), driven over IPC by traccar-firehose.ts. Argument: the devices of its
 * largest agency.
 */
import { TraccarStandin } from '../../apps/server/tools/traccar-standin/standin-server.ts';

export type ChildCommand =
  | { kind: 'firehose'; seconds: number; statusShare: number }
  | { kind: 'stop-firehose' }
  | { kind: 'stats' }
  | { kind: 'exit' };

export type ChildMessage =
  | { kind: 'ready'; url: string }
  | { kind: 'status'; uniqueId: string; status: string; at: number }
  | { kind: 'stats'; devicesReads: number; groupsReads: number; cpuMicros: number; statusChanges: number };

const devices = Number(process.argv[2] ?? 5000);
const standin = await new TraccarStandin({
  vehicles: [Math.round(devices / 2), 8, 3],
  devicesPerVehicle: 2,
  spares: 0,
}).start();
const send = (message: ChildMessage) => process.send?.(message);
let stop: (() => void) | null = null;
let statusChanges = 0;

process.on('message', (command: ChildCommand) => {
  if (command.kind === 'firehose') {
    stop?.();
    stop = standin.firehose({
      seconds: command.seconds,
      statusShare: command.statusShare,
      onStatus: (device, status, at) => {
        statusChanges += 1;
        send({ kind: 'status', uniqueId: device.uniqueId, status, at });
      },
    });
  } else if (command.kind === 'stop-firehose') {
    stop?.();
    stop = null;
  } else if (command.kind === 'stats') {
    const cpu = process.cpuUsage();
    send({
      kind: 'stats',
      devicesReads: standin.reads.get('/api/devices') ?? 0,
      groupsReads: standin.reads.get('/api/groups') ?? 0,
      cpuMicros: cpu.user + cpu.system,
      statusChanges,
    });
  } else {
    stop?.();
    void standin.stop().then(() => process.exit(0));
  }
});
send({ kind: 'ready', url: standin.url });
