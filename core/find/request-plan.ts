/*
 * How a run's distinct searches are answered, decided before anything is sent: one search each
 * while that is cheaper, or each category's file (a download link and the file: 2 requests) when
 * the searches would cost more requests and are at least SEARCHES_PER_CATEGORY_FILE a file. The plan is said in a sentence, and a bound on requests refuses a
 * plan over it before the first request.
 */
import type { SearchQuery } from '../../api/client/query';
import type { CategoryId } from '../../api/vocabulary';
import { matchInCategoryFiles, type CategoryFileSource, type SearchAnswer } from './category-match';

/** Requests one category file costs: its download link, then the file. */
export const REQUESTS_PER_CATEGORY_FILE = 2;
/**
 * Searches a category file must save before it is fetched: the file is the whole category (tens of
 * megabytes), so a handful of lines is quicker searched even though each search is a request.
 */
export const SEARCHES_PER_CATEGORY_FILE = 25;

/** What a run will send. */
export interface RequestPlan {
  /** Distinct searches the lines need. */
  searches: number;
  /** `search`: one request per search; `categoryFiles`: the files of `categories`, matched locally. */
  way: 'search' | 'categoryFiles';
  categories: CategoryId[];
  /** Requests the plan sends at most (retries of one request aside; the cache may serve some). */
  requests: number;
  /** The plan in a sentence. */
  sentence: string;
}

/** A run whose plan needs more requests than it was allowed: nothing was sent. */
export class RequestBoundError extends Error {
  constructor(
    readonly plan: Pick<RequestPlan, 'requests' | 'sentence'>,
    readonly maxRequests: number,
  ) {
    super(`${plan.sentence.replace(/\.$/, '')}, over --max-requests ${maxRequests}; none of them was sent. Allow more requests, or give fewer lines.`);
    this.name = 'RequestBoundError';
  }
}

export function isRequestBoundError(error: unknown): error is RequestBoundError {
  return error instanceof RequestBoundError;
}

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The cheaper way to answer these searches (category files only where `canDownload`), and its
 * sentence. Within a `budget` of requests, the other way is taken when only it fits: a few
 * searches left after a run's lookups are matched in the files rather than go over the bound.
 */
export function planRequests(searches: readonly SearchQuery[], canDownload = true, budget = Number.POSITIVE_INFINITY): RequestPlan {
  const categories = [...new Set(searches.map((q) => q.category).filter((c): c is CategoryId => c !== undefined))].sort();
  const fileCost = categories.length * REQUESTS_PER_CATEGORY_FILE;
  const canFile = canDownload && searches.every((q) => q.category !== undefined);
  const cheaper = searches.length > fileCost && searches.length >= categories.length * SEARCHES_PER_CATEGORY_FILE;
  const files = canFile && (cheaper ? fileCost <= budget || searches.length > budget : searches.length > budget && fileCost <= budget);
  const lines = plural(searches.length, 'distinct search', 'distinct searches');
  if (!files) return { searches: searches.length, way: 'search', categories, requests: searches.length, sentence: `${lines}: ${plural(searches.length, 'request', 'requests')}, one search each.` };
  const names = categories.length === 1 ? `the ${categories[0]} file` : `the ${categories.slice(0, -1).join(', ')} and ${categories[categories.length - 1]} files`;
  return { searches: searches.length, way: 'categoryFiles', categories, requests: fileCost, sentence: `${lines}: ${plural(fileCost, 'request', 'requests')} (${names}) instead of ${plural(searches.length, 'search', 'searches')}.` };
}

/** How findParts answers its distinct searches (keys as findParts makes them). */
export type FindPlan = (distinct: ReadonlyMap<string, SearchQuery>, searchEach: () => Promise<Map<string, SearchAnswer>>, signal?: AbortSignal) => Promise<Map<string, SearchAnswer>>;

export interface PlanOptions {
  /** Where category files come from (the API client); without it every search is sent. */
  source?: CategoryFileSource;
  /** Refuse a plan of more requests than this, before sending any. @default no bound */
  maxRequests?: number;
  /** Hears the plan before anything is sent (the command line prints its sentence). */
  onPlan?: (plan: RequestPlan) => void;
  /** Language of the searches that do not name one. @default 'en' */
  lang?: 'en' | 'ja' | 'zh';
}

/** A FindPlan that states the plan, keeps to the bound, and matches against category files when they cost less. */
export function planByCategoryFile(options: PlanOptions): FindPlan {
  return async (distinct, searchEach, signal) => {
    const plan = planRequests([...distinct.values()], options.source !== undefined, options.maxRequests);
    options.onPlan?.(plan);
    if (options.maxRequests !== undefined && plan.requests > options.maxRequests) throw new RequestBoundError(plan, options.maxRequests);
    if (plan.way === 'search' || !options.source) return searchEach();
    return matchInCategoryFiles(distinct, options.source, { lang: options.lang ?? 'en', signal });
  };
}

/** How long a plan shared by calls waits for more of them after the first, in ms. */
const PLAN_WINDOW_MS = 10;

interface Waiting {
  keys: string[];
  searchEach: () => Promise<Map<string, SearchAnswer>>;
  resolve: (answers: Map<string, SearchAnswer>) => void;
  reject: (error: unknown) => void;
}

/**
 * A FindPlan for calls that arrive together (the PART.SUGGEST cells of one recalculation): the
 * distinct searches of every call made within `windowMs` of the first are planned as one, so many
 * cells asking different things cost at most the category files, as one command-line run does.
 * Each call gets the answers to its own searches; when searching each costs less, each call sends
 * its own (cells asking the same thing still share the request).
 */
export function planTogether(options: PlanOptions & { windowMs?: number }): FindPlan {
  let batch: { searches: Map<string, SearchQuery>; waiting: Waiting[] } | undefined;
  const flush = async (current: { searches: Map<string, SearchQuery>; waiting: Waiting[] }): Promise<void> => {
    const plan = planRequests([...current.searches.values()], options.source !== undefined, options.maxRequests);
    options.onPlan?.(plan);
    if (options.maxRequests !== undefined && plan.requests > options.maxRequests) {
      const error = new RequestBoundError(plan, options.maxRequests);
      current.waiting.forEach((w) => w.reject(error));
      return;
    }
    if (plan.way === 'search' || !options.source) {
      current.waiting.forEach((w) => void w.searchEach().then(w.resolve, w.reject));
      return;
    }
    try {
      const answers = await matchInCategoryFiles(current.searches, options.source, { lang: options.lang ?? 'en' });
      current.waiting.forEach((w) => w.resolve(new Map(w.keys.map((key) => [key, answers.get(key)!]))));
    } catch (error) {
      current.waiting.forEach((w) => w.reject(error));
    }
  };
  return (distinct, searchEach) => {
    if (distinct.size === 0) return Promise.resolve(new Map());
    return new Promise((resolve, reject) => {
      if (!batch) {
        const started = { searches: new Map<string, SearchQuery>(), waiting: [] as Waiting[] };
        batch = started;
        setTimeout(() => {
          batch = undefined;
          void flush(started);
        }, options.windowMs ?? PLAN_WINDOW_MS);
      }
      for (const [key, query] of distinct) batch.searches.set(key, query);
      batch.waiting.push({ keys: [...distinct.keys()], searchEach, resolve, reject });
    });
  };
}
