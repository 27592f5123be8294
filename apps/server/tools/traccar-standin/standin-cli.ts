import { STANDIN_ADMIN_TOKEN, STANDIN_PASSWORD, STANDIN_USERS } from './standin-seed.ts';
import { startTraccarStandin } from './standin-server.ts';

/**
 * `npm run traccar-standin`: a Traccar stand-in on TRACCAR_STANDIN_PORT (default 8082).
 * TRACCAR_STANDIN_VERSION: the Traccar version to behave as (default 6.14.5);
 * TRACCAR_STANDIN_SERVICE_TOKEN: Traccar's `web.serviceAccountToken` (default none).
 * TRACCAR_STANDIN_FIREHOSE_SECONDS: every unit reports this often, as a fleet on the road does
 * (standin-firehose.ts; default none).
 */
const port = Number(process.env.TRACCAR_STANDIN_PORT ?? 8082);
const buses = Number(process.env.TRACCAR_STANDIN_BUSES ?? 30);
const serviceAccountToken = process.env.TRACCAR_STANDIN_SERVICE_TOKEN || undefined;
const standin = await startTraccarStandin({
  port,
  host: process.env.TRACCAR_STANDIN_HOST ?? '127.0.0.1',
  vehicles: [buses, 8, 3],
  version: process.env.TRACCAR_STANDIN_VERSION || undefined,
  serviceAccountToken,
});
const firehoseSeconds = Number(process.env.TRACCAR_STANDIN_FIREHOSE_SECONDS ?? 0);
const stopFirehose = firehoseSeconds > 0 ? standin.firehose({ seconds: firehoseSeconds }) : null;
const restricted = (['readonly', 'limited', 'twofactor', 'disabled', 'expired'] as const)
  .map((key) => STANDIN_USERS[key].email)
  .join(', ');
console.log(
  [
    '',
    `  Traccar stand-in (API of Traccar ${standin.state.version}) at ${standin.url}`,
    `  Point the toolkit at it:`,
    `    FLEET_PROVIDER=traccar TRACCAR_URL=${standin.url} TRACCAR_TOKEN=${STANDIN_ADMIN_TOKEN} npm start`,
    ...(serviceAccountToken ? [`  The service account's token (web.serviceAccountToken) is set.`] : []),
    ...(stopFirehose ? [`  Firehose: every unit reports every ${String(firehoseSeconds)} s.`] : []),
    `  Sign in as ${STANDIN_USERS.installer.email} / ${STANDIN_PASSWORD} (two agencies),`,
    `  ${STANDIN_USERS.rural.email} (one) or ${STANDIN_USERS.nobody.email} (none);`,
    `  restricted users (Metro Transit, same password): ${restricted}.`,
    `  Controls: POST /__standin/devices/{uniqueId}/status {"status":"online"}, POST /__standin/delay`,
    `  {"writeMs":3000}, POST /__standin/text-enabled {"enabled":false}, GET /__standin/writes,`,
    `  POST /__standin/users/{email} {"readonly":true}, POST /__standin/tokens {"email":"…"},`,
    `  POST /__standin/tokens/expire|revoke {"token":"…"}, POST /__standin/server {"readonly":true},`,
    `  DELETE /__standin/positions/{id}`,
    '',
  ].join('\n'),
);
const stop = () => {
  stopFirehose?.();
  void standin.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
