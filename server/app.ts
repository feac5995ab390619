import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_KEY_HEADER } from '../api';
import { registerSite } from './hosting/site';
import { CONTENT_SECURITY_POLICY } from './hosting/security-headers';
import {
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_USER_RATE,
  type ServerOptions,
  type TrustProxy,
} from './options';
import { createAbuseLimits } from './relay/abuse-limits';
import { createAcceptedKeys } from './relay/accepted-keys';
import { createRelayAccess, type RelayAccess } from './relay/access';
import { createAuthenticator } from './relay/credentials';
import { createLinkSigner } from './relay/links';
import { requestSerializer } from './relay/request-log';
import { registerFailureHandlers } from './relay/failures';
import { registerRelay } from './relay/routes';
import { createUpstreamAgents } from './relay/upstream';

/** A built server: register more routes on `app` (health, metrics) before `listen`. */
export interface PartSpecServer {
  app: FastifyInstance;
  /** Starts listening; resolves to the address it listens at (`http(s)://host:port`). */
  listen(port: number, host: string): Promise<string>;
  /** The public URL in use, ending in `/` (known once listening when not configured). */
  publicUrl(): string;
  /** The credential check and the limits, for routes added later that serve users (`/mcp`). */
  access: RelayAccess;
  /** Stops accepting requests, ends open connections and closes the shared state. */
  close(): Promise<void>;
}

/** Checks the public URL: http(s), the root of its host, nothing else. Returns it ending in `/`. */
export function checkPublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${text}' is not a web address (e.g. https://partspec.example.com/).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The public URL must start with https:// (not ${url.protocol}).`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`The public URL must be the root of its host, such as ${url.protocol}//${url.host}/: serve PartSpec from its own host name.`);
  }
  return url.href;
}

/**
 * Fastify's `trustProxy` for ours: addresses as they are; hops as a function of the hop's
 * position (Fastify 5 reads a bare number as "trust nothing", since it cannot tell the proxy from
 * a client that reached the server directly: hops suit a server only the proxy can reach).
 */
function trustProxySetting(trust: TrustProxy | undefined): string[] | ((address: string, hop: number) => boolean) | false {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return Number.isInteger(trust) && trust > 0 ? (_address, hop) => hop < trust : false;
  return trust.length > 0 ? [...trust] : false;
}

/**
 * Builds the PartSpec server on a shared state (in-process or Redis): the relay of the two API
 * methods, the download links, and (with `siteDir`) the add-in itself. Nothing listens yet.
 */
export async function buildServer(options: ServerOptions): Promise<PartSpecServer> {
  const now = options.now ?? Date.now;
  const passThrough = options.passThrough ?? false;
  const upstream = new URL(options.upstream).href.replace(/\/+$/, '');
  let publicUrl = options.publicUrl ? checkPublicUrl(options.publicUrl) : '';
  const secrets = [options.apiKey].filter((s): s is string => !!s);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? 'info',
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            redact: {
              paths: [`req.headers["${API_KEY_HEADER}"]`, 'req.headers.authorization', `headers["${API_KEY_HEADER}"]`, 'apiKey', 'token'],
              censor: '[redacted]',
            },
            serializers: { req: requestSerializer(() => secrets) },
          },
    // Never `true` (which believes the left-most address a client wrote): hops or addresses only.
    trustProxy: trustProxySetting(options.trustProxy),
    forceCloseConnections: true,
    bodyLimit: 1024,
    routerOptions: { maxParamLength: 8192 },
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
  }) as unknown as FastifyInstance;

  // First of all, so every route and plugin registered below (relay, site, operations) answers its failures as documented.
  registerFailureHandlers(app, () => secrets);

  // Both API methods are GET without a body: whatever a client sends is ignored, never parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Excel shows the taskpane inside its own page: framing must stay possible.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    hsts: options.tls ? { maxAge: 15552000, includeSubDomains: false } : false,
  });

  const userRate = options.userRate === undefined ? DEFAULT_USER_RATE : options.userRate;
  if (userRate) await app.register(rateLimit, { global: false });
  const access = createRelayAccess({
    passThrough,
    authenticate: createAuthenticator({ apiKey: options.apiKey, passThrough, tokens: options.state.tokens }),
    accepted: createAcceptedKeys(now),
    limits: createAbuseLimits(options.abuseLimits, options.state.sharedCounters),
    userRate,
  });

  app.addHook('onResponse', async (request, reply) => {
    options.observer?.request?.({
      route: request.routeOptions.url ?? 'not-found',
      method: request.method,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
    });
  });

  const agents = createUpstreamAgents();
  registerRelay(app, {
    agents,
    state: options.state,
    budget: options.state.budget,
    observer: options.observer,
    now,
    upstream,
    passThrough,
    apiKey: passThrough ? undefined : options.apiKey,
    authenticate: access.authenticate,
    accepted: access.accepted,
    limits: access.limits,
    signer: createLinkSigner(options.linkSecret),
    publicBase: () => publicUrl.replace(/\/+$/, ''),
    cacheTtlMs: options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    rateLimit: access.rateLimit,
  });

  if (options.siteDir) await registerSite(app, { siteDir: options.siteDir, publicUrl: () => publicUrl });

  return {
    app,
    async listen(port, host) {
      await app.listen({ port, host });
      const address = app.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
      const listening = `${options.tls ? 'https' : 'http'}://${urlHost}:${bound}`;
      if (!publicUrl) publicUrl = `${listening}/`;
      return listening;
    },
    publicUrl: () => publicUrl,
    access,
    async close() {
      await app.close();
      agents.destroy();
      await options.state.close();
    },
  };
}
