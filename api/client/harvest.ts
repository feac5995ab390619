import type { Filter, OrderByItem } from '../filter';
import type { ProductRecord } from '../product';
import { MAX_PRODUCTS_PER_CALL, VALUE_SEPARATOR, type Lang } from '../vocabulary';
import { cannotAdvance, continuationFilter, type ContinuationDeps } from './harvest-continuation';
import { compareCodeUnits, followsHarvestOrder, sortProducts } from './product-order';
import { throwIfCancelled } from './sleep';

export { continuationPrefixes } from './harvest-continuation';
export { compareOrderKeys, followsHarvestOrder, orderKeyOf, sortProducts, type OrderKey } from './product-order';

/*
 * Harvesting beyond the 2000-product cap. The spec has no paging parameter; it says to add
 * conditions until each call matches at most 2000. We page by part number: ask for the matches
 * in `Partno asc` order; when HasMoreHits, let L be the greatest part number received and ask
 * again with the base filter AND startswith(Partno, P1|P2|…), where the prefixes cover exactly the
 * part numbers greater than L:
 *   - for each position i < k, L[0..i) + c for every alphabet character c > L[i]
 *     (part numbers that first differ from L at position i, with a greater character there);
 *   - L[0..k) itself (part numbers that agree with L on its first k characters; those ≤ L are
 *     the overlap, received again and removed by deduplication).
 * k is the largest that keeps the URL within the budget. Every match ≤ L is already in hand, so
 * the continuation point need not be L itself: any received part number L' works, at the cost of
 * receiving again the matches in (L', L] plus those ≤ L' that share L'[0..k). Both counts are
 * known exactly before sending, so we pick the L' among the last received ones (and its largest
 * fitting k) that wastes the fewest of the next call's 2000 slots; a part number whose deep
 * characters are high letters leaves few prefixes to list and affords a long k. Every call after
 * the first thus brings close to 2000 new products: about ⌈N/2000⌉ calls, ties in any other field
 * included, since part numbers are unique.
 *
 * Collation assumption: the service orders Partno by UTF-16 code units (plain string comparison,
 * which is what the emulator does and what ordinal/binary collations do for ASCII part numbers).
 * Under a case-insensitive or locale collation the "greater than L" set would differ and parts
 * could be skipped. Alphabet assumption: part numbers use digits, upper-case letters, common
 * punctuation and characters already seen in received part numbers; a part whose first
 * difference from L is a character never seen before would be missed, so every character of
 * every received part number joins the alphabet.
 */

/** Characters assumed possible in part numbers before any has been seen, in code-unit order. */
export const BASE_PARTNO_ALPHABET = ' #%&()+,-./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';


/** Characters that can stand in a prefix value: no separator, no lone surrogate halves. */
function isSendable(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return ch !== VALUE_SEPARATOR && !(code >= 0xd800 && code <= 0xdfff) && code >= 0x20;
}

/** The prefixes whose startswith-union is every string greater than `last` (see above), for a given k. */

export interface HarvestOptions {
  signal?: AbortSignal;
  /** Called after every call with the calls made and the distinct products so far. */
  onProgress?: (progress: { requests: number; products: number }) => void;
  /** Stop once this many products are in hand (the result then has `hasMoreHits: true`). */
  max?: number;
  /**
   * Resume a walk in part-number order after this part number: the first call already asks only
   * for the part numbers after it (no call for the pages before), and nothing at or below it is
   * yielded. Only for no order or `Partno asc` first; `max` counts from here.
   */
  startAfter?: string;
  /** Characters known to occur in part numbers (those an earlier walk saw, see `HarvestPages.alphabet`). */
  alphabet?: string;
}

export interface HarvestStats {
  requests: number;
  bytes: number;
  urlBytes: number;
}

export interface PageResult {
  products: ProductRecord[];
  hasMoreHits: boolean;
  stats: HarvestStats;
}

export interface HarvestResult extends PageResult {
  /** True when `max` stopped the harvest before every match was fetched. */
  hasMoreHits: boolean;
}

/**
 * A harvest read page by page, so a whole category never has to be held at once. Each page holds
 * only products not yielded before. When `inOrder` is true the pages come in the query's final
 * order (the harvest's own walk: no order, or `Partno asc` first; or one call in the service's
 * order for `max` ≤ 2000) and `max` is applied; otherwise they come in part-number order, every
 * match is fetched, and the reader sorts (`compareOrderKeys`) and applies `max` itself.
 */
export interface HarvestPages extends AsyncIterable<ProductRecord[]> {
  readonly inOrder: boolean;
  /** The query's order, parsed (for `orderKeyOf` when the pages are not `inOrder`). */
  readonly orderby: readonly OrderByItem[];
  /** Calls, bytes and the longest URL so far (final once the pages end). */
  readonly stats: HarvestStats;
  /** Products yielded so far. */
  readonly products: number;
  /** Once the pages end: true when `max` stopped them before every match (only when `inOrder`). */
  readonly hasMoreHits: boolean;
  /** Characters seen in part numbers so far beyond `BASE_PARTNO_ALPHABET`, in code-unit order (for `startAfter`'s `alphabet`). */
  readonly alphabet: string;
}

export interface HarvestDeps extends ContinuationDeps {
  /** Runs one validated search (cache included). */
  page: (filter: Filter, orderby: OrderByItem[], lang: Lang, signal?: AbortSignal) => Promise<PageResult>;
}


const PARTNO_ORDER: OrderByItem[] = [{ field: 'Partno', direction: 'asc' }];

/** The products of a page greater than `after` (those not yielded yet), sorted and without repeats. */
function freshProducts(products: readonly ProductRecord[], after: string | undefined): ProductRecord[] {
  const fresh = products.filter((p) => after === undefined || p.partno > after).sort((a, b) => compareCodeUnits(a.partno, b.partno));
  return fresh.filter((p, i) => i === 0 || p.partno !== fresh[i - 1].partno);
}


/**
 * Every product matching `filter`, past the 2000 cap, page by page (see the comment at the top of
 * this file and `HarvestPages`). Holds one page, the last part number yielded and the alphabet:
 * everything up to the last part number of a page has been received, so a later page's products
 * at or below the last yielded one are repeats and are dropped.
 */
export function harvestPages(deps: HarvestDeps, filter: Filter, orderby: OrderByItem[], lang: Lang, options: HarvestOptions = {}): HarvestPages {
  const { signal, onProgress, max, startAfter } = options;
  if (startAfter !== undefined && !followsHarvestOrder(orderby)) throw new RangeError('startAfter resumes only a walk in part-number order');
  const stats: HarvestStats = { requests: 0, bytes: 0, urlBytes: 0 };
  const state = { products: 0, hasMoreHits: false, started: false };
  const account = (page: PageResult): void => {
    stats.requests += page.stats.requests;
    stats.bytes += page.stats.bytes;
    stats.urlBytes = Math.max(stats.urlBytes, page.stats.urlBytes);
  };
  // The service's own order gives the first `max` directly.
  const oneCall = startAfter === undefined && orderby.length > 0 && max !== undefined && max <= MAX_PRODUCTS_PER_CALL;
  const inOrder = oneCall || followsHarvestOrder(orderby);
  const alphabet = new Set(BASE_PARTNO_ALPHABET);
  for (const ch of [...(options.alphabet ?? ''), ...(startAfter ?? '')]) if (isSendable(ch)) alphabet.add(ch);

  async function* ordered(): AsyncGenerator<ProductRecord[]> {
    const order = orderby.some((o) => o.field === 'Partno') ? orderby : [...orderby, ...PARTNO_ORDER];
    throwIfCancelled(signal);
    const page = await deps.page(filter, order, lang, signal);
    account(page);
    const products = page.products.slice(0, max);
    state.products = products.length;
    state.hasMoreHits = page.hasMoreHits || page.products.length > products.length;
    onProgress?.({ requests: stats.requests, products: state.products });
    if (products.length > 0) yield products;
  }

  async function* walk(): AsyncGenerator<ProductRecord[]> {
    let previousLast = startAfter;
    let lastYielded = startAfter;
    // A resumed walk asks at once for what follows its point, as the walk itself would continue.
    let current = startAfter === undefined ? filter : continuationFilter(deps, filter, [startAfter], [...alphabet].sort(compareCodeUnits), lang);
    /** Accounts a page and picks out its new products (cut at `max` in walk order). */
    const takePage = (page: PageResult): { batch: ProductRecord[]; partnos: string[]; more: boolean; full: boolean } => {
      account(page);
      const partnos = page.products.map((p) => p.partno).sort(compareCodeUnits);
      for (const partno of partnos) for (let i = 0; i < partno.length; i++) if (isSendable(partno[i])) alphabet.add(partno[i]);
      const fresh = freshProducts(page.products, lastYielded);
      // The walk is the order, so the first `max` part numbers are final as soon as they are in hand.
      const room = inOrder && max !== undefined ? max - state.products : Infinity;
      const full = fresh.length >= room;
      const batch = full ? fresh.slice(0, room) : fresh;
      state.products += batch.length;
      state.hasMoreHits = page.hasMoreHits || batch.length < fresh.length;
      if (batch.length > 0) lastYielded = batch[batch.length - 1].partno;
      onProgress?.({ requests: stats.requests, products: state.products });
      return { batch, partnos, more: page.hasMoreHits, full };
    };
    for (;;) {
      throwIfCancelled(signal);
      // One page at a time: the page and its batch are let go before the next call is sent.
      let taken: ReturnType<typeof takePage> | undefined = takePage(await deps.page(current, PARTNO_ORDER, lang, signal));
      if (taken.batch.length > 0) yield taken.batch;
      const { partnos, more, full } = taken;
      taken = undefined;
      if (!more || full) return;
      const last = partnos[partnos.length - 1] ?? '';
      if (previousLast !== undefined && last <= previousLast) throw cannotAdvance(previousLast);
      previousLast = last;
      current = continuationFilter(deps, filter, partnos, [...alphabet].sort(compareCodeUnits), lang);
    }
  }

  return {
    inOrder,
    orderby,
    stats,
    get products() {
      return state.products;
    },
    get hasMoreHits() {
      return state.hasMoreHits;
    },
    get alphabet() {
      return [...alphabet].filter((ch) => !BASE_PARTNO_ALPHABET.includes(ch)).sort(compareCodeUnits).join('');
    },
    [Symbol.asyncIterator]() {
      if (state.started) throw new Error('A harvest is read once');
      state.started = true;
      return oneCall ? ordered() : walk();
    },
  };
}

/** Every product matching `filter`, past the 2000 cap, collected and in the query's order. */
export async function harvestProducts(
  deps: HarvestDeps,
  filter: Filter,
  orderby: OrderByItem[],
  lang: Lang,
  options: HarvestOptions = {},
): Promise<HarvestResult> {
  const pages = harvestPages(deps, filter, orderby, lang, options);
  let products: ProductRecord[] = [];
  for await (const page of pages) for (const product of page) products.push(product);
  let hasMoreHits = pages.hasMoreHits;
  if (!pages.inOrder) {
    sortProducts(products, orderby);
    if (options.max !== undefined && products.length > options.max) {
      products = products.slice(0, options.max);
      hasMoreHits = true;
    }
  }
  return { products, hasMoreHits, stats: pages.stats };
}
