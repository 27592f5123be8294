import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { TraccarTokenError } from './providers/fleet/traccar/traccar-provider.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  config.webDistDir ??= path.resolve(here, '../../web/dist');
  let built;
  try {
    built = await buildApp({ config, background: true });
  } catch (err) {
    if (err instanceof TraccarTokenError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const { app, deps } = built;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Installer Toolkit is running at http://${shownHost}:${String(port)}`,
    `  Database: ${deps.dbKind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}`,
    `  Fleet system: ${fleetBanner(config, deps.platform?.platform() ?? null)}`,
  ];
  if (config.fleet.kind === 'simulator') {
    lines.push(
      '  Demo sign-in: demo / demo-password  (also rival / demo-password, newcomer / demo-password)',
    );
  }
  lines.push(`  API documentation: http://${shownHost}:${String(port)}/api/docs`, '');
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

function fleetBanner(
  config: ReturnType<typeof loadConfig>,
  platform: { version: string | null; reachable: boolean } | null,
): string {
  if (config.fleet.kind === 'simulator') return 'built-in simulator';
  if (config.fleet.kind === 'http') return String(config.fleet.url);
  const where = config.fleet.traccar?.url ?? '';
  return platform?.reachable
    ? `Traccar ${platform.version ?? ''} at ${where}`
    : `Traccar at ${where} (not reachable yet: retrying)`;
}
