import { createWriteStream, type WriteStream } from 'node:fs';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_KEY_HEADER, ENDPOINTS, URL_BUDGET_BYTES } from '../api';
import { DEFAULT_SEED, ageCatalog, generateCatalog, type Catalog } from './catalog';
import { applyFaults, createFaultState, pickLatency, roll, sleep } from './faults';
import { DEFAULT_HOST, DEFAULT_PORT, type EmulatorOptions, type RequestLogEntry, type RunningEmulator } from './options';
import { parseQueryString } from './query-string';
import { startDownloadHost } from './download-host';
import { HttpProblem, registerRoutes } from './routes';
import { DOWNLOAD_PATH, createLinkSigner } from './signing';

const DOWNLOAD_ROUTE = `${DOWNLOAD_PATH}/:category/:lang`;
/** Routes the faults (latency, rate limit, failures, drops) apply to. */
const FAULT_ROUTES = new Set<string>([ENDPOINTS.products, ENDPOINTS.downloadUrl, DOWNLOAD_ROUTE]);
/** Routes that need the API key (the download link is signed instead). */
const KEY_ROUTES = new Set<string>([ENDPOINTS.products, ENDPOINTS.downloadUrl]);

/** The catalogs generated so far: by seed, and aged by `seed@date`. */
export interface CatalogStore {
  readonly catalogs: Map<number, Catalog>;
  readonly agedCatalogs: Map<string, Catalog>;
}

/** Aged catalogs kept at once: two dates side by side, and a few more for a host that shares the store. */
const MAX_AGED_CATALOGS = 4;

/**
 * Where a host that loads this module more than once in one process keeps one store for all its
 * copies (the test runner gives each test file its own module instances; a catalog takes seconds
 * to generate and never changes). Nothing but that host sets it.
 */
const CATALOG_STORE_KEY = Symbol.for('partspec.emulator.catalogs');

function catalogStore(): CatalogStore {
  const host = globalThis as { [CATALOG_STORE_KEY]?: CatalogStore };
  return (host[CATALOG_STORE_KEY] ??= { catalogs: new Map(), agedCatalogs: new Map() });
}

/**
 * The catalog of a seed, as generated or aged to `asOf` (`YYYY-MM-DD`); generated once per process
 * and shared, since it never changes. Several aged dates are kept, so a test can run two emulators
 * at two dates side by side.
 */
export function catalogFor(seed: number, asOf?: string): Catalog {
  const { catalogs, agedCatalogs } = catalogStore();
  let catalog = catalogs.get(seed);
  if (!catalog) {
    catalog = generateCatalog(seed);
    // The default seed's catalog stays; another seed's replaces the last other one, with its aged copies.
    for (const kept of [...catalogs.keys()].filter((s) => s !== DEFAULT_SEED)) {
      catalogs.delete(kept);
      for (const key of [...agedCatalogs.keys()].filter((k) => k.startsWith(`${kept}@`))) agedCatalogs.delete(key);
    }
    catalogs.set(seed, catalog);
  }
  if (asOf === undefined) return catalog;
  const key = `${seed}@${asOf}`;
  let aged = agedCatalogs.get(key);
  if (!aged) {
    aged = ageCatalog(catalog, asOf);
    if (agedCatalogs.size >= MAX_AGED_CATALOGS) agedCatalogs.delete(agedCatalogs.keys().next().value as string);
    agedCatalogs.set(key, aged);
  }
  return aged;
}

const isFaultRoute = (request: FastifyRequest): boolean =>
  request.method !== 'OPTIONS' && FAULT_ROUTES.has(request.routeOptions.url ?? '');

function sendProblem(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}

/**
 * Starts the local Product Information API emulator. Resolves once it listens; `close()` stops it.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const faults = createFaultState(options);
  const now = options.now ?? Date.now;
  const catalog = catalogFor(options.seed ?? DEFAULT_SEED, options.asOf);
  const signer = createLinkSigner();
  const requests: RequestLogEntry[] = [];
  const productCounts = new WeakMap<FastifyRequest, number>();
  const logFile: WriteStream | undefined = options.logRequests ? createWriteStream(options.logRequests, { flags: 'a' }) : undefined;
  let baseUrl = '';
  let downloadHost: { url: string; close(): Promise<void> } | undefined;

  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 500, querystringParser: parseQueryString },
    // URLs longer than the budget must reach us (to answer 414), not be cut by Node's header limit.
    http: { maxHeaderSize: 256 * 1024 },
  });

  const urlBytesOf = (request: FastifyRequest): number => Buffer.byteLength(`http://${request.headers.host ?? ''}${request.raw.url ?? ''}`);

  const record = (request: FastifyRequest, status: number): void => {
    const entry: RequestLogEntry = {
      time: new Date().toISOString(),
      method: request.method,
      url: request.raw.url ?? '',
      urlBytes: urlBytesOf(request),
      status,
      products: productCounts.get(request) ?? 0,
    };
    logFile?.write(`${JSON.stringify(entry)}\n`);
    if (request.method !== 'OPTIONS' && request.routeOptions.url !== '/healthz') requests.push(entry);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isFaultRoute(request)) return;
    if (roll(faults.dropRate)) {
      reply.hijack();
      record(request, 0);
      request.raw.socket.destroy();
      return reply;
    }
    const delay = pickLatency(faults);
    if (delay > 0) await sleep(delay);
  });

  // --no-cors plays a gateway with CORS switched off: no Access-Control-* anywhere, preflights 403.
  if (!options.noCors) await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    allowedHeaders: [API_KEY_HEADER, 'content-type', 'accept', 'accept-language'],
    exposedHeaders: ['Retry-After', 'Content-Encoding', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    maxAge: 600,
    // An OPTIONS request without Origin is answered like a preflight instead of a plain-text 400.
    strictPreflight: false,
  });

  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    allowList: (request) => !faults.rateLimit || !isFaultRoute(request),
    max: () => faults.rateLimit?.max ?? 0,
    timeWindow: () => (faults.rateLimit?.windowSeconds ?? 1) * 1000,
    keyGenerator: (request) => `${faults.generation}|${request.ip}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: at most ${context.max} per ${context.after}. Retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
    }),
  });

  app.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!isFaultRoute(request)) return;
    if (roll(faults.failRate)) return sendProblem(reply, 500, 'Injected server failure (fail rate of the emulator).');
    const bytes = urlBytesOf(request);
    if (bytes > URL_BUDGET_BYTES) {
      return sendProblem(reply, 414, `The request URL is ${bytes} bytes long; the limit is ${URL_BUDGET_BYTES} bytes. Split the query into several calls.`);
    }
    if (KEY_ROUTES.has(route)) {
      const key = request.headers[API_KEY_HEADER];
      if (typeof key !== 'string' || key === '') return sendProblem(reply, 403, `Missing API key: send it in the ${API_KEY_HEADER} header.`);
      if (!faults.keys.has(key)) return sendProblem(reply, 403, `The API key in the ${API_KEY_HEADER} header is not valid.`);
    }
  });

  // Both methods are GET without a body: whatever a client sends is ignored, never parsed into a 400/415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  // Recorded before the answer leaves, so a client that has its answer always finds it in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    record(request, reply.statusCode);
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0];
    sendProblem(
      reply,
      403,
      `No API method ${request.method} ${path.slice(0, 200)}: the methods are GET ${ENDPOINTS.products} and GET ${ENDPOINTS.downloadUrl}.`,
    );
  });

  app.setErrorHandler((error: FastifyError | HttpProblem | { statusCode?: number; message?: string }, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'The request could not be processed.';
    sendProblem(reply, status, message);
  });

  registerRoutes(app, {
    catalog,
    signer,
    now,
    quirks: options.quirks,
    downloadFormat: options.downloadFormat,
    realNumbers: options.realNumbers ?? true,
    commonParts: (options.realNumbers ?? true) && (options.commonParts ?? false),
    baseUrlOf: (request) => {
      const host = request.headers.host;
      return host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : baseUrl;
    },
    countProducts: (request, count) => productCounts.set(request, count),
    downloadBaseUrl: () => downloadHost?.url,
  });

  const host = options.host ?? DEFAULT_HOST;
  await app.listen({ port: options.port ?? DEFAULT_PORT, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  baseUrl = `http://${urlHost}:${port}`;
  if (options.downloadHost) {
    downloadHost = await startDownloadHost(app, { host, port: options.downloadHost.port, noCors: options.noCors ?? false });
  }

  return {
    url: baseUrl,
    downloadUrl: downloadHost?.url,
    catalog,
    realNumbers: options.realNumbers ?? true,
    commonParts: (options.realNumbers ?? true) && (options.commonParts ?? false),
    requests,
    resetLog: () => {
      requests.length = 0;
    },
    configure: (changes) => applyFaults(faults, changes),
    close: async () => {
      await downloadHost?.close();
      await app.close();
      if (logFile) await new Promise<void>((resolve) => logFile.end(resolve));
    },
  };
}
