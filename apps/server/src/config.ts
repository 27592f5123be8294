import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    FLEET_PROVIDER: z.enum(['simulator', 'http', 'traccar']).default('simulator'),
    FLEET_PROVIDER_URL: z.url('FLEET_PROVIDER_URL must be a URL').optional(),
    FLEET_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    TRACCAR_URL: z.url('TRACCAR_URL must be a URL').optional(),
    TRACCAR_TOKEN: z.string().min(1).optional(),
    /** A group id: agencies are its direct subgroups (0: the top-level groups). */
    TRACCAR_AGENCY_PARENT: z.coerce
      .number()
      .int()
      .min(0, 'TRACCAR_AGENCY_PARENT must be a group id (0: top level)')
      .default(0),
    /** A file holding the token instead (re-read when it changes: a new token without a restart). */
    TRACCAR_TOKEN_FILE: z.string().min(1).optional(),
    /** 32 bytes (64 hex digits or base64) sealing the platform tokens made for users; else data/secret.key. */
    TOOLKIT_SECRET_KEY: z.string().min(1).optional(),
    PLATFORM_ACCESS_CHECK_MS: z.coerce.number().int().min(1000).max(300_000).default(240_000),
    SIMULATOR_CONTROL: bool,
    SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).default(0),
    SIMULATOR_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
    SIMULATOR_STATUS_CHANGES: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v !== '0' && v !== 'false'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Installer Toolkit <no-reply@installer-toolkit.local>'),
    SUPPORT_EMAIL: z
      .email('SUPPORT_EMAIL must be an e-mail address')
      .default('support@installer-toolkit.local'),
    VPIC_BASE_URL: z.url('VPIC_BASE_URL must be a URL').default('https://vpic.nhtsa.dot.gov/api'),
    VPIC_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    REMEMBER_ME_TTL_DAYS: z.coerce.number().positive().default(30),
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    TRUST_PROXY: z
      .string()
      .regex(/^(\d|true|false)$/, 'TRUST_PROXY must be a number of proxy hops (0 to 9)')
      .optional()
      .transform((v) => (v === undefined || v === 'false' ? 0 : v === 'true' ? 1 : Number(v))),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
    IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  })
  .superRefine((env, ctx) => {
    if (env.FLEET_PROVIDER === 'http' && !env.FLEET_PROVIDER_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['FLEET_PROVIDER_URL'],
        message: 'FLEET_PROVIDER_URL is required when FLEET_PROVIDER=http',
      });
    }
    if (env.FLEET_PROVIDER === 'traccar') {
      if (!env.TRACCAR_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['TRACCAR_URL'],
          message: 'TRACCAR_URL is required when FLEET_PROVIDER=traccar',
        });
      if (!env.TRACCAR_TOKEN === !env.TRACCAR_TOKEN_FILE)
        ctx.addIssue({
          code: 'custom',
          path: ['TRACCAR_TOKEN'],
          message: 'TRACCAR_TOKEN (or TRACCAR_TOKEN_FILE, not both) is required when FLEET_PROVIDER=traccar',
        });
    }
    if (env.SIMULATOR_CONTROL && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['SIMULATOR_CONTROL'],
        message: 'SIMULATOR_CONTROL must never be enabled in production',
      });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  fleet: {
    kind: 'simulator' | 'http' | 'traccar';
    url: string | null;
    /**
     * With FLEET_PROVIDER=traccar: the server's base URL and the token of its shared mirror (an
     * administrator's or the service account's), given as is or as a file re-read when it changes.
     */
    traccar: { url: string; token: string; tokenFile?: string | null; agencyParent?: number } | null;
    timeoutMs: number;
    latencyMs: number;
    errorRate: number;
    statusChanges: boolean;
  };
  simulatorControl: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where support, add-vehicle and access requests are e-mailed. */
  supportEmail: string;
  mailOutboxDir: string;
  vpic: { baseUrl: string; timeoutMs: number };
  logLevel: string;
  webDistDir: string | null;
  sessionTtlMs: number;
  rememberMeTtlMs: number;
  /** How long a process trusts a session it read without reading it again (0: never). */
  sessionCacheTtlMs: number;
  /** Reverse proxies in front of the server whose X-Forwarded-For is trusted (0: none). */
  trustProxyHops: number;
  timeouts: {
    /** Whole request (headers and body) of every route but uploads. */
    requestMs: number;
    /** Whole request of upload routes (photos). */
    uploadMs: number;
    headersMs: number;
    keepAliveMs: number;
  };
  /** How long a write holds its Idempotency-Key before a retry may take it over. */
  idempotencyLeaseMs: number;
  /** TOOLKIT_SECRET_KEY: seals the platform tokens made for users (null: data/secret.key). */
  secretKey: string | null;
  /** How old the platform's answer on a user's agencies may be (issue 32: within 5 minutes). */
  platformAccessCheckMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from environment variables only; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    fleet: {
      kind: e.FLEET_PROVIDER,
      url: e.FLEET_PROVIDER_URL ?? null,
      traccar:
        e.FLEET_PROVIDER === 'traccar' && e.TRACCAR_URL && (e.TRACCAR_TOKEN || e.TRACCAR_TOKEN_FILE)
          ? {
              url: e.TRACCAR_URL,
              token: e.TRACCAR_TOKEN ?? '',
              tokenFile: e.TRACCAR_TOKEN_FILE ? path.resolve(e.TRACCAR_TOKEN_FILE) : null,
              agencyParent: e.TRACCAR_AGENCY_PARENT,
            }
          : null,
      timeoutMs: e.FLEET_PROVIDER_TIMEOUT_MS,
      latencyMs: e.SIMULATOR_LATENCY_MS,
      errorRate: e.SIMULATOR_ERROR_RATE,
      statusChanges: e.SIMULATOR_STATUS_CHANGES,
    },
    simulatorControl: e.SIMULATOR_CONTROL,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    mailOutboxDir: path.join(dataDir, 'mail-outbox'),
    vpic: { baseUrl: e.VPIC_BASE_URL, timeoutMs: e.VPIC_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : null,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    rememberMeTtlMs: e.REMEMBER_ME_TTL_DAYS * 86_400_000,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    trustProxyHops: e.TRUST_PROXY,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      uploadMs: Math.max(e.UPLOAD_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    secretKey: e.TOOLKIT_SECRET_KEY ?? null,
    platformAccessCheckMs: e.PLATFORM_ACCESS_CHECK_MS,
  };
}
