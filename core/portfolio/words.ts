/*
 * The words of the Parts in use table in each language: the command line's workbook, page and
 * terminal keep the English ones; the add-in's sheet takes the user's. The risk levels are the Risk
 * column's own words (core/cells/risk-levels.ts); part numbers, BOM text and the service's statuses
 * are written as they are.
 */
import type { Lang } from '../../api/vocabulary';
import { RISK_LEVEL_WORDS } from '../cells/risk-levels';
import type { PortfolioKind, RiskBucket } from './types';

export interface PortfolioWords {
  /** The Parts in use columns, in the layout's order, then the Where used column. */
  header: readonly string[];
  whereUsed: string;
  kinds: Readonly<Record<PortfolioKind, string>>;
  notFound: string;
  tooLate: string;
  /** One use of a part: the BOM, and the row as the sheet numbers it. */
  row: (bom: string, row: number) => string;
  /** The side table's headers and the chart's title. */
  riskBy: readonly [string, string];
  chartTitle: string;
  /** A risk bucket as a cell says it. */
  bucket: Readonly<Record<RiskBucket, string>>;
}

function buckets(lang: Lang, rest: Record<'Not found' | 'Other maker' | 'Generic', string>): Record<RiskBucket, string> {
  return { ...RISK_LEVEL_WORDS[lang], ...rest };
}

/** The words of each language; `en` is the command line's, word for word. */
export const PORTFOLIO_WORDS: Readonly<Record<Lang, PortfolioWords>> = {
  en: {
    header: ['Part number', 'Kind', 'Status', 'Risk', 'Reason', 'Last buy', 'BOMs', 'Used in', 'Demand', 'Min. order', 'Last-time buy', 'Replacements', 'Suggestion'],
    whereUsed: 'Where used',
    kinds: { part: "Maker's part", otherMaker: 'Other maker', generic: 'Generic line' },
    notFound: 'Not found',
    tooLate: 'Too late',
    row: (bom, row) => `${bom} row ${row}`,
    riskBy: ['Risk', 'Parts'],
    chartTitle: 'Parts by risk',
    bucket: buckets('en', { 'Not found': 'Not found', 'Other maker': 'Other maker', Generic: 'Generic' }),
  },
  ja: {
    header: ['品番', '種類', 'ライフサイクル', 'リスク', '理由', '最終購入日', 'BOM 数', '使用 BOM', '必要数', '最小発注単位', '最終購入数', '代替候補', '提案'],
    whereUsed: '使用箇所',
    kinds: { part: 'メーカー品', otherMaker: '他社品', generic: '汎用の行' },
    notFound: '見つかりません',
    tooLate: '期限切れ',
    row: (bom, row) => `${bom} ${row} 行目`,
    riskBy: ['リスク', '部品数'],
    chartTitle: 'リスク別の部品数',
    bucket: buckets('ja', { 'Not found': '見つかりません', 'Other maker': '他社品', Generic: '汎用' }),
  },
  zh: {
    header: ['型号', '类型', '生命周期状态', '风险', '原因', '最后购买日', 'BOM 数', '使用的 BOM', '需求量', '最小订购量', '最后购买量', '替代品', '建议'],
    whereUsed: '使用位置',
    kinds: { part: '本厂零件', otherMaker: '其他厂商', generic: '通用行' },
    notFound: '未找到',
    tooLate: '已过期',
    row: (bom, row) => `${bom} 第 ${row} 行`,
    riskBy: ['风险', '零件数'],
    chartTitle: '按风险分的零件数',
    bucket: buckets('zh', { 'Not found': '未找到', 'Other maker': '其他厂商', Generic: '通用' }),
  },
};
