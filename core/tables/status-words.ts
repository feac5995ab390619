/*
 * The words of the status line above an imported table, in each language of the pane: the line of a
 * finished import (products, query, requests, time), of one in progress, cancelled or failed, and
 * of a refresh that failed; and what a refresh changed. English keeps the line it always wrote (the
 * category by its API identifier); Japanese and Chinese name the category by its label. Every
 * language's finished line reads back to the same facts (readDoneStatus), so a sheet imported in one
 * language is known as PartSpec's by a Refresh in another.
 */
import { CATEGORY_IDS, categoryLabel, isCategoryId, LANGS, type CategoryId, type Lang } from '../../api/vocabulary';

/** A number as every language of the status line writes it (`1,234`). */
export const countText = (n: number): string => n.toLocaleString('en-US');

interface StatusWords {
  /** The products written, and that more match than were fetched. */
  products: (count: string, more: boolean) => string;
  category: (category: CategoryId | undefined) => string;
  filter: string;
  order: string;
  lang: string;
  requests: (n: number) => string;
  inProgress: string;
  /** Cancelled (or failed) after `written` of `of` products were written. */
  afterRows: (written: string, of: string | undefined) => string;
  cancelled: (rows: string) => string;
  failed: (rows: string | undefined, message: string) => string;
  refreshFailed: (message: string) => string;
  noChange: string;
  changes: (added: string, removed: string, changed: string) => string;
}

const EN: StatusWords = {
  products: (count, more) => `${count} products${more ? ' (more products match; raise the maximum to get them)' : ''}`,
  category: (category) => category ?? 'all categories',
  filter: 'filter',
  order: 'order',
  lang: 'lang',
  requests: (n) => (n === 1 ? '1 request' : `${n} requests`),
  inProgress: 'PartSpec: import in progress… If this text stays, the import did not finish and the rows below are incomplete.',
  afterRows: (written, of) => `after ${written}${of === undefined ? '' : ` of ${of}`} products were written; the table holds only those rows`,
  cancelled: (rows) => `PartSpec: import cancelled ${rows}. Run the import again or use Refresh.`,
  failed: (rows, message) => `PartSpec: import failed${rows === undefined ? '' : ` ${rows}`}. ${message}`,
  refreshFailed: (message) => `PartSpec: refresh failed; the rows below are from the previous import. ${message}`,
  noChange: 'no change since the last refresh',
  changes: (added, removed, changed) => `${added} added, ${removed} removed, ${changed} changed since the last refresh`,
};

const JA: StatusWords = {
  products: (count, more) => `製品 ${count} 件${more ? '（さらに一致する製品があります。最大件数を上げると取得できます）' : ''}`,
  category: (category) => (category === undefined ? 'すべてのカテゴリー' : categoryLabel(category, 'ja')),
  filter: 'フィルター',
  order: '並べ替え',
  lang: '言語',
  requests: (n) => `リクエスト ${n} 件`,
  inProgress: 'PartSpec: インポート中… この表示が残っている場合、インポートは完了しておらず、下の行は不完全です。',
  afterRows: (written, of) => `書き込まれた製品は ${of === undefined ? '' : `${of} 件中 `}${written} 件で、表にはその行だけがあります`,
  cancelled: (rows) => `PartSpec: インポートは取り消されました。${rows}。インポートを再実行するか、更新を使ってください。`,
  failed: (rows, message) => `PartSpec: インポートできませんでした。${rows === undefined ? '' : `${rows}。`}${message}`,
  refreshFailed: (message) => `PartSpec: 更新できませんでした。下の行は前回のインポートのものです。${message}`,
  noChange: '前回の更新から変更なし',
  changes: (added, removed, changed) => `前回の更新から追加 ${added}、削除 ${removed}、変更 ${changed}`,
};

const ZH: StatusWords = {
  products: (count, more) => `${count} 个产品${more ? '（还有更多匹配的产品；提高最大数量即可获取）' : ''}`,
  category: (category) => (category === undefined ? '所有类别' : categoryLabel(category, 'zh')),
  filter: '筛选',
  order: '排序',
  lang: '语言',
  requests: (n) => `${n} 个请求`,
  inProgress: 'PartSpec: 正在导入… 如果此文字一直存在，说明导入未完成，下方的行不完整。',
  afterRows: (written, of) => `已写入${of === undefined ? '' : ` ${of} 个中的`} ${written} 个产品，表中只有这些行`,
  cancelled: (rows) => `PartSpec: 导入已取消（${rows}）。请重新导入或使用“刷新”。`,
  failed: (rows, message) => `PartSpec: 导入失败${rows === undefined ? '' : `（${rows}）`}。${message}`,
  refreshFailed: (message) => `PartSpec: 刷新失败；下方的行来自上一次导入。${message}`,
  noChange: '自上次刷新以来没有变化',
  changes: (added, removed, changed) => `自上次刷新以来新增 ${added}，删除 ${removed}，更改 ${changed}`,
};

/** The status line's words of each language. */
export const STATUS_WORDS: Readonly<Record<Lang, StatusWords>> = { en: EN, ja: JA, zh: ZH };

/** What a finished import's status line says, as it reads back. */
export interface DoneStatusFacts {
  productCount: number;
  /** More products match than were written. */
  truncated: boolean;
  category?: CategoryId;
  filter?: string;
  orderby?: string;
  /** The language of the data. */
  lang: Lang;
  requestCount: number;
  /** `YYYY-MM-DD HH:MM`, UTC. */
  time: string;
}

/** Between the parts of the line. */
export const STATUS_SEPARATOR = ' · ';

/** The finished line's parts in `lang`, its prefix included. */
export function doneStatusParts(facts: DoneStatusFacts, lang: Lang): string[] {
  const w = STATUS_WORDS[lang];
  return [
    `PartSpec: ${w.products(countText(facts.productCount), facts.truncated)}`,
    w.category(facts.category),
    ...(facts.filter ? [`${w.filter} ${facts.filter}`] : []),
    ...(facts.orderby ? [`${w.order} ${facts.orderby}`] : []),
    `${w.lang} ${facts.lang}`,
    w.requests(facts.requestCount),
    `${facts.time} UTC`,
  ];
}

const TIME = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/;

/** The category a line names: its identifier (English) or its label in any language. */
function categoryNamed(text: string): CategoryId | undefined | null {
  if (isCategoryId(text)) return text;
  for (const lang of LANGS) {
    if (text === STATUS_WORDS[lang].category(undefined)) return undefined;
    const found = CATEGORY_IDS.find((c) => categoryLabel(c, lang) === text);
    if (found) return found;
  }
  return null;
}

/** A count as the line writes it. */
const countOf = (text: string): number | undefined => (/^\d{1,3}(,\d{3})*$/.test(text) ? Number(text.replace(/,/g, '')) : undefined);

/** The products part read in `w`'s words: the count and whether more match. */
function productsIn(text: string, w: StatusWords): { productCount: number; truncated: boolean } | undefined {
  for (const truncated of [true, false]) {
    const [before, after] = w.products('\u0000', truncated).split('\u0000');
    if (!text.startsWith(before) || !text.endsWith(after) || text.length < before.length + after.length) continue;
    const productCount = countOf(text.slice(before.length, text.length - after.length));
    if (productCount !== undefined) return { productCount, truncated };
  }
  return undefined;
}

/** The request count read in `w`'s words. */
function requestsIn(text: string, w: StatusWords): number | undefined {
  for (const n of [1, 2]) {
    const [before, after] = w.requests(n).split(String(n));
    if (!text.startsWith(before) || !text.endsWith(after)) continue;
    const digits = text.slice(before.length, text.length - after.length);
    if (/^\d+$/.test(digits) && (n === 1) === (digits === '1')) return Number(digits);
  }
  return undefined;
}

/** The finished line read in one language's words; undefined when it is not in them. */
function readIn(parts: readonly string[], w: StatusWords): DoneStatusFacts | undefined {
  const head = parts[0].startsWith('PartSpec: ') ? productsIn(parts[0].slice('PartSpec: '.length), w) : undefined;
  if (!head || parts.length < 5) return undefined;
  const category = categoryNamed(parts[1]);
  if (category === null) return undefined;
  // The time closes the line (a refresh's changes may follow it); the requests and language come before it.
  for (let t = 4; t < parts.length; t++) {
    const time = TIME.exec(parts[t])?.[1];
    const requestCount = requestsIn(parts[t - 1], w);
    const lang = parts[t - 2].startsWith(`${w.lang} `) ? parts[t - 2].slice(w.lang.length + 1) : undefined;
    if (time === undefined || requestCount === undefined || !LANGS.includes(lang as Lang)) continue;
    const middle = parts.slice(2, t - 2);
    // The order is the last middle part that says so; the rest is the filter (which may hold the separator).
    const orderAt = middle.length > 0 && middle[middle.length - 1].startsWith(`${w.order} `) ? middle.length - 1 : -1;
    const filterText = (orderAt >= 0 ? middle.slice(0, orderAt) : middle).join(STATUS_SEPARATOR);
    if (filterText !== '' && !filterText.startsWith(`${w.filter} `)) continue;
    const filter = filterText === '' ? undefined : filterText.slice(w.filter.length + 1);
    const orderby = orderAt >= 0 ? middle[orderAt].slice(w.order.length + 1) : undefined;
    return { ...head, ...(category ? { category } : {}), ...(filter ? { filter } : {}), ...(orderby ? { orderby } : {}), lang: lang as Lang, requestCount, time };
  }
  return undefined;
}

/**
 * A finished import's status line, read back in whichever language it was written (and with a
 * refresh's changes after it); undefined when the text is not one.
 */
export function readDoneStatus(text: string): DoneStatusFacts | undefined {
  const parts = text.split(STATUS_SEPARATOR);
  for (const lang of LANGS) {
    const facts = readIn(parts, STATUS_WORDS[lang]);
    if (facts) return facts;
  }
  return undefined;
}

/** True for any status line PartSpec writes above an imported table, in any language: finished, in progress, cancelled or failed. */
export function isImportStatus(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  if (readDoneStatus(text) !== undefined) return true;
  return LANGS.some((lang) => {
    const w = STATUS_WORDS[lang];
    const opening = (line: string): string => line.slice(0, line.indexOf('\u0000'));
    return text === w.inProgress || [w.cancelled('\u0000'), w.failed(undefined, '\u0000'), w.failed('\u0000', ''), w.refreshFailed('\u0000')].some((line) => text.startsWith(opening(line)));
  });
}
