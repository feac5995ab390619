import type { ResponseCache } from '../cache/response-cache';
import { CancelledError } from '../errors/cancelled-error';
import type { ProductRecord } from '../product';
import { MAX_PRODUCTS_PER_CALL, VALUE_SEPARATOR, type Lang } from '../vocabulary';
import type { NormalizedResponse } from '../normalize';
import { packPartnos, partnoFilter, type PartnoMatch } from './packing';
import { buildProductsUrl, trimBaseUrl } from './query';
import { onAbort } from './sleep';

export const LOOKUP_STATUSES = ['exact', 'variant', 'ambiguous', 'notFound', 'invalid'] as const;
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

/** What one input part number turned out to be. */
export interface LookupOutcome {
  /**
   * exact: a part with this very part number. variant: the input is a part number without its
   * package code (or a prefix of one base part) and `products` are its packagings. ambiguous:
   * the input is the start of several base parts. notFound: nothing matches. invalid: the input
   * cannot be a part number (see `reason`).
   */
  status: LookupStatus;
  products: ProductRecord[];
  reason?: string;
}

/** Longest part number accepted; longer inputs are invalid. */
export const MAX_PARTNO_LENGTH = 64;
/** Inputs shorter than this are not tried as the start of a part number (too many matches). */
export const MIN_PREFIX_LENGTH = 5;

// Control characters, the value separator and unpaired surrogates cannot be sent as part of a value.
// eslint-disable-next-line no-control-regex
const IMPOSSIBLE = /[\u0000-\u001f\u007f-\u009f|]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type NormalizedInput = { ok: true; partno: string } | { ok: false; reason: string };

/**
 * A part number as typed or pasted, in the form the service uses: trimmed, upper-case,
 * full-width forms folded (NFKC), inner whitespace collapsed to one space, a trailing `#`
 * (packaging wildcard on the maker's pages) removed.
 */
export function normalizePartnoInput(input: string): NormalizedInput {
  if (typeof input !== 'string') return { ok: false, reason: 'A part number must be text.' };
  // Tabs and line breaks from pasted cells are whitespace, not part of the part number.
  const spaced = input.trim().replace(/\s+/g, ' ');
  const bad = IMPOSSIBLE.exec(spaced);
  if (bad) {
    const shown = bad[0] === VALUE_SEPARATOR ? "'|'" : `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return { ok: false, reason: `The part number contains ${shown}, which no part number contains.` };
  }
  const partno = spaced.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase().replace(/#+$/, '').trimEnd();
  if (partno === '') return { ok: false, reason: 'The part number is empty.' };
  if (partno.length > MAX_PARTNO_LENGTH) {
    return { ok: false, reason: `The part number is ${partno.length} characters long; part numbers have at most ${MAX_PARTNO_LENGTH}.` };
  }
  return { ok: true, partno };
}

/** How the lookup engine reaches the service; provided by the client. */
export interface LookupDeps {
  baseUrl: string;
  urlBudget: number;
  /** Calls within this many ms share their requests. */
  windowMs: number;
  cache?: ResponseCache;
  /** Sends one product search URL and normalizes the answer. */
  fetchPage: (url: string, signal: AbortSignal) => Promise<NormalizedResponse>;
}

interface Pending {
  promise: Promise<LookupOutcome>;
  resolve: (outcome: LookupOutcome) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  lang: Lang;
  items: Map<string, Pending>;
  controller: AbortController;
  /** Signals of the callers waiting; when every one has fired, the batch is cancelled. */
  callers: Set<AbortSignal>;
  /** A caller without a signal can never cancel, so the batch runs to the end. */
  pinned: boolean;
  /** Removes the batch's listeners from its callers' signals once it has run (a signal may outlive many batches). */
  detach: (() => void)[];
}

function defer(): Pending {
  let resolve!: (outcome: LookupOutcome) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<LookupOutcome>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A rejection nobody awaits any more (its callers cancelled) must not surface as unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function raceSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CancelledError({ cause: signal.reason }));
  return new Promise<T>((resolve, reject) => {
    const stop = onAbort(signal, () => reject(new CancelledError({ cause: signal.reason })));
    promise.then(resolve, reject).finally(stop);
  });
}

/** Classifies the products whose part number starts with `input` (pass 2). */
export function classifyPrefixMatches(input: string, products: readonly ProductRecord[]): LookupOutcome {
  if (products.length === 0) return { status: 'notFound', products: [], reason: `No part number is or starts with '${input}'.` };
  const bases = new Set(products.map((p) => String(p.values.PartnoWithoutPackageCode ?? p.partno)));
  if (bases.size === 1) return { status: 'variant', products: [...products] };
  return {
    status: 'ambiguous',
    products: [...products],
    reason: `'${input}' is the start of ${bases.size} different part numbers (${[...bases].slice(0, 3).join(', ')}${bases.size > 3 ? ', …' : ''}); type more of it.`,
  };
}

/**
 * Part number lookups: packs many part numbers into each URL, coalesces calls made within a
 * short window, never asks twice for a part number that is cached or already on its way, and
 * caches every outcome (notFound included).
 */
export class LookupEngine {
  private readonly inflight = new Map<string, Promise<LookupOutcome>>();
  private readonly queued = new Map<Lang, Batch>();

  constructor(private readonly deps: LookupDeps) {}

  private cacheKey(lang: Lang, partno: string): string {
    return `lookup|${trimBaseUrl(this.deps.baseUrl)}|${lang}|${partno}`;
  }

  async lookup(inputs: readonly string[], lang: Lang, signal?: AbortSignal): Promise<Map<string, LookupOutcome>> {
    if (signal?.aborted) throw new CancelledError({ cause: signal.reason });
    const normalized = new Map<string, NormalizedInput>();
    for (const input of inputs) if (!normalized.has(input)) normalized.set(input, normalizePartnoInput(input));
    const wanted = new Map<string, Promise<LookupOutcome>>();
    for (const n of normalized.values()) {
      if (!n.ok || wanted.has(n.partno)) continue;
      const key = this.cacheKey(lang, n.partno);
      let promise = this.inflight.get(key);
      if (!promise) {
        // Registered before any await, so a concurrent caller asking for the same part joins it.
        const registered = this.request(key, n.partno, lang, signal);
        this.inflight.set(key, registered);
        void registered.catch(() => undefined).finally(() => {
          if (this.inflight.get(key) === registered) this.inflight.delete(key);
        });
        promise = registered;
      }
      wanted.set(n.partno, promise);
    }
    const settled = await raceSignal(
      Promise.all([...wanted].map(async ([p, promise]) => [p, await promise] as const)),
      signal,
    );
    const byPartno = new Map(settled);
    const outcomes = new Map<string, LookupOutcome>();
    for (const [input, n] of normalized) {
      outcomes.set(input, n.ok ? byPartno.get(n.partno)! : { status: 'invalid', products: [], reason: n.reason });
    }
    return outcomes;
  }

  /**
   * Requests a lookup of `inputs` alone sends at most, before anything is sent: the exact-number
   * requests, and the prefix requests should none of them be found exactly. Only a prefix shared by
   * more than 2000 parts costs more (its request is split); the cache may serve some for nothing.
   */
  planRequests(inputs: readonly string[], lang: Lang): number {
    const partnos = new Set<string>();
    for (const input of new Set(inputs)) {
      const n = normalizePartnoInput(input);
      if (n.ok) partnos.add(n.partno);
    }
    if (partnos.size === 0) return 0;
    const prefixes = [...partnos].filter((p) => p.length >= MIN_PREFIX_LENGTH);
    return this.pack([...partnos], 'eq', lang).length + (prefixes.length > 0 ? this.pack(prefixes, 'startswith', lang).length : 0);
  }

  /** The outcome for one part number: from the cache, or from the batch it joins. */
  private async request(key: string, partno: string, lang: Lang, signal?: AbortSignal): Promise<LookupOutcome> {
    const cached = this.deps.cache ? await this.deps.cache.get<LookupOutcome>(key) : undefined;
    if (cached) return cached;
    const batch = this.joinBatch(lang, signal);
    const pending = defer();
    batch.items.set(partno, pending);
    return pending.promise;
  }

  private joinBatch(lang: Lang, signal?: AbortSignal): Batch {
    let batch = this.queued.get(lang);
    if (!batch) {
      const created: Batch = { lang, items: new Map(), controller: new AbortController(), callers: new Set(), pinned: false, detach: [] };
      this.queued.set(lang, created);
      setTimeout(() => {
        this.queued.delete(lang);
        void this.flush(created).finally(() => created.detach.forEach((remove) => remove()));
      }, this.deps.windowMs);
      batch = created;
    }
    const joined = batch;
    if (!signal) joined.pinned = true;
    else if (!joined.callers.has(signal)) {
      joined.callers.add(signal);
      // Requests stop only when every caller that wanted them has cancelled.
      const stop = onAbort(signal, () => {
        if (!joined.pinned && [...joined.callers].every((s) => s.aborted)) joined.controller.abort(signal.reason);
      });
      joined.detach.push(stop);
    }
    return joined;
  }

  private async flush(batch: Batch): Promise<void> {
    const items = batch.items;
    if (items.size === 0) return;
    const signal = batch.controller.signal;
    const misses: string[] = [];
    await Promise.all(
      this.pack([...items.keys()], 'eq', batch.lang).map(async (group) => {
        let response: NormalizedResponse;
        try {
          response = await this.deps.fetchPage(this.url(group, 'eq', batch.lang), signal);
        } catch (error) {
          for (const p of group) items.get(p)?.reject(error);
          return;
        }
        for (const p of group) {
          const hits = response.products.filter((r) => r.partno === p);
          if (hits.length > 0) void this.settle(batch, p, { status: 'exact', products: hits });
          else misses.push(p);
        }
      }),
    );
    const prefixes = misses.filter((p) => p.length >= MIN_PREFIX_LENGTH);
    for (const p of misses) {
      if (p.length < MIN_PREFIX_LENGTH) {
        void this.settle(batch, p, {
          status: 'notFound',
          products: [],
          reason: `No part number is '${p}', and ${p.length} characters are too few to search for part numbers starting with it.`,
        });
      }
    }
    if (prefixes.length === 0) return;
    await Promise.all(this.pack(prefixes, 'startswith', batch.lang).map((group) => this.prefixPass(batch, group, signal)));
  }

  private async prefixPass(batch: Batch, group: string[], signal: AbortSignal): Promise<void> {
    let response: NormalizedResponse;
    try {
      response = await this.deps.fetchPage(this.url(group, 'startswith', batch.lang), signal);
    } catch (error) {
      for (const p of group) batch.items.get(p)?.reject(error);
      return;
    }
    if (response.hasMoreHits) {
      if (group.length > 1) {
        // A short prefix matched more than the cap: the others deserve complete answers.
        const half = Math.ceil(group.length / 2);
        await Promise.all([this.prefixPass(batch, group.slice(0, half), signal), this.prefixPass(batch, group.slice(half), signal)]);
        return;
      }
      const [p] = group;
      void this.settle(batch, p, {
        status: 'ambiguous',
        products: response.products.filter((r) => r.partno.startsWith(p)),
        reason: `'${p}' is the start of more than ${MAX_PRODUCTS_PER_CALL} part numbers; type more of it.`,
      });
      return;
    }
    for (const p of group) {
      void this.settle(batch, p, classifyPrefixMatches(p, response.products.filter((r) => r.partno.startsWith(p))));
    }
  }

  private async settle(batch: Batch, partno: string, outcome: LookupOutcome): Promise<void> {
    const pending = batch.items.get(partno);
    if (this.deps.cache) await this.deps.cache.set(this.cacheKey(batch.lang, partno), outcome);
    pending?.resolve(outcome);
  }

  private pack(partnos: readonly string[], match: PartnoMatch, lang: Lang): string[][] {
    return packPartnos(partnos, match, { baseUrl: this.deps.baseUrl, lang, budget: this.deps.urlBudget });
  }

  private url(values: readonly string[], match: PartnoMatch, lang: Lang): string {
    return buildProductsUrl(this.deps.baseUrl, partnoFilter(values, match), [], lang);
  }
}
