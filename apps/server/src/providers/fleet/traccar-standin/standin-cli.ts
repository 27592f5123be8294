import { STANDIN_ADMIN_TOKEN, STANDIN_PASSWORD, STANDIN_USERS } from './standin-seed.ts';
import { startTraccarStandin } from './standin-server.ts';

/** `npm run traccar-standin`: a Traccar stand-in on TRACCAR_STANDIN_PORT (default 8082). */
const port = Number(process.env.TRACCAR_STANDIN_PORT ?? 8082);
const buses = Number(process.env.TRACCAR_STANDIN_BUSES ?? 30);
const standin = await startTraccarStandin({
  port,
  host: process.env.TRACCAR_STANDIN_HOST ?? '127.0.0.1',
  vehicles: [buses, 8, 3],
});
console.log(
  [
    '',
    `  Traccar stand-in (API of Traccar ${standin.state.version}) at ${standin.url}`,
    `  Point the toolkit at it:`,
    `    FLEET_PROVIDER=traccar TRACCAR_URL=${standin.url} TRACCAR_TOKEN=${STANDIN_ADMIN_TOKEN} npm start`,
    `  Sign in as ${STANDIN_USERS.installer.email} / ${STANDIN_PASSWORD} (two agencies),`,
    `  ${STANDIN_USERS.rural.email} (one) or ${STANDIN_USERS.nobody.email} (none).`,
    `  Controls: POST /__standin/devices/{uniqueId}/status {"status":"online"}, POST /__standin/delay`,
    `  {"writeMs":3000}, POST /__standin/text-enabled {"enabled":false}, GET /__standin/writes`,
    '',
  ].join('\n'),
);
const stop = () => {
  void standin.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
