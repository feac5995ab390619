/*
 * The portfolio's own words in each language: sheet names, headers, kinds, chart titles and the
 * lines under the title. Levels are the Risk column's words (core/cells/risk-levels.ts); statuses,
 * reasons and what differs come from the vocabulary and the report's words, in the same language.
 */
import type { Lang } from '../../api/vocabulary';
import { riskLevelText } from '../cells/risk-levels';
import { RISK_LEVELS, type RiskLevel } from '../cells/risk';
import type { PortfolioKind, RiskBucket } from './types';

export interface PortfolioWords {
  title: string;
  /** The line under the title. */
  describe: (boms: number, rows: number, lines: number, lookedUp: number, asOf: string) => string;
  synthetic: string;
  sheets: { parts: string; where: string; risk: string };
  parts: readonly string[];
  /** The Parts in use sheet's last column: the team's rules. */
  checks: string;
  where: readonly string[];
  risk: readonly string[];
  kinds: Readonly<Record<PortfolioKind, string>>;
  notFound: string;
  tooLate: string;
  dropIn: string;
  row: (n: number) => string;
  none: string;
  side: { risk: string; parts: string; bom: string; builds: string };
  charts: { byRisk: string; perBom: string; atRisk: string };
  buckets: { notFound: string; otherMaker: string; generic: string };
}

const WORDS: Readonly<Record<Lang, PortfolioWords>> = {
  en: {
    title: 'Parts in use across BOMs',
    describe: (boms, rows, lines, lookedUp, asOf) => `${boms} BOM${boms === 1 ? '' : 's'} (${rows} rows), ${lines} distinct lines, ${lookedUp} part numbers looked up once; as of ${asOf}.`,
    synthetic: "The answers are the emulator's synthetic data, not the maker's.",
    sheets: { parts: 'Parts in use', where: 'Where used', risk: 'At risk' },
    parts: ['Part number', 'Kind', 'Status', 'Risk', 'Reason', 'Last buy', 'BOMs', 'Used in', 'Demand', 'Min. order', 'Last-time buy', 'Replacements', 'Suggestion'],
    checks: 'Checks',
    where: ['Part number', 'File', 'Sheet', 'Row', 'Written as', 'Designators', 'Qty per board', 'Builds', 'Demand'],
    risk: ['Part number', 'Risk', 'Reason', 'Status', 'Last buy', 'Demand', 'Min. order', 'Last-time buy', 'Replacements', 'Where used'],
    kinds: { part: "Maker's part", otherMaker: 'Other maker', generic: 'Generic line' },
    notFound: 'Not found',
    tooLate: 'Too late',
    dropIn: 'drop-in',
    row: (n) => `row ${n}`,
    none: '(none)',
    side: { risk: 'Risk', parts: 'Parts', bom: 'BOM', builds: 'Builds' },
    charts: { byRisk: 'Parts by risk', perBom: 'Parts per BOM', atRisk: 'Parts at risk per BOM' },
    buckets: { notFound: 'Not found', otherMaker: 'Other maker', generic: 'Generic' },
  },
  ja: {
    title: 'BOM 横断の使用部品',
    describe: (boms, rows, lines, lookedUp, asOf) => `BOM ${boms} 件（${rows} 行）、異なる行 ${lines} 件、品番 ${lookedUp} 件を一度に照会。${asOf} 時点。`,
    synthetic: 'エミュレーターの合成データです。メーカーのデータではありません。',
    sheets: { parts: '使用部品', where: '使用箇所', risk: 'リスク部品' },
    parts: ['品番', '種類', '状態', 'リスク', '理由', '最終購入日', 'BOM 数', '使用先', '所要数', '最小発注数', '最終購入数', '代替品', '候補'],
    checks: 'チェック',
    where: ['品番', 'ファイル', 'シート', '行', '記載', '部品番号', '基板あたり数量', '製造数', '所要数'],
    risk: ['品番', 'リスク', '理由', '状態', '最終購入日', '所要数', '最小発注数', '最終購入数', '代替品', '使用箇所'],
    kinds: { part: 'メーカー品', otherMaker: '他社品', generic: '汎用行' },
    notFound: '該当なし',
    tooLate: '購入期限切れ',
    dropIn: 'そのまま置換可',
    row: (n) => `${n} 行目`,
    none: '（なし）',
    side: { risk: 'リスク', parts: '部品数', bom: 'BOM', builds: '製造数' },
    charts: { byRisk: 'リスク別の部品数', perBom: 'BOM ごとの部品数', atRisk: 'BOM ごとのリスク部品' },
    buckets: { notFound: '該当なし', otherMaker: '他社品', generic: '汎用' },
  },
  zh: {
    title: '跨 BOM 在用器件',
    describe: (boms, rows, lines, lookedUp, asOf) => `${boms} 个 BOM（${rows} 行），${lines} 个不同行，${lookedUp} 个料号一次查询；截至 ${asOf}。`,
    synthetic: '这是模拟器的合成数据，不是制造商的数据。',
    sheets: { parts: '在用器件', where: '使用位置', risk: '风险器件' },
    parts: ['料号', '类型', '状态', '风险', '原因', '最后购买日', 'BOM 数', '用于', '需求量', '最小订购量', '最后购买量', '替代品', '建议'],
    checks: '检查',
    where: ['料号', '文件', '工作表', '行', '写法', '位号', '每板数量', '生产数', '需求量'],
    risk: ['料号', '风险', '原因', '状态', '最后购买日', '需求量', '最小订购量', '最后购买量', '替代品', '使用位置'],
    kinds: { part: '制造商器件', otherMaker: '其他制造商', generic: '通用行' },
    notFound: '未找到',
    tooLate: '已过购买期',
    dropIn: '可直接替换',
    row: (n) => `第 ${n} 行`,
    none: '（无）',
    side: { risk: '风险', parts: '器件数', bom: 'BOM', builds: '生产数' },
    charts: { byRisk: '按风险的器件数', perBom: '每个 BOM 的器件数', atRisk: '每个 BOM 的风险器件' },
    buckets: { notFound: '未找到', otherMaker: '其他制造商', generic: '通用' },
  },
};

export function portfolioWords(lang: Lang): PortfolioWords {
  return WORDS[lang];
}

/** A risk bucket as `lang` writes it. */
export function bucketWord(bucket: RiskBucket, lang: Lang): string {
  if ((RISK_LEVELS as readonly string[]).includes(bucket)) return riskLevelText(bucket as RiskLevel, lang);
  const w = WORDS[lang].buckets;
  return bucket === 'Not found' ? w.notFound : bucket === 'Other maker' ? w.otherMaker : w.generic;
}

/** Every language's names of the portfolio's own sheets: a portfolio written into the folder it reads is never read as a BOM. */
export const PORTFOLIO_SHEET_NAMES_ALL: ReadonlySet<string> = new Set(Object.values(WORDS).flatMap((w) => Object.values(w.sheets)));
