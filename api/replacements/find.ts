import type { Client } from '../client/create-client';
import type { LookupOutcome, LookupStatus } from '../client/lookup';
import { readValue, type ProductRecord } from '../product';
import { DEFAULT_LANG, MAX_PRODUCTS_PER_CALL, type Lang } from '../vocabulary';
import { findNearMiss, rankCandidates, type NearMiss, type RankedCandidate } from './compare';
import { buildNearMissFilter, nearMissKey, planParameterGroups, primaryRuleOf } from './groups';

/** A lookup outcome as callers hold it (the sheets keep theirs read-only). */
export type KnownOutcome = Pick<LookupOutcome, 'status' | 'reason'> & { products: readonly ProductRecord[] };

/** What a replacement run needs of the client (the sheets' client has just these). */
export type ReplacementClient = Pick<Client, 'lookup' | 'harvest'>;

/** How many candidates an answer lists unless told otherwise. */
export const DEFAULT_MAX_REPLACEMENTS = 5;
/** Most candidates an answer may list. */
export const MAX_REPLACEMENTS_LIMIT = 100;

export interface ReplacementOptions {
  /** Candidates listed per input (the count of all of them is kept in `total`). @default 5 */
  max?: number;
  /** Also require equal tolerance and package type. @default false */
  strict?: boolean;
  /** Language of the values searched and returned. @default the client's */
  lang?: Lang;
  signal?: AbortSignal;
  /** Lookup outcomes already in hand (an enrichment has them), keyed by input; others are looked up. */
  outcomes?: ReadonlyMap<string, KnownOutcome>;
  /** Search for a near-miss when an input has no candidate. @default true */
  nearMiss?: boolean;
}

/** What PartSpec found to replace one input part number. */
export interface ReplacementAnswer {
  input: string;
  /** How the input was found (see LookupOutcome). */
  status: LookupStatus;
  /** The part replaced (the first package variant when the input names several). */
  original?: ProductRecord;
  /** The closest candidates, at most `max`. */
  candidates: RankedCandidate[];
  /** Every candidate found (may exceed `candidates.length`). */
  total: number;
  /** When there is no candidate: the closest part that is not a drop-in, and why. */
  nearMiss?: NearMiss;
  /** A sentence when there is nothing to list: not found, ambiguous, no candidate. */
  message?: string;
}

/** Requests a replacement run sent, for statistics and the benchmark. */
export interface ReplacementStats {
  groups: number;
  nearMissSearches: number;
}

/**
 * Group searches in flight per client: cells of a workbook asking at the same moment for parts of
 * one group share one request (the client's cache serves them once it has answered).
 */
const IN_FLIGHT = new WeakMap<ReplacementClient, Map<string, Promise<ProductRecord[]>>>();

function requestShared(client: ReplacementClient, key: string, run: () => Promise<ProductRecord[]>): Promise<ProductRecord[]> {
  let pending = IN_FLIGHT.get(client);
  if (!pending) {
    pending = new Map();
    IN_FLIGHT.set(client, pending);
  }
  const existing = pending.get(key);
  if (existing) return existing;
  const map = pending;
  const started = run().finally(() => map.delete(key));
  map.set(key, started);
  return started;
}

function noCandidateMessage(original: ProductRecord, miss: NearMiss | undefined, strict: boolean): string {
  const head = `No ${strict ? 'strict ' : ''}drop-in replacement In Production for ${original.partno}`;
  if (!miss) return `${head}, and no part of the same ${primaryRuleOf(original.group).filter.name} to compare with.`;
  return `${head}; closest: ${miss.product.partno} (${miss.differs.join('; ') || 'differs in status'}).`;
}

/**
 * Finds drop-in replacements for part numbers: one lookup for all inputs (batched to the URL
 * budget by the client), one search per distinct parameter group (harvested past the 2,000 cap so
 * no candidate is missed), and, only for inputs left without a candidate, one near-miss search per
 * distinct primary value (its first 2,000 parts: a near-miss needs no more). Searches go through the client's cache, so asking again costs nothing.
 * Answers are keyed by input, each input once.
 */
export async function findReplacements(
  client: ReplacementClient,
  inputs: readonly string[],
  options: ReplacementOptions = {},
): Promise<{ answers: Map<string, ReplacementAnswer>; stats: ReplacementStats }> {
  const max = Math.max(1, Math.min(MAX_REPLACEMENTS_LIMIT, Math.floor(options.max ?? DEFAULT_MAX_REPLACEMENTS)));
  const strict = options.strict ?? false;
  const lang = options.lang ?? DEFAULT_LANG;
  const unique = [...new Set(inputs)];
  const given: ReadonlyMap<string, KnownOutcome> = options.outcomes ?? new Map<string, KnownOutcome>();
  const missing = unique.filter((i) => !given.has(i) && i.trim() !== '');
  const looked = missing.length > 0 ? await client.lookup(missing, { lang, signal: options.signal }) : new Map<string, LookupOutcome>();
  const outcomeOf = (input: string): KnownOutcome | undefined => given.get(input) ?? looked.get(input);

  const answers = new Map<string, ReplacementAnswer>();
  const searchable: { input: string; original: ProductRecord; exclude: Set<string> }[] = [];
  for (const input of unique) {
    const outcome = outcomeOf(input);
    const status: LookupStatus = outcome?.status ?? 'notFound';
    if (!outcome || outcome.products.length === 0 || status === 'notFound' || status === 'invalid') {
      answers.set(input, { input, status, candidates: [], total: 0, message: outcome?.reason ?? `Part not found: ${input}` });
      continue;
    }
    if (status === 'ambiguous') {
      answers.set(input, { input, status, candidates: [], total: 0, message: outcome.reason ?? `'${input}' matches several parts; type more of it.` });
      continue;
    }
    const original = outcome.products[0];
    const primary = primaryRuleOf(original.group);
    if (readValue(original, primary.field.key) === undefined) {
      answers.set(input, { input, status, original, candidates: [], total: 0, message: `${original.partno} has no ${primary.filter.name} to match a replacement on.` });
      continue;
    }
    searchable.push({ input, original, exclude: new Set(outcome.products.map((p) => p.partno)) });
  }

  const groups = planParameterGroups(searchable.map((s) => s.original), lang);
  const found = new Map<string, ProductRecord[]>();
  await Promise.all(
    groups.map(async (g) => {
      const products = await requestShared(client, `group|${g.key}`, async () => (await client.harvest({ filter: g.filter, lang }, { signal: options.signal })).products);
      for (const original of g.originals) found.set(original.partno, products);
    }),
  );

  const withoutCandidate: typeof searchable = [];
  for (const s of searchable) {
    const pool = found.get(s.original.partno) ?? [];
    const ranked = rankCandidates(s.original, pool, { strict, exclude: s.exclude, lang });
    answers.set(s.input, { input: s.input, status: outcomeOf(s.input)!.status, original: s.original, candidates: ranked.slice(0, max), total: ranked.length });
    if (ranked.length === 0) withoutCandidate.push(s);
  }

  let nearMissSearches = 0;
  if (withoutCandidate.length > 0) {
    const wider = new Map<string, Promise<ProductRecord[]>>();
    for (const s of withoutCandidate) {
      const key = nearMissKey(s.original, lang);
      if (options.nearMiss === false || wider.has(key)) continue;
      nearMissSearches++;
      const filter = buildNearMissFilter(s.original, lang);
      wider.set(key, requestShared(client, `near|${key}`, async () => (await client.harvest({ filter, lang }, { max: MAX_PRODUCTS_PER_CALL, signal: options.signal })).products));
    }
    for (const s of withoutCandidate) {
      const pool = [...(found.get(s.original.partno) ?? []), ...((await wider.get(nearMissKey(s.original, lang))) ?? [])];
      const nearMiss = findNearMiss(s.original, pool, { strict, exclude: s.exclude, lang });
      const answer = answers.get(s.input)!;
      answers.set(s.input, { ...answer, nearMiss, message: noCandidateMessage(s.original, nearMiss, strict) });
    }
  }
  const ordered = new Map(unique.map((input) => [input, answers.get(input)!]));
  return { answers: ordered, stats: { groups: groups.length, nearMissSearches } };
}
