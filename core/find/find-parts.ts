/*
 * Find the maker's part for any BOM line: understand the line, ask the API once per distinct set
 * of constraints (lines and cells asking the same thing share the search), keep only products
 * that meet every constraint by their own specs, and rank the closest fit first. The command line,
 * the add-in's PART.SUGGEST and enrichment, and the assistants' tool all call findParts.
 */
import type { SearchQuery } from '../../api/client/query';
import type { BomClient } from '../client';
import { findAllowedValue, readValue, type ProductRecord } from '../../api/index';
import { formatQuantity } from '../../api/units';
import { DEFAULT_LANG, translateValue, type CategoryId, type Lang } from '../../api/vocabulary';
import { brokenConstraints, buildFindQuery, DEFAULT_STATUSES, findQueryKey, isSearchable } from './constraints';
import type { FindPlan } from './request-plan';
import { describeUnderstood, noneFitReason, notMakerKindReason, tooVagueReason, vagueNote } from './describe';
import { understandLine } from './understand';
import { MAKER_KINDS, type FindAnswer, type FindCandidate, type FindLine, type PartKind, type Understood } from './types';

/** What findParts asks of the client: product searches (validated, cached, at most 2000 products each). */
export type FindClient = Pick<BomClient, 'search'>;

/**
 * The categories a line may be told to be (PART.FIND's argument, `partspec suggest --category`, the
 * assistants' tool), and the kind of part each means: one table for every shell.
 */
const FIND_CATEGORIES = { ceramicCapacitors: 'ceramicCapacitor', ceramicCapacitorsSMD: 'ceramicCapacitor', inductors: 'inductor' } as const satisfies Partial<Record<CategoryId, PartKind>>;

export type FindCategory = keyof typeof FIND_CATEGORIES;

/** FIND_CATEGORIES' names, in order. */
export const FIND_CATEGORY_IDS = Object.keys(FIND_CATEGORIES) as [FindCategory, ...FindCategory[]];

/** Whether `value` is one of FIND_CATEGORIES. */
export function isFindCategory(value: unknown): value is FindCategory {
  return typeof value === 'string' && (FIND_CATEGORY_IDS as readonly string[]).includes(value);
}

/** Candidates listed per line unless told otherwise. */
export const DEFAULT_FIND_COUNT = 3;
/** Most candidates a line may list. */
export const MAX_FIND_COUNT = 50;

export interface FindOptions {
  /** Language of what was understood, the reasons, and the values searched. @default 'en' */
  lang?: Lang;
  /** Candidates per line. @default 3 */
  count?: number;
  /** What the lines are when they do not say (PART.SUGGEST's category): a maker's number still decides. */
  category?: FindCategory;
  /** Ask for automotive grade (AEC-Q200) on every line. @default false */
  automotive?: boolean;
  /** Statuses a candidate may have, in English. @default ['In Production'] */
  statuses?: readonly string[];
  signal?: AbortSignal;
  /** How the distinct searches are answered (see planByCategoryFile). @default one search each */
  plan?: FindPlan;
}

export interface FindResult {
  answers: FindAnswer[];
  /** Distinct searches the lines needed (each sent at most once; the client's cache may serve it). */
  searches: number;
}

/**
 * Searches in flight per client, as the replacements' group searches are: cells asking the same
 * thing at the same moment share one request (the client's cache serves them once it has answered).
 */
const IN_FLIGHT = new WeakMap<FindClient, Map<string, Promise<{ products: readonly ProductRecord[]; hasMoreHits: boolean }>>>();

function searchShared(client: FindClient, query: SearchQuery, signal: AbortSignal | undefined) {
  let pending = IN_FLIGHT.get(client);
  if (!pending) IN_FLIGHT.set(client, (pending = new Map()));
  const key = findQueryKey(query);
  const existing = pending.get(key);
  if (existing) return existing;
  const map = pending;
  const started = client.search({ ...query, signal }).finally(() => map.delete(key));
  map.set(key, started);
  return started;
}

const numberOf = (p: ProductRecord, key: string): number => {
  const v = readValue(p, key);
  return typeof v === 'number' ? v : Number.POSITIVE_INFINITY;
};

/** Characteristics most BOMs use, most used first. */
const COMMON_CHARACTERISTICS: readonly string[] = ['X7R', 'X5R', 'C0G'];
/** Sizes and ratings most BOMs use, most used first. */
const COMMON_SIZES: readonly string[] = ['0402', '0603', '0805', '0201', '1206'];
const COMMON_VOLTAGES: readonly number[] = [16, 25, 50, 10, 6.3, 35, 100];

/** 0 for the maker's standard parts (two-terminal, no special benefit), 1 for special series. */
function specialness(p: ProductRecord): number {
  if (p.group !== 'SMD') return 0;
  const type = findAllowedValue('SmdType', String(readValue(p, 'Specs.SmdType') ?? ''))?.en;
  const benefits = readValue(p, 'Benefits');
  return type === 'Two-terminal' && !(Array.isArray(benefits) && benefits.length > 0) ? 0 : 1;
}

/**
 * Closest fit first. A line that states its voltage (or current) gets the lowest rating at or above
 * it, then standard (not automotive unless asked) series. A line that leaves them open gets "the
 * most common" parts: standard series in the usual characteristics (X7R, X5R, C0G), sizes and
 * ratings. Then the part number.
 */
function rankProducts(products: readonly ProductRecord[], u: Understood): ProductRecord[] {
  const rankIn = (list: readonly (string | number)[], value: unknown): number => {
    const at = list.indexOf(value as string | number);
    return at < 0 ? list.length : at;
  };
  const common = (p: ProductRecord): number => (u.kind !== 'ceramicCapacitor' || u.characteristic ? 0 : rankIn(COMMON_CHARACTERISTICS, readValue(p, 'Specs.TemperatureCharacteristics')));
  const size = (p: ProductRecord): number => (u.size ? 0 : rankIn(COMMON_SIZES, readValue(p, 'Specs.SizecodeInch')));
  const notAsked = (p: ProductRecord): number => (!u.automotive && readValue(p, 'ComplianceInfo.AecQ200Support') === true ? 1 : 0);
  const stated = u.kind === 'ceramicCapacitor' ? u.voltage !== undefined : u.current !== undefined;
  const rating = (p: ProductRecord): number => numberOf(p, u.kind === 'ceramicCapacitor' ? 'Specs.RatedVoltage' : 'Specs.RatedCurrentItemp');
  const key = (p: ProductRecord): number[] =>
    stated
      ? [common(p), rating(p), notAsked(p), specialness(p), size(p)]
      : [common(p), specialness(p), notAsked(p), size(p), u.kind === 'ceramicCapacitor' ? rankIn(COMMON_VOLTAGES, readValue(p, 'Specs.RatedVoltage')) : 0, rating(p)];
  const keyed = products.map((p) => ({ p, k: key(p) }));
  keyed.sort((a, b) => a.k.reduce((d, v, i) => d || v - b.k[i], 0) || (a.p.partno < b.p.partno ? -1 : a.p.partno > b.p.partno ? 1 : 0));
  const seen = new Set<string>();
  return keyed.map((x) => x.p).filter((p) => {
    const base = String(readValue(p, 'PartnoWithoutPackageCode') ?? p.partno);
    if (seen.has(base)) return false;
    seen.add(base);
    return true;
  });
}

/** One line of why a product is proposed: its own specs, as the line asked them. */
function whyOf(p: ProductRecord, u: Understood, lang: Lang, first: boolean): string {
  const parts: string[] = [];
  const num = (key: string): number | undefined => {
    const v = readValue(p, key);
    return typeof v === 'number' ? v : undefined;
  };
  const text = (key: string): string | undefined => {
    const v = readValue(p, key);
    return v === undefined || v === '' ? undefined : String(v);
  };
  const push = (v: string | undefined): void => void (v && parts.push(v));
  if (u.kind === 'ceramicCapacitor') {
    const c = num('Specs.Capacitance');
    const v = num('Specs.RatedVoltage');
    push(c === undefined ? undefined : formatQuantity(c, 'F'));
    push(v === undefined ? undefined : formatQuantity(v, 'V'));
    push(text('Specs.TemperatureCharacteristics'));
    push(text('Specs.ToleranceCapacitance'));
  } else {
    const h = num('Specs.Inductance');
    const a = num('Specs.RatedCurrentItemp');
    push(h === undefined ? undefined : formatQuantity(h, 'H'));
    push(a === undefined ? undefined : formatQuantity(a, 'A'));
    push(text('Specs.InductanceTolerance'));
  }
  push(text('Specs.SizecodeInch') ?? text('Specs.SizecodeMm'));
  if (readValue(p, 'ComplianceInfo.AecQ200Support') === true) parts.push('AEC-Q200');
  const closest = first && (u.voltage !== undefined || u.current !== undefined) ? { en: 'closest rating that fits', ja: '条件を満たす最も近い定格', zh: '满足条件的最接近额定值' }[lang] : undefined;
  push(closest);
  return parts.join(lang === 'en' ? ', ' : lang === 'ja' ? '、' : '，');
}

/** What a vague line leaves open. */
function missingOf(u: Understood): ('voltage' | 'size' | 'characteristic' | 'current')[] {
  const missing: ('voltage' | 'size' | 'characteristic' | 'current')[] = [];
  if (u.kind === 'ceramicCapacitor') {
    if (u.voltage === undefined) missing.push('voltage');
    if (!u.characteristic) missing.push('characteristic');
  } else if (u.current === undefined) missing.push('current');
  if (!u.size) missing.push('size');
  return missing;
}

/** Turns one line's understanding and its search result into an answer. */
function answerOf(input: string, u: Understood, found: { products: readonly ProductRecord[]; hasMoreHits: boolean } | undefined, options: Required<Pick<FindOptions, 'lang' | 'count' | 'statuses'>>): FindAnswer {
  const base = { input, understood: u, understoodText: describeUnderstood(u, options.lang), candidates: [] as FindCandidate[], fitting: 0, more: false };
  if (u.kind !== undefined && !MAKER_KINDS.includes(u.kind)) return { ...base, reason: notMakerKindReason(u.kind, options.lang) };
  if (!found) return { ...base, reason: tooVagueReason(u, options.lang) };
  const fitting = rankProducts(found.products.filter((p) => brokenConstraints(p, u, options.statuses).length === 0), u);
  const candidates = fitting.slice(0, options.count).map((product, i) => ({ Partno: product.partno, why: whyOf(product, u, options.lang, i === 0), product }));
  const status = options.statuses.map((s) => translateValue('Status', s, 'en', options.lang)).join(' / ');
  if (candidates.length === 0) return { ...base, reason: noneFitReason(u, options.lang, status) };
  const note = vagueNote(missingOf(u), fitting.length, found.hasMoreHits, candidates.length, options.lang);
  return { ...base, candidates, fitting: fitting.length, more: found.hasMoreHits, ...(note ? { reason: note } : {}) };
}

/** The text of a line, as its answer's `input`. */
const inputOf = (line: FindLine): string => (typeof line === 'string' ? line : line.text);

/** Each line's understanding and search (none for a line too vague or not the maker's kind), and the distinct searches by key. */
function searchesOf(lines: readonly FindLine[], options: FindOptions): { understood: Understood[]; queries: (SearchQuery | undefined)[]; distinct: Map<string, SearchQuery> } {
  const lang = options.lang ?? DEFAULT_LANG;
  const statuses = options.statuses ?? DEFAULT_STATUSES;
  const understood = lines.map((line) => understandLine(line, { automotive: options.automotive, kind: options.category && FIND_CATEGORIES[options.category] }));
  const queries = understood.map((u) => (u.kind && MAKER_KINDS.includes(u.kind) && isSearchable(u) ? buildFindQuery(u, { lang, statuses }) : undefined));
  const distinct = new Map<string, SearchQuery>();
  for (const q of queries) if (q) distinct.set(findQueryKey(q), q);
  return { understood, queries, distinct };
}

/** The distinct searches findParts would answer for these lines, by key, without sending any (a run states its plan from them). */
export function findSearches(lines: readonly FindLine[], options: Omit<FindOptions, 'plan' | 'signal' | 'count'> = {}): Map<string, SearchQuery> {
  return searchesOf(lines, options).distinct;
}

/**
 * Finds the maker's candidates for each line, in order: what was understood, the candidates
 * (every one meets every stated constraint, closest fit first), and a sentence when there are
 * none or the line leaves much open. One search per distinct set of constraints.
 */
export async function findParts(lines: readonly FindLine[], client: FindClient, options: FindOptions = {}): Promise<FindResult> {
  const lang = options.lang ?? DEFAULT_LANG;
  const count = Math.max(1, Math.min(options.count ?? DEFAULT_FIND_COUNT, MAX_FIND_COUNT));
  const statuses = options.statuses ?? DEFAULT_STATUSES;
  const { understood, queries, distinct } = searchesOf(lines, options);
  const searchEach = async (): Promise<Map<string, { products: readonly ProductRecord[]; hasMoreHits: boolean }>> => {
    const found = new Map<string, { products: readonly ProductRecord[]; hasMoreHits: boolean }>();
    await Promise.all([...distinct].map(async ([key, query]) => found.set(key, await searchShared(client, query, options.signal))));
    return found;
  };
  const results = await (options.plan ? options.plan(distinct, searchEach, options.signal) : searchEach());
  const answers = lines.map((line, i) => {
    const q = queries[i];
    return answerOf(inputOf(line), understood[i], q ? results.get(findQueryKey(q)) : undefined, { lang, count, statuses });
  });
  return { answers, searches: distinct.size };
}

/** An answer as plain JSON (the product record left out: `Partno` and why, plus the specs read back). */
export function findAnswerJson(answer: FindAnswer): Record<string, unknown> {
  return {
    input: answer.input,
    understood: answer.understood,
    understoodText: answer.understoodText,
    candidates: answer.candidates.map((c) => ({ Partno: c.Partno, why: c.why, Status: readValue(c.product, 'Status'), Specs: Object.fromEntries(Object.entries(c.product.values).filter(([k]) => k.startsWith('Specs.')).map(([k, v]) => [k.slice(6), v])) })),
    fitting: answer.fitting,
    more: answer.more,
    ...(answer.reason ? { reason: answer.reason } : {}),
  };
}

/** The one-cell summary of an answer: the best candidate and why, or the reason there is none. */
export function suggestionCell(answer: FindAnswer): string {
  const best = answer.candidates[0];
  if (!best) return answer.reason ?? '';
  return `${best.Partno} — ${best.why}`;
}
