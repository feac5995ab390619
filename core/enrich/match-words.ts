/*
 * The words of the Match column in each language, and the one reader of them. A Match cell is
 * written in the run's language, and read back (highlights, the change comparison, selecting the
 * not-found rows) whatever language an earlier run wrote it in, did-you-mean form included.
 */
import type { LookupStatus } from '../../api/client/lookup';
import type { Lang } from '../../api/vocabulary';
import { SERIES_NOT_COVERED } from '../bom/maker-numbering';

/** What a Match cell says about a row, as the readers need it. */
export type MatchMeaning = LookupStatus | 'notFitted' | 'otherMaker' | 'seriesNotCovered';

/** The Match column's words in one language. */
export interface MatchWords {
  statuses: Readonly<Record<LookupStatus, string>>;
  /** A match answered only by the emulator's synthetic (decoded) products. */
  synthetic: Readonly<Partial<Record<LookupStatus, string>>>;
  notFitted: string;
  otherMaker: string;
  /** A part number of the maker's series that the API does not cover. */
  seriesNotCovered: string;
  /** Not found, naming the part number one misread character away that is real. */
  didYouMean: (partno: string) => string;
}

/** Between "Not found" and the part it likely is; the reader splits on it. */
const DID_YOU_MEAN_DASH = ' — ';

const EN: MatchWords = {
  statuses: { exact: 'Exact', variant: 'Variant', ambiguous: 'Ambiguous', notFound: 'Not found', invalid: 'Invalid' },
  synthetic: { exact: 'Exact (synthetic)', variant: 'Variant (synthetic)' },
  notFitted: 'Not fitted',
  otherMaker: 'Other maker',
  seriesNotCovered: SERIES_NOT_COVERED,
  didYouMean: (partno) => `Not found${DID_YOU_MEAN_DASH}did you mean ${partno}?`,
};

const JA: MatchWords = {
  statuses: { exact: '完全一致', variant: 'バリエーション', ambiguous: 'あいまい', notFound: '見つかりません', invalid: '無効' },
  synthetic: { exact: '完全一致（合成データ）', variant: 'バリエーション（合成データ）' },
  notFitted: '未実装',
  otherMaker: '他社品',
  seriesNotCovered: 'API 対象外のシリーズ',
  didYouMean: (partno) => `見つかりません${DID_YOU_MEAN_DASH}${partno} ではありませんか？`,
};

const ZH: MatchWords = {
  statuses: { exact: '完全匹配', variant: '变体', ambiguous: '不明确', notFound: '未找到', invalid: '无效' },
  synthetic: { exact: '完全匹配（合成数据）', variant: '变体（合成数据）' },
  notFitted: '不贴装',
  otherMaker: '其他厂商',
  seriesNotCovered: 'API 未涵盖的系列',
  didYouMean: (partno) => `未找到${DID_YOU_MEAN_DASH}您是否要找 ${partno}？`,
};

/** The Match column's words in each language. */
export const MATCH_WORDS: Readonly<Record<Lang, MatchWords>> = { en: EN, ja: JA, zh: ZH };

/** Every text a Match cell may hold exactly, in every language, with what it means. */
const MEANINGS: ReadonlyMap<string, MatchMeaning> = new Map(
  Object.values(MATCH_WORDS).flatMap((w): [string, MatchMeaning][] => [
    ...(Object.entries(w.statuses) as [LookupStatus, string][]).map(([s, text]): [string, MatchMeaning] => [text, s]),
    ...(Object.entries(w.synthetic) as [LookupStatus, string][]).map(([s, text]): [string, MatchMeaning] => [text, s]),
    [w.notFitted, 'notFitted'],
    [w.otherMaker, 'otherMaker'],
    [w.seriesNotCovered, 'seriesNotCovered'],
  ]),
);

/** The beginnings of a did-you-mean cell in every language (`Not found — `). */
const DID_YOU_MEAN_HEADS = Object.values(MATCH_WORDS).map((w) => `${w.statuses.notFound}${DID_YOU_MEAN_DASH}`);

/** Whether `text` is a did-you-mean Match cell (in any language): it counts as Not found. */
export function isDidYouMean(text: string): boolean {
  return DID_YOU_MEAN_HEADS.some((head) => text.startsWith(head));
}

/**
 * What a Match cell's text means, in whatever language PartSpec wrote it, or undefined for text
 * PartSpec does not write there: a did-you-mean cell is Not found.
 */
export function readMatchText(value: unknown): MatchMeaning | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return MEANINGS.get(text) ?? (isDidYouMean(text) ? 'notFound' : undefined);
}

/** Every language's word for a status (the highlights colour a Match cell whatever language wrote it). */
export function matchTextsOf(status: LookupStatus): string[] {
  return [...new Set(Object.values(MATCH_WORDS).map((w) => w.statuses[status]))];
}

const SYNTHETIC_TEXTS: ReadonlySet<string> = new Set(Object.values(MATCH_WORDS).flatMap((w) => Object.values(w.synthetic)));

/** Whether `text` is a Match cell of a match answered only by synthetic products, in any language. */
export function isSyntheticText(text: string): boolean {
  return SYNTHETIC_TEXTS.has(text.trim());
}
