import type { FleetProvider } from '../fleet-provider.ts';

/**
 * The wire protocol between the HTTP provider and the simulator server: POST /rpc/{method} with
 * `{ args: [...] }`, answered `{ result }` or `{ error: { message } }` with a 4xx/5xx status.
 */
/** Every provider call but the lifecycle ones and `createVehicle` (absent: its vehicles stay local, §7). */
export type RpcMethod = Exclude<
  keyof FleetProvider,
  'close' | 'watch' | 'platform' | 'createVehicle' | 'actsAsUser' | 'accessOf' | 'endCredential'
>;

export const RPC_METHODS = [
  'signIn',
  'accountIdOf',
  'listClients',
  'listVehicles',
  'listDevices',
  'getDevice',
  'listDeviceSystems',
  'listSoftwareVersions',
  'updateVehicle',
  'assignDevice',
  'unassignDevice',
  'createDevice',
  'sendSms',
  'tabletOperation',
  'upload',
] as const satisfies readonly RpcMethod[];

/** Calls that create something or send a message: repeating them after a timeout could do it twice. */
const NOT_REPEATABLE: ReadonlySet<RpcMethod> = new Set<RpcMethod>([
  'createDevice',
  'sendSms',
  'tabletOperation',
  'upload',
]);

/** Methods that are safe to repeat after a timeout: reads, and writes that set a state. */
export const RETRYABLE_METHODS: ReadonlySet<RpcMethod> = new Set(
  RPC_METHODS.filter((m) => !NOT_REPEATABLE.has(m)),
);
