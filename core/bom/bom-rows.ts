/*
 * The rows of a BOM that are not parts to look up: components not fitted (DNP), total rows at the
 * bottom, blank rows, and, where the BOM names each part's manufacturer, other makers' parts. They
 * are counted and reported, never looked up, so a mixed BOM does not print a "not found" line for
 * every Samsung capacitor.
 */
import type { Lang } from '../../api/vocabulary';
import { foldWords } from '../fold';
import { containsWord, MAKER_NAME, MAKER_SPELLINGS, MAKER_WORDS, NUMBER_WORDS, PART_ENDINGS, PART_WORDS } from './header-words';

export type RowKind = 'part' | 'blank' | 'dnp' | 'total' | 'otherMaker';

/** Whole-cell markers of a component that is not fitted, folded (lower case, no spaces or punctuation). */
const DNP_MARKERS = new Set(['dnp', 'dnf', 'dni', 'dnm', 'nf', 'np', 'nopop', 'nofit', 'notfit', 'nofitted', 'notplaced', 'noplace', 'donotmount', 'donotinstall', 'notinstalled', 'nopopulate', 'unpopulated', 'unfitted', 'notfitted', 'notpopulated', 'donotpopulate', 'donotplace', 'donotfit', 'nostuff', 'nomount', 'notmounted', '未実装', '実装なし', '不贴', '不贴片', '不焊', '空贴']);
/** Words that start a total or sum row. */
const TOTAL_WORDS = /^(total|totals|sum|subtotal|grand total|合計|合计|总计|小計|小计)\b/i;

/** Headers of a column whose mark says the part is NOT fitted (`DNP`, `Do not populate`): 1, Yes, x, true there mean not fitted. */
const NOT_FITTED_HEADERS = new Set(['dnp', 'dnf', 'dni', 'dnm', 'nf', 'donotpopulate', 'donotplace', 'donotfit', 'donotmount', 'notfitted', 'nofit', 'notpopulated', 'nopop', 'nostuff', '未実装', '不贴', '不贴片']);
/** Headers of a column that says whether the part IS fitted (`Populate`, `Fitted`, `Mount`): No, N, 0, false there mean not fitted. */
const FITTED_HEADERS = new Set(['populate', 'populated', 'fitted', 'fit', 'mount', 'mounted', 'stuff', 'stuffed', 'place', 'placed', 'install', 'installed', 'assemble', 'assembled', '実装', '実装有無', '贴装', '贴片']);
/** Cell marks that say yes, folded. */
const YES_MARKS = new Set(['1', 'yes', 'y', 'x', 'true', '✓', '✔', '○', '◯', '有', '是']);
/** Cell marks that say no, folded. */
const NO_MARKS = new Set(['0', 'no', 'n', 'false', '✗', '✘', '×', '無', '无', '否']);

/** A column that marks whether a row is fitted, and which way its marks read. */
export interface NotFittedColumn {
  /** 0-based index into the row. */
  index: number;
  /** `notFitted`: a yes there means not fitted (a DNP column); `fitted`: a no there means not fitted (a Populate column). */
  sense: 'notFitted' | 'fitted';
}

/** The column among a header row's cells that marks rows fitted or not, if there is one. */
export function findNotFittedColumn(headers: readonly unknown[]): NotFittedColumn | undefined {
  const folded = headers.map((h) => foldWords(h));
  const notFitted = folded.findIndex((h) => NOT_FITTED_HEADERS.has(h));
  if (notFitted >= 0) return { index: notFitted, sense: 'notFitted' };
  const fitted = folded.findIndex((h) => FITTED_HEADERS.has(h));
  return fitted >= 0 ? { index: fitted, sense: 'fitted' } : undefined;
}

/** Whether a row's mark in its fitted column says it is not fitted. */
function markedNotFitted(row: readonly unknown[], column: NotFittedColumn): boolean {
  const cell = row[column.index];
  const mark = typeof cell === 'boolean' ? String(cell) : foldWords(cell);
  return column.sense === 'notFitted' ? YES_MARKS.has(mark) : NO_MARKS.has(mark);
}

/** Whether a manufacturer cell names our maker: "Murata", "MURATA Manufacturing", "村田製作所", "Murata(村田)", "ムラタ Murata"… */
export function isOurMaker(value: unknown): boolean {
  return containsWord(foldWords(value), MAKER_SPELLINGS);
}

/** Whether a header names the manufacturer column (`Manufacturer`, `Mfg`, `Alternate Mfg 1`, `メーカー`), not a number of it. */
function isMakerHeader(header: unknown): boolean {
  const f = foldWords(header);
  if (f === '' || !containsWord(f, MAKER_WORDS)) return false;
  const rest = MAKER_WORDS.reduce((text, w) => text.replace(w, ''), f).replace(ALTERNATE, '');
  return !containsWord(rest, NUMBER_WORDS) && rest.length <= 6;
}

/** The manufacturer column among a header row's cells, if there is one (0-based index into `headers`). */
export function findMakerColumn(headers: readonly unknown[]): number | undefined {
  const index = headers.findIndex(isMakerHeader);
  return index < 0 ? undefined : index;
}

const ALTERNATE = /alternative|alternate|alt/g;
/** Words a part-number or manufacturer header is made of, longest first, leaving what tells one source from another. */
const SOURCE_NOISE = [...new Set([...MAKER_WORDS, ...PART_ENDINGS, ...PART_WORDS, 'partnumber', 'part', 'number', 'num', 'no', '#'])].sort((a, b) => b.length - a.length);

/** What a header says beside its maker and part-number words: `alt1` for 'Alternate Part Number 1' and 'Alternate Mfg 1', `2` for 'MPN2' and 'Manufacturer 2', '' for 'MPN' and 'Manufacturer'. */
function sourceOf(header: unknown): string {
  return SOURCE_NOISE.reduce((text, w) => text.split(w).join(''), foldWords(header).replace(ALTERNATE, 'alt'));
}

/**
 * The manufacturer column of a part-number column (0-based indexes into `headers`): the maker
 * header of the same source, `Alternate Mfg 1` beside `Alternate Part Number 1`, `Manufacturer2`
 * beside `MPN2`, `Manufacturer` beside `MPN`; undefined when no maker header has its source.
 */
export function findMakerColumnOf(headers: readonly unknown[], partIndex: number): number | undefined {
  const source = sourceOf(headers[partIndex]);
  const index = headers.findIndex((h, i) => i !== partIndex && isMakerHeader(h) && sourceOf(h) === source);
  return index < 0 ? undefined : index;
}

/**
 * What a BOM row is; `partColumn`, `makerColumn` and `notFitted` index into `row`. Not fitted: a
 * cell that is a not-fitted mark (`DNP`, `DNI`, `NF`, `No Fit`, `Not fitted`, `Do not populate`…),
 * or the BOM's fitted column saying so (`1`, `Yes`, `x` under DNP; `No`, `0` under Populate).
 */
export function classifyRow(row: readonly unknown[], partColumn: number, makerColumn?: number, notFitted?: NotFittedColumn): RowKind {
  if (row.some((cell) => DNP_MARKERS.has(foldWords(cell)))) return 'dnp';
  if (notFitted && markedNotFitted(row, notFitted)) return 'dnp';
  const part = String(row[partColumn] ?? '').trim();
  if (part === '') return row.some((cell) => TOTAL_WORDS.test(String(cell ?? '').trim())) ? 'total' : 'blank';
  if (TOTAL_WORDS.test(part)) return 'total';
  if (makerColumn !== undefined && makerColumn !== partColumn) {
    const maker = String(row[makerColumn] ?? '').trim();
    if (maker !== '' && !isOurMaker(maker)) return 'otherMaker';
  }
  return 'part';
}

/** Counts of the row kinds, for the summary line. */
export function countRowKinds(kinds: readonly RowKind[]): Record<RowKind, number> {
  const counts: Record<RowKind, number> = { part: 0, blank: 0, dnp: 0, total: 0, otherMaker: 0 };
  for (const kind of kinds) counts[kind]++;
  return counts;
}

/** The words of the summary line in one language. */
interface RowSummaryWords {
  maker: string;
  rows: (n: number) => string;
  found: (s: RowSummary, why: string) => string[];
  notOurs: (n: number, maker: string) => string;
  notCovered: (n: number) => string;
  /** Around the list of why not-found parts were not named. */
  why: (list: string) => string;
  dnp: (n: number) => string;
  total: (n: number) => string;
  otherMaker: (n: number) => string;
  /** Before the rows not looked up; `by` names the manufacturer column. */
  skipped: (list: string, by: string) => string;
  by: (header: string) => string;
  list: string;
}

const ROW_SUMMARY_WORDS: Readonly<Record<Lang, RowSummaryWords>> = {
  en: {
    maker: MAKER_NAME,
    rows: (n) => `${n} ${n === 1 ? 'row' : 'rows'}`,
    found: (s, why) => [`${s.exact} exact`, `${s.variant} variant`, `${s.ambiguous} ambiguous`, `${s.notFound} not found${why}`, `${s.invalid} invalid`, `${s.blank} blank`],
    notOurs: (n, maker) => `${n} not in ${maker}'s numbering`,
    notCovered: (n) => `${n} of a series not covered by the API`,
    why: (list) => ` (${list})`,
    dnp: (n) => `${n} not fitted (DNP)`,
    total: (n) => `${n} total ${n === 1 ? 'row' : 'rows'}`,
    otherMaker: (n) => `${n} other makers' ${n === 1 ? 'part' : 'parts'}`,
    skipped: (list, by) => `; not looked up: ${list}${by}`,
    by: (header) => ` (by '${header}')`,
    list: ', ',
  },
  ja: {
    maker: '村田製作所',
    rows: (n) => `${n} 行`,
    found: (s, why) => [`完全一致 ${s.exact}`, `バリエーション ${s.variant}`, `あいまい ${s.ambiguous}`, `見つかりません ${s.notFound}${why}`, `無効 ${s.invalid}`, `空行 ${s.blank}`],
    notOurs: (n, maker) => `${maker}の品番体系外 ${n}`,
    notCovered: (n) => `API 対象外のシリーズ ${n}`,
    why: (list) => `（${list}）`,
    dnp: (n) => `未実装 ${n}`,
    total: (n) => `合計行 ${n}`,
    otherMaker: (n) => `他社品 ${n}`,
    skipped: (list, by) => `。照会しなかった行: ${list}${by}`,
    by: (header) => `（「${header}」列による）`,
    list: '、',
  },
  zh: {
    maker: '村田',
    rows: (n) => `${n} 行`,
    found: (s, why) => [`完全匹配 ${s.exact}`, `变体 ${s.variant}`, `不明确 ${s.ambiguous}`, `未找到 ${s.notFound}${why}`, `无效 ${s.invalid}`, `空行 ${s.blank}`],
    notOurs: (n, maker) => `不属于${maker}型号体系 ${n}`,
    notCovered: (n) => `API 未涵盖的系列 ${n}`,
    why: (list) => `（${list}）`,
    dnp: (n) => `不贴装 ${n}`,
    total: (n) => `合计行 ${n}`,
    otherMaker: (n) => `其他厂商 ${n}`,
    skipped: (list, by) => `。未查询的行: ${list}${by}`,
    by: (header) => `（按“${header}”列）`,
    list: '，',
  },
};

/** "2 not fitted (DNP), 1 total row, 40 other makers' parts" in `lang`, or '' when every row is a part or blank. */
export function describeSkippedRows(counts: Record<RowKind, number>, lang: Lang = 'en'): string {
  const words = ROW_SUMMARY_WORDS[lang];
  const parts: string[] = [];
  if (counts.dnp) parts.push(words.dnp(counts.dnp));
  if (counts.total) parts.push(words.total(counts.total));
  if (counts.otherMaker) parts.push(words.otherMaker(counts.otherMaker));
  return parts.join(words.list);
}

/** What a run found, for {@link describeRowSummary}. */
export interface RowSummary {
  /** Rows of the enriched range (every kind). */
  rows: number;
  /** Looked-up rows by outcome; `blank` counts rows with an empty part-number cell that are not DNP or total rows. */
  exact: number;
  variant: number;
  ambiguous: number;
  notFound: number;
  invalid: number;
  blank: number;
  /** Of `notFound`, the part numbers not in the maker's numbering (another maker's, most likely): counted, not named. */
  notOurs?: number;
  /** Of `notFound`, the maker's part numbers of series the API does not cover (ferrite beads, EMI filters, resonators). */
  notCovered?: number;
  /** The row kinds (classifyRow), for the rows not looked up. */
  kinds: Record<RowKind, number>;
  /** The manufacturer column's header, when other makers' rows were told apart by it. */
  makerHeader?: string;
}

/**
 * The summary of a run's rows in `lang`, one sentence without the final full stop, the same in the
 * CLI and the add-in: "48 rows: 4 exact, 0 variant, 0 ambiguous, 3 not found (2 not in Murata's
 * numbering), 0 invalid, 1 blank; not looked up: 1 not fitted (DNP), 1 total row, 40 other
 * makers' parts (by 'Manufacturer')".
 */
export function describeRowSummary(summary: RowSummary, makerName?: string, lang: Lang = 'en'): string {
  const words = ROW_SUMMARY_WORDS[lang];
  const why = [...(summary.notOurs ? [words.notOurs(summary.notOurs, makerName ?? words.maker)] : []), ...(summary.notCovered ? [words.notCovered(summary.notCovered)] : [])];
  const found = words.found(summary, why.length > 0 ? words.why(why.join(words.list)) : '').join(words.list);
  const skipped = describeSkippedRows(summary.kinds, lang);
  const by = summary.kinds.otherMaker && summary.makerHeader ? words.by(summary.makerHeader) : '';
  return `${words.rows(summary.rows)}: ${found}${skipped ? words.skipped(skipped, by) : ''}`;
}
