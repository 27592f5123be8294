import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS_REFRESH_MS } from '@toolkit/contracts/constants.ts';
import type { AppDeps } from './app-deps.ts';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { BusReads } from './lib/bus-reads.ts';
import { ChangeFeed } from './lib/change-feed.ts';
import { SecretBox } from './lib/secret-box.ts';
import { ServerInstance } from './lib/server-instance.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { DbPlatformActors } from './modules/auth/platform-actors.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { campaignFileRoutes } from './modules/campaigns/campaign-files.routes.ts';
import { campaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { logRoutes } from './modules/logs/logs.routes.ts';
import { moodRoutes } from './modules/moods/moods.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { photoRoutes } from './modules/photos/photos.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { navigatorUploadRoutes } from './modules/navigator-uploads/navigator-uploads.routes.ts';
import { generatedReportRoutes } from './modules/reports/generated-reports.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { shipmentRoutes } from './modules/shipments/shipments.routes.ts';
import { simulatorControlRoutes } from './modules/simulator/simulator.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { MirrorService } from './modules/sync/mirror.service.ts';
import { OutboxService } from './modules/sync/outbox.service.ts';
import { getBusState } from './modules/sync/revision.repository.ts';
import { configTestRoutes } from './modules/config-tests/config-tests.routes.ts';
import { vehicleRoutes } from './modules/vehicles/vehicles.routes.ts';
import { vinRoutes } from './modules/vin/vin.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/static.ts';
import { registerRequestTimeouts } from './plugins/timeouts.ts';
import { createFleetProvider, type FleetLinks } from './providers/fleet/create-fleet-provider.ts';
import { GuardedFleetProvider } from './providers/fleet/guarded-provider.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { createVinDecoder } from './providers/vin/vin-decoder.ts';
import { DbVinCache } from './modules/vin/vin.repository.ts';

interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests share one); otherwise opened from the configuration. */
  database?: Database;
  /** A provider to use instead of the configured one (tests). */
  fleet?: FleetLinks;
  /** Start the background refresh and push loops (off in tests, which drive them directly). */
  background?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The key sealing platform tokens (tests: an ephemeral one); otherwise from the configuration. */
  secretBox?: SecretBox;
}

/** Bodies above this are refused with 413 (photos are the largest: 8 MB of JPEG as base64). */
const BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/** Builds the whole server as a tree of plugins; never listens (server.ts does). */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'body.password'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured number of proxy hops: the address the nearest trusted proxy saw.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    requestTimeout: config.timeouts.uploadMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node checks header and request deadlines every connectionsCheckingInterval.
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 500 },
    frameworkErrors,
    clientErrorHandler,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const fleet =
    options.fleet ??
    createFleetProvider({
      kind: config.fleet.kind,
      url: config.fleet.url ?? undefined,
      traccar: config.fleet.traccar,
      log: app.log,
      timeoutMs: config.fleet.timeoutMs,
      simulator: {
        statusChanges: config.fleet.statusChanges,
        failures: { latencyMs: config.fleet.latencyMs, errorRate: config.fleet.errorRate, outage: false },
      },
    });
  // Traccar: check the token now (a wrong one stops the start; an unreachable server does not).
  await fleet.traccar?.start();
  // Everything from the fleet system is cleaned and checked row by row before the mirror sees it.
  const provider = new GuardedFleetProvider(fleet.provider, app.log);
  const mirror = new MirrorService(database.db, provider, app.log, {
    coordinate: database.kind === 'postgres',
    refreshMs: STATUS_REFRESH_MS,
  });
  // The platform's tokens made for users at sign-in are sealed with this server's key (issue 32).
  const box = options.secretBox ?? SecretBox.open(config.secretKey, config.dataDir);
  const actors = new DbPlatformActors(database.db, box);
  // This process as the database knows it: keys left in progress by dead processes are released,
  // and the pushes they held are due at once (their claims record the process: issue 32).
  const instance = new ServerInstance(database.db, database.presence);
  const outbox = new OutboxService(database.db, provider, app.log, actors, instance);
  const released = await instance.start();
  if (released > 0) app.log.warn({ released }, 'idempotency keys of server processes that died released');
  await outbox.releaseDeadLeases();
  // One listening connection: agency revisions and session revocations pushed from every process.
  const changes = new ChangeFeed();
  await changes.start(database.listen);
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    provider,
    remoteData: provider,
    simulator: fleet.simulator,
    platform: fleet.traccar ?? null,
    mirror,
    outbox,
    changes,
    busReads: new BusReads(changes, (vehicleId) => getBusState(database.db, vehicleId)),
    instance,
    actors,
    auth: new AuthService(
      database.db,
      provider,
      mirror,
      {
        sessionTtlMs: config.sessionTtlMs,
        rememberMeTtlMs: config.rememberMeTtlMs,
        sessionCacheTtlMs: config.sessionCacheTtlMs,
        accessCheckMs: config.platformAccessCheckMs,
      },
      changes,
      { actors, box, log: app.log },
    ),
    vin: createVinDecoder({
      baseUrl: config.vpic.baseUrl,
      timeoutMs: config.vpic.timeoutMs,
      cache: new DbVinCache(database.db),
    }),
    mailer: createMailer({
      smtpUrl: config.smtpUrl ?? undefined,
      outboxDir: config.mailOutboxDir,
      from: config.mailFrom,
    }),
  };

  registerErrorHandling(app);
  const security = registerSecurityHeaders(app);
  registerRequestTimeouts(app, config.timeouts);
  registerAuth(app, deps.auth);
  registerIdempotency(app, database.db, config.idempotencyLeaseMs, instance);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await registerDocs(app);

  await app.register(
    (api, _opts, done) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      healthRoutes(scoped, deps);
      authRoutes(scoped, deps);
      clientRoutes(scoped, deps);
      vehicleRoutes(scoped, deps);
      deviceRoutes(scoped, deps);
      configTestRoutes(scoped, deps);
      reportRoutes(scoped, deps);
      generatedReportRoutes(scoped, deps);
      navigatorUploadRoutes(scoped, deps);
      photoRoutes(scoped, deps);
      noteRoutes(scoped, deps);
      campaignFileRoutes(scoped, deps);
      logRoutes(scoped, deps);
      moodRoutes(scoped, deps);
      vinRoutes(scoped, deps);
      supportRoutes(scoped, deps);
      platformRoutes(scoped, deps);
      campaignRoutes(scoped, deps);
      shipmentRoutes(scoped, deps);
      if (config.simulatorControl && fleet.simulator) simulatorControlRoutes(scoped, deps, fleet.simulator);
      done();
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDistDir, security);

  if (options.background) {
    mirror.start();
    outbox.start();
    fleet.simulator?.start();
  }
  app.addHook('onClose', async () => {
    await mirror.stop();
    await outbox.stop();
    await changes.stop();
    await instance.stop();
    fleet.simulator?.stop();
    fleet.traccar?.stop();
    await provider.close();
    if (!options.database) await database.close();
  });
  return { app, deps };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
