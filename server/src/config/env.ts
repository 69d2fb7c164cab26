import path from 'node:path';
import { IceServer } from '@lectern/shared';
import { z } from 'zod';
import { serverDir } from '../lib/server-dir';
import { type FfmpegTools, findFfmpegTools } from './ffmpeg-tools';

// The only reader of process.env (DESIGN §8). Every variable is explained in .env.example.

const GIB = 1024 ** 3;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Lectern <no-reply@lectern.local>'),
  SUPPORT_EMAIL: z.email().default('support@lectern.local'),
  RESEARCH_GROUP_URL: z.url().default('https://github.com/lectern-edu'),
  BBB_URL: z.url().optional(),
  BBB_SECRET: z.string().min(1).optional(),
  BBB_CHECKSUM: z.enum(['sha1', 'sha256', 'sha384', 'sha512']).default('sha256'),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return [];
      try {
        const servers = z.array(IceServer).safeParse(JSON.parse(text));
        if (servers.success) return servers.data;
      } catch {
        // reported below, with what was expected
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of ICE servers, e.g. [{"urls":"stun:turn.example.edu:3478"}]',
      });
      return z.NEVER;
    }),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * GIB),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * GIB),
  API_DOCS: z.enum(['true', 'false']).optional(),
  UPLOAD_CREATIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : false)),
  WEB_DIST_DIR: z.string().optional(),
  PGLITE_TEMPLATE_DIR: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  PROCESSING_GRACE_SECONDS: z.coerce.number().positive().default(120),
  PROCESSING_SECONDS_PER_VIDEO_SECOND: z.coerce.number().positive().default(10),
  KEEP_ORIGINALS: z.enum(['true', 'false']).default('false'),
  AUTO_CAPTIONS: z.enum(['pocketsphinx', 'whisper', 'off']).default('pocketsphinx'),
  POCKETSPHINX_PATH: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().optional(),
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  SPHINXTRAIN_PATH: z.string().default('/usr/lib/sphinxtrain'),
  MEDIA_ACCEL_PREFIX: z
    .string()
    .regex(/^\/[\w/-]*\/$/, 'a path that starts and ends with /, such as /_lectern_media/')
    .optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  UPLOAD_STALL_SECONDS: z.coerce.number().positive().max(3600).default(60),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(128),
  MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(4000),
  MAX_EVENT_STREAMS: z.coerce.number().int().min(1).default(5000),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, 'must be 32 to 200 printable characters without spaces')
    .optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default('campus sign-on'),
  PASSWORD_LOGIN: z.enum(['on', 'off']).default('on'),
  LECTERN_ADMIN_EMAILS: z.string().default(''),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  researchGroupUrl: string;
  /** BigBlueButton for live rooms; the built-in room without it. `checksum`: sha1 for servers before 2.5. */
  bbb: { url: string; secret: string; checksum: 'sha1' | 'sha256' | 'sha384' | 'sha512' } | undefined;
  /** STUN/TURN servers the built-in room's browsers use (none needed on one network). */
  iceServers: IceServer[];
  maxUploadBytes: number;
  /** Bytes of uploaded video one user may keep stored (issue 12, item 8; SECURITY UP-6). */
  storageQuotaBytes: number;
  /** Uploads one user may start in an hour, every upload path together (SECURITY RL-4: 20). */
  uploadCreationsPerHour: number;
  /** Serve the OpenAPI description at /api/docs: API_DOCS, else everywhere but production (SECURITY SUP-1). */
  apiDocs: boolean;
  logLevel: string;
  trustProxy: string[] | false;
  webDistDir: string;
  /** ffmpeg and ffprobe: FFMPEG_PATH, else the system's, else the static build in @ffmpeg-installer/ffmpeg. */
  ffmpeg: FfmpegTools;
  /** Videos converted at once by this instance (issue 9: one by default, at a lower CPU priority). */
  processingConcurrency: number;
  /**
   * How long a conversion may take (issue 20): `graceMs`, plus `perVideoSecondMs` for each second of
   * video it has written so far; one that falls behind is stopped and its video fails.
   */
  processingPace: { graceMs: number; perVideoSecondMs: number };
  /** Keep an upload as uploaded after its converted MP4 is verified (in DATA_DIR/media/originals). */
  keepOriginals: boolean;
  /**
   * Automatic captions (issue 25): the engine every finished video and answer is transcribed with, or
   * null when turned off; `pocketsphinxPath` is its binary (undefined: Debian's, where installed),
   * `whisperModel` the ggml model file whisper.cpp reads (TRANSCRIBE_MODEL), `concurrency` how many run at
   * once on this instance, `sphinxtrainPath` the folder of sphinxtrain's tools that adapt PocketSphinx to
   * a course's voice (SPHINXTRAIN_PATH; adaptation is off where they are missing).
   */
  autoCaptions: {
    engine: 'pocketsphinx' | 'whisper';
    pocketsphinxPath: string | undefined;
    sphinxtrainPath: string;
    whisperModel: string | undefined;
    concurrency: number;
  } | null;
  /**
   * Set when nginx serves the media bytes: /media answers the authorised request with an
   * `X-Accel-Redirect` to this internal location instead of the file (docs/deploy.md).
   */
  mediaAccelPrefix: string | undefined;
  /** Slow clients (issue 12): see plugins/slow-clients.ts and .env.example. */
  transport: TransportLimits;
  /** GET /metrics answers only with this bearer token; undefined: metrics are off (server/src/metrics). */
  metricsToken: string | undefined;
  /** Campus single sign-on through OpenID Connect (issue 23); undefined: the login page offers none. */
  oidc: OidcConfig | undefined;
  /**
   * The installation's administrators (LECTERN_ADMIN_EMAILS, lower-cased): accounts whose *verified*
   * e-mail is one of these may register LTI platforms on /admin/lti. No course role makes one.
   */
  adminEmails: string[];
  /** PASSWORD_LOGIN=off: an SSO-only campus, where password login and signup refuse. */
  passwordLogin: boolean;
  /** Media store and outbox live under the data dir (DESIGN §8). */
  mediaDir: string;
  uploadsDir: string;
  outboxDir: string;
  pgliteDir: string;
  /** A finished, migrated embedded database that a new pgliteDir starts as a copy of (`npm start` sets it). */
  pgliteTemplateDir: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as "Log in with <name>". */
  name: string;
}

export interface TransportLimits {
  /** Time to send the request's headers, and then a (non-upload) body. */
  requestTimeoutMs: number;
  /** An upload that receives less than UPLOAD_MIN_PROGRESS_BYTES in this long is cut. */
  uploadStallMs: number;
  /** Connections from one address (not a trusted proxy) still sending their request. */
  maxConnectionsPerIp: number;
  /** Every open connection from one address (not a trusted proxy): idle, streaming or sending. */
  maxSocketsPerIp: number;
  /** Open GET /api/events streams of this instance (features/events/stream-limits.ts). */
  maxEventStreams: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws one ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.BBB_URL) !== Boolean(e.BBB_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  BBB_URL and BBB_SECRET must be set together');
  }
  const oidc = oidcConfig(e);
  if (typeof oidc === 'string') throw new ConfigError(`Invalid configuration:\n  ${oidc}`);
  const ffmpeg = findFfmpegTools(e.FFMPEG_PATH, env.PATH);
  if (typeof ffmpeg === 'string') throw new ConfigError(`Invalid configuration:\n  ${ffmpeg}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    researchGroupUrl: e.RESEARCH_GROUP_URL,
    bbb:
      e.BBB_URL && e.BBB_SECRET
        ? { url: e.BBB_URL, secret: e.BBB_SECRET, checksum: e.BBB_CHECKSUM }
        : undefined,
    iceServers: e.ICE_SERVERS,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    uploadCreationsPerHour: e.UPLOAD_CREATIONS_PER_HOUR,
    apiDocs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverDir, '../web/dist')),
    ffmpeg,
    processingConcurrency: e.PROCESSING_CONCURRENCY,
    processingPace: {
      graceMs: e.PROCESSING_GRACE_SECONDS * 1000,
      perVideoSecondMs: e.PROCESSING_SECONDS_PER_VIDEO_SECOND * 1000,
    },
    keepOriginals: e.KEEP_ORIGINALS === 'true',
    autoCaptions:
      e.AUTO_CAPTIONS === 'off'
        ? null
        : {
            engine: e.AUTO_CAPTIONS,
            pocketsphinxPath: e.POCKETSPHINX_PATH,
            sphinxtrainPath: e.SPHINXTRAIN_PATH,
            whisperModel: e.TRANSCRIBE_MODEL && path.resolve(e.TRANSCRIBE_MODEL),
            concurrency: e.TRANSCRIBE_CONCURRENCY,
          },
    mediaAccelPrefix: e.MEDIA_ACCEL_PREFIX,
    oidc,
    adminEmails: e.LECTERN_ADMIN_EMAILS.split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    passwordLogin: e.PASSWORD_LOGIN === 'on',
    transport: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadStallMs: e.UPLOAD_STALL_SECONDS * 1000,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
      maxSocketsPerIp: e.MAX_SOCKETS_PER_IP,
      maxEventStreams: e.MAX_EVENT_STREAMS,
    },
    metricsToken: e.METRICS_TOKEN,
    mediaDir: path.join(dataDir, 'media'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    pgliteDir: path.join(dataDir, 'db'),
    pgliteTemplateDir: e.PGLITE_TEMPLATE_DIR && path.resolve(e.PGLITE_TEMPLATE_DIR),
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The OIDC_* variables: all three or none; https, but for a provider on this machine. */
function oidcConfig(e: z.infer<typeof EnvSchema>): OidcConfig | undefined | string {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) {
    return e.PASSWORD_LOGIN === 'off'
      ? 'PASSWORD_LOGIN=off needs OIDC_ISSUER (no way to log in otherwise)'
      : undefined;
  }
  if (!issuer || !clientId || !clientSecret) {
    return 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together';
  }
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !LOOPBACK.has(url.hostname)) return 'OIDC_ISSUER must be an https URL';
  return { issuer, clientId, clientSecret, name: e.OIDC_NAME };
}
