import { cpus, totalmem } from 'node:os';

/** The machine a bench ran on, as its report names it. */
export function machineInfo() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  };
}
