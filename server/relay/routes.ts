import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { DOWNLOAD_URL_VALIDITY_DAYS, ENDPOINTS, isWebLink, NOT_A_WEB_LINK_SENTENCE, redact, type Lang } from '../../api';
import type { RelayRoute } from '../options';
import type { CachedAnswer, SharedState } from '../state/types';
import { credentialOf, type Caller } from './credentials';
import { fetchAnswer, firstHeader, sendWithinBudget, type UpstreamContext } from './fetch-answer';
import { SERVER_DOWNLOAD_PATH, type LinkSigner } from './links';
import { RelayProblem, sendProblem } from './problem';
import { createPartBatcher } from './part-batcher';
import { assembleAnswer, exactPartnos, partCacheKey, partsPath, splitByPartno, UpstreamAnswer, type PartEntry } from './part-cache';
import { canonicalDownloadUrlPath, resolveProductsQuery } from './query';
import type { AbuseLimits } from './abuse-limits';
import type { AcceptedKeys } from './accepted-keys';

const DOWNLOAD_VALIDITY_MS = DOWNLOAD_URL_VALIDITY_DAYS * 24 * 60 * 60 * 1000;
/** A download-URL answer is reused at most this long, so the link it carries stays fresh. */
const DOWNLOAD_URL_CACHE_MS = 60 * 60 * 1000;
/** Time allowed for a whole category file to stream through. */
const DOWNLOAD_EXCHANGE_MS = 15 * 60 * 1000;
/** Headers of a category file replayed to the user. */
const FILE_HEADERS = ['content-type', 'content-disposition', 'etag', 'last-modified'];

export interface RelayContext extends UpstreamContext {
  state: SharedState;
  /** The upstream's base URL, without a trailing slash. */
  upstream: string;
  passThrough: boolean;
  /** Team mode: the server's key, sent with a download on the upstream's own origin. */
  apiKey?: string;
  authenticate(headers: FastifyRequest['headers']): Promise<Caller>;
  /** Pass-through: keys the upstream accepted lately (shared with the per-user limit). */
  accepted: AcceptedKeys;
  /** Per-address limits on refused credentials and on unproven pass-through keys. */
  limits: AbuseLimits;
  signer: LinkSigner;
  /** The public base URL without a trailing slash. */
  publicBase(): string;
  cacheTtlMs: number;
  requestTimeoutMs: number;
  /** Per-user limit applied to each relayed route (from @fastify/rate-limit), if any. */
  rateLimit?: Record<string, unknown>;
}

/** A caller and the source address the request came from (for the per-address limits). */
type AddressedCaller = Caller & { address: string };

/** The query string as received, after the first `?` (the path never reaches the upstream). */
function rawQuery(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}

/**
 * The relay: the two API methods and the server's own download links, nothing else. Every
 * upstream URL is rebuilt from the fixed upstream base and validated parameters; no path, header
 * or address a user sends is ever forwarded.
 */
export function registerRelay(app: FastifyInstance, ctx: RelayContext): void {
  const accepted = ctx.accepted;

  /** Who calls, from where; a source that sent too many refused credentials waits first. */
  async function authenticate(request: FastifyRequest): Promise<AddressedCaller> {
    await ctx.limits.checkFailures(request.ip);
    try {
      return { ...(await ctx.authenticate(request.headers)), address: request.ip };
    } catch (error) {
      if (error instanceof RelayProblem && error.statusCode === 403) await ctx.limits.recordFailure(request.ip);
      throw error;
    }
  }

  /** Pass-through: a key the upstream has not accepted lately spends its address's small allowance. */
  async function spendIfUnproven(caller: AddressedCaller): Promise<void> {
    if (ctx.passThrough && !(caller.keyHash !== undefined && accepted.has(caller.keyHash))) await ctx.limits.spendUnproven(caller.address);
  }

  /** Remembers the upstream's verdict on a pass-through key; a refused key counts against its address. */
  async function noteVerdict(caller: AddressedCaller, status: number): Promise<void> {
    if (!caller.keyHash) return;
    if (status === 200) accepted.add(caller.keyHash);
    else if (status === 403) {
      accepted.remove(caller.keyHash);
      await ctx.limits.recordFailure(caller.address);
    }
  }
  const secrets = [ctx.apiKey].filter((s): s is string => !!s);
  const routeConfig = { exposeHeadRoute: false, config: (ctx.rateLimit ? { rateLimit: ctx.rateLimit } : {}) as object } as RouteShorthandOptions;

  function rewriteDownloadAnswer(answer: CachedAnswer): CachedAnswer {
    if (answer.status !== 200) return answer;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new RelayProblem(502, 'The product service sent a download-link answer that is not JSON; try again later.');
    }
    const link = record?.ProductDataDownloadUrl;
    if (typeof link !== 'string' || link === '') return answer;
    const upstreamLink = new URL(link, `${ctx.upstream}/`).toString();
    if (!isWebLink(upstreamLink)) throw new RelayProblem(502, NOT_A_WEB_LINK_SENTENCE);
    const signed = ctx.signer.sign(upstreamLink, ctx.now() + DOWNLOAD_VALIDITY_MS);
    const body = Buffer.from(JSON.stringify({ ...record, ProductDataDownloadUrl: `${ctx.publicBase()}${signed}` }));
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
  }

  async function answerFor(route: RelayRoute, path: string, caller: AddressedCaller): Promise<CachedAnswer> {
    const cacheKey = `answer|${path}`;
    const ttl = route === 'downloadUrl' ? Math.min(ctx.cacheTtlMs, DOWNLOAD_URL_CACHE_MS) : ctx.cacheTtlMs;
    // Pass-through: a cached answer goes only to a key the upstream has itself accepted lately.
    const mayReadCache = ttl > 0 && (!ctx.passThrough || (caller.keyHash !== undefined && accepted.has(caller.keyHash)));
    if (mayReadCache) {
      const hit = await ctx.state.cache.get(cacheKey);
      ctx.observer?.cache?.({ route, hit: !!hit });
      if (hit) return hit;
    } else if (ttl > 0) {
      ctx.observer?.cache?.({ route, hit: false });
    }
    const flightKey = ctx.passThrough ? `${caller.keyHash}|${path}` : path;
    const deadline = ctx.now() + ctx.requestTimeoutMs;
    await spendIfUnproven(caller);
    return ctx.state.coalescer.run(flightKey, async () => {
      const raw = await fetchAnswer(ctx, { route, url: new URL(`${ctx.upstream}${path}`), key: caller.upstreamKey, deadline });
      const answer = route === 'downloadUrl' ? rewriteDownloadAnswer(raw) : raw;
      await noteVerdict(caller, answer.status);
      if (answer.status === 200 && ttl > 0) await ctx.state.cache.set(cacheKey, answer, ttl);
      return answer;
    });
  }

  const partsInFlight = new Map<string, Promise<PartEntry | undefined>>();
  const batcher = createPartBatcher({ upstream: ctx.upstream, fetchGroup: (partnos, lang, caller) => fetchParts(partnos, lang, caller, ctx.cacheTtlMs) });

  /** Fetches an exact lookup of these parts (coalesced), caches each part, and returns the entries. */
  async function fetchParts(partnos: string[], lang: Lang, caller: Caller, ttl: number): Promise<Map<string, PartEntry> | undefined> {
    const path = partsPath(partnos, lang);
    const deadline = ctx.now() + ctx.requestTimeoutMs;
    const answer = await ctx.state.coalescer.run(ctx.passThrough ? `${caller.keyHash}|${path}` : path, () =>
      fetchAnswer(ctx, { route: 'products', url: new URL(`${ctx.upstream}${path}`), key: caller.upstreamKey, deadline }),
    );
    if (answer.status !== 200) {
      if (caller.keyHash && answer.status === 403) accepted.remove(caller.keyHash);
      throw new UpstreamAnswer(answer);
    }
    const entries = splitByPartno(answer.body, partnos);
    await cacheParts(entries, lang, ttl);
    return entries;
  }

  async function cacheParts(entries: Map<string, PartEntry> | undefined, lang: Lang, ttl = ctx.cacheTtlMs): Promise<void> {
    if (!entries) return;
    await Promise.all(
      [...entries].map(([partno, entry]) =>
        ctx.state.cache.set(partCacheKey(lang, partno), { status: 200, headers: {}, body: Buffer.from(JSON.stringify(entry)) }, ttl),
      ),
    );
  }

  /**
   * An exact lookup answered part by part: cached parts from the cache, parts another request is
   * already fetching from that request, and only the rest from the upstream, in one request.
   * Undefined when the upstream's answer cannot be split (the lookup then goes whole).
   */
  async function answerParts(partnos: string[], lang: Lang, caller: Caller, handedOver: () => void): Promise<CachedAnswer | undefined> {
    const entries = new Map<string, PartEntry | undefined>();
    const missing: string[] = [];
    for (const partno of partnos) {
      const hit = await ctx.state.cache.get(partCacheKey(lang, partno));
      ctx.observer?.cache?.({ route: 'products', hit: !!hit });
      if (hit) entries.set(partno, JSON.parse(hit.body.toString('utf8')) as PartEntry);
      else missing.push(partno);
    }
    const waits: Promise<unknown>[] = [];
    const toFetch: string[] = [];
    for (const partno of missing) {
      const flying = partsInFlight.get(partCacheKey(lang, partno));
      if (flying) waits.push(flying.then((entry) => entries.set(partno, entry)));
      else toFetch.push(partno);
    }
    if (toFetch.length > 0) {
      const batch = batcher.request(toFetch, lang, caller);
      handedOver();
      for (const partno of toFetch) {
        const key = partCacheKey(lang, partno);
        const one = batch.then((found) => found?.get(partno));
        partsInFlight.set(key, one);
        void one.then(
          () => partsInFlight.delete(key),
          () => partsInFlight.delete(key),
        );
      }
      waits.push(batch.then((found) => toFetch.forEach((partno) => entries.set(partno, found?.get(partno)))));
    }
    handedOver();
    try {
      await Promise.all(waits);
    } catch (error) {
      if (error instanceof UpstreamAnswer) return error.answer;
      throw error;
    }
    if ([...entries.values()].some((entry) => entry === undefined)) return undefined;
    return assembleAnswer(entries.values() as Iterable<PartEntry>);
  }

  function sendAnswer(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
    if (answer.status === 403 && !ctx.passThrough) {
      return sendProblem(reply, 502, "The product service refused this PartSpec server's own API key (403): tell the server's administrator.");
    }
    reply.code(answer.status).header('cache-control', 'private, no-store');
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    if (answer.status >= 400) {
      // An upstream error body is passed on with any key it might echo taken out.
      return reply.send(Buffer.from(redact(answer.body.toString('utf8'), secrets)));
    }
    return reply.send(answer.body);
  }

  async function relay(route: RelayRoute, request: FastifyRequest, reply: FastifyReply, toPath: (raw: string) => string): Promise<FastifyReply> {
    const caller = await authenticate(request);
    const path = toPath(rawQuery(request));
    return sendAnswer(reply, await answerFor(route, path, caller));
  }

  app.get(ENDPOINTS.products, routeConfig, async (request, reply) => {
    // Announced at once, so parts already waiting keep waiting for this lookup's company.
    const handedOver = batcher.expect();
    let answer: CachedAnswer | undefined;
    let partnos: string[] | undefined;
    let query: ReturnType<typeof resolveProductsQuery>;
    let caller: AddressedCaller;
    try {
      caller = await authenticate(request);
      query = resolveProductsQuery(rawQuery(request));
      partnos = exactPartnos(query.filter, query.orderby);
      // Part by part only where a cached answer may be served to this caller at all.
      const partwise = partnos && ctx.cacheTtlMs > 0 && (!ctx.passThrough || (caller.keyHash !== undefined && accepted.has(caller.keyHash)));
      if (partwise) answer = await answerParts(partnos!, query.lang, caller, handedOver);
    } finally {
      handedOver();
    }
    if (!answer) {
      answer = await answerFor('products', query.path, caller);
      // A whole exact lookup still fills the part cache, so the next overlapping one finds its parts.
      if (partnos && answer.status === 200 && ctx.cacheTtlMs > 0) await cacheParts(splitByPartno(answer.body, partnos), query.lang);
    }
    return sendAnswer(reply, answer);
  });
  app.get(ENDPOINTS.downloadUrl, routeConfig, (request, reply) => relay('downloadUrl', request, reply, (raw) => canonicalDownloadUrlPath(raw).path));

  app.get(`${SERVER_DOWNLOAD_PATH}/:link`, routeConfig, async (request, reply) => {
    const { link } = request.params as { link: string };
    const opened = ctx.signer.open(link, ctx.now());
    if ('problem' in opened) throw new RelayProblem(403, opened.problem);
    const url = new URL(opened.url);
    const sameOrigin = url.origin === new URL(ctx.upstream).origin;
    // Like the add-in, a key goes only to the upstream's own origin, never to a storage host.
    const key = !sameOrigin ? undefined : ctx.passThrough ? credentialOf(request.headers) : ctx.apiKey;
    const controller = new AbortController();
    request.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const response = await sendWithinBudget(ctx, {
      route: 'download',
      url,
      key,
      deadline: ctx.now() + ctx.requestTimeoutMs,
      exchangeTimeoutMs: DOWNLOAD_EXCHANGE_MS,
      signal: controller.signal,
      extraHeaders: { accept: '*/*', 'accept-encoding': 'gzip' },
    });
    if (response.status !== 200) {
      response.body.resume();
      if ([401, 403, 404, 410].includes(response.status)) {
        throw new RelayProblem(403, "The maker's download link behind this one is no longer valid: request a new link.");
      }
      throw new RelayProblem(502, `The product service answered the download with status ${response.status}; try again later.`);
    }
    for (const name of FILE_HEADERS) {
      const value = firstHeader(response.headers[name]);
      if (value) reply.header(name, value);
    }
    reply.header('cache-control', 'private, no-store');
    const gzipped = /\bgzip\b/i.test(firstHeader(response.headers['content-encoding']) ?? '');
    const clientTakesGzip = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    const length = firstHeader(response.headers['content-length']);
    if (gzipped && !clientTakesGzip) return reply.send(response.body.pipe(createGunzip()));
    if (gzipped) reply.header('content-encoding', 'gzip');
    if (length && /^\d+$/.test(length)) reply.header('content-length', length);
    return reply.send(response.body);
  });
}
