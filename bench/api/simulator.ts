/**
 * The fleet system for the benchmark, in its own process (as the real one would be): the
 * simulator with an extra agency of BENCH_BUSES buses, served over HTTP. Prints one JSON line
 * when listening, so the server's memory is measured without the fleet system's.
 */
import { createFleetSimulator } from '../../apps/server/src/providers/fleet/simulator/fleet-simulator.ts';
import { createSimulatorServer } from '../../apps/server/src/providers/fleet/simulator/simulator-server.ts';

const BUSES = Number(process.env.BENCH_BUSES ?? 5000);
const simulator = createFleetSimulator({ seed: 1, extraAgencies: { count: 1, buses: BUSES } });
const server = createSimulatorServer(simulator);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    JSON.stringify({ ready: true, port: typeof address === 'object' && address ? address.port : 0 }),
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
