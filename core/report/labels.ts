import { fieldLabel, findAllowedValue, getField, type Lang } from '../../api/vocabulary';
import type { ComplianceFlag, EndHorizon, EndingPart, StatusBucket } from './types';
import type { RiskLevel } from '../cells/risk';
import { RISK_LEVEL_WORDS } from '../cells/risk-levels';

/** Words of the summary in one language: the sheet, the taskpane view and the HTML page use these. */
export interface SummaryLabels {
  title: string;
  asOf: (day: string) => string;
  fetched: (when: string) => string;
  synthetic: string;
  /** The BOM a summary is of: its file (when known) and sheet. */
  bom: (file: string | undefined, sheet: string) => string;
  status: string;
  rows: string;
  quantity: string;
  statusChart: string;
  ending: string;
  timelineChart: string;
  quarter: string;
  parts: string;
  partNumber: string;
  bomRows: string;
  designators: string;
  perBoard: string;
  date: string;
  dateField: string;
  /** The date fields' display names (`Last buy date`), never the API's names. */
  dateFields: Readonly<Record<EndingPart['dateField'], string>>;
  horizon: string;
  lastTimeBuy: (builds: number | undefined) => string;
  /** The ending table's column of minimum order quantities. */
  minOrder: string;
  /** A last-time buy for a part whose last buy has passed. */
  tooLate: string;
  /** Title of the table of part numbers not found. */
  notFound: string;
  /** Title of the table of fitted lines not looked up (other makers' parts, lines without a part number). */
  notLookedUp: string;
  /** Header of what such a line says. */
  line: string;
  /** Header of why a line was not looked up. */
  why: string;
  compliance: string;
  complianceChart: string;
  flag: string;
  yes: string;
  no: string;
  unknown: string;
  atRisk: string;
  risk: string;
  /** Each risk level's word (the JSON keeps the level codes). */
  levels: Readonly<Record<RiskLevel, string>>;
  reason: string;
  instead: string;
  dropIn: string;
  notDropIn: string;
  makerAlternative: string;
  changed: string;
  changes: string;
  /** Title of the checks table: the rule set's name and the BOM's worst level. */
  checks: (rules: string, level: string) => string;
  /** Header of a line's worst level, and of its checks. */
  level: string;
  checksFound: string;
  /** Several lines with the same checks, in one row of the checks table. */
  linesCount: (n: number) => string;
  /** The checks' levels in words. */
  checkLevels: Readonly<Record<'fatal' | 'error' | 'warning' | 'ok', string>>;
  nothing: string;
  buckets: Readonly<Record<StatusBucket, string>>;
  horizons: Readonly<Record<EndHorizon, string>>;
  flags: Readonly<Record<ComplianceFlag, string>>;
}

/** Status buckets that are the API's own Status values take the vocabulary's words for them. */
function statusWords(lang: Lang, own: Record<'Several statuses' | 'Unknown status' | 'No part number' | 'Not found' | 'Other maker' | 'Not fitted' | 'Blank', string>): Record<StatusBucket, string> {
  const api = (en: string): string => findAllowedValue('Status', en)?.[lang] ?? en;
  return {
    'In Production': api('In Production'),
    'Under Development': api('Under Development'),
    NRND: api('NRND'),
    'To be discontinued': api('To be discontinued'),
    Discontinued: api('Discontinued'),
    ...own,
  };
}

const FLAGS: Readonly<Record<ComplianceFlag, string>> = { Rohs: 'RoHS', Reach: 'REACH', LeadFree: 'Lead-free', AecQ200Support: 'AEC-Q200' };

/** The display names of the date fields an ending part is dated by, in `lang`. */
function dateFieldsIn(lang: Lang): Readonly<Record<EndingPart['dateField'], string>> {
  return { LastBuyDate: fieldLabel(getField('LastBuyDate')!, lang), ProductionEndDate: fieldLabel(getField('ProductionEndDate')!, lang) };
}

const EN: SummaryLabels = {
  title: 'PartSpec Summary',
  asOf: (day) => `Figures as of ${day}`,
  fetched: (when) => `data fetched ${when}`,
  synthetic: 'Synthetic data from the PartSpec emulator, not the maker’s',
  bom: (file, sheet) => (file ? `BOM: ${file}, sheet '${sheet}'` : `BOM: sheet '${sheet}'`),
  status: 'Lifecycle status',
  rows: 'Rows',
  quantity: 'Placed per board',
  statusChart: 'BOM rows by lifecycle status',
  ending: 'Parts ending within 24 months',
  timelineChart: 'Last buy or production end, by quarter',
  quarter: 'Quarter',
  parts: 'Parts',
  partNumber: 'Part number',
  bomRows: 'BOM rows',
  designators: 'Designators',
  perBoard: 'Per board',
  date: 'Date',
  dateField: 'Which date',
  dateFields: dateFieldsIn('en'),
  horizon: 'When',
  lastTimeBuy: (builds) => (builds === undefined ? 'Last-time buy' : `Last-time buy for ${builds} builds, rounded up to whole minimum orders (MOQ)`),
  minOrder: 'MOQ',
  tooLate: 'too late: replace',
  notFound: 'Part numbers not found',
  notLookedUp: 'Fitted lines not looked up',
  line: 'Line',
  why: 'Why',
  compliance: 'Compliance',
  complianceChart: 'Compliance coverage of the parts found',
  flag: 'Flag',
  yes: 'Yes',
  no: 'No',
  unknown: 'Unknown',
  atRisk: 'Parts at risk and what could replace them',
  risk: 'Risk',
  levels: RISK_LEVEL_WORDS.en,
  reason: 'Why',
  instead: 'Instead',
  dropIn: 'drop-in',
  notDropIn: 'not drop-in',
  makerAlternative: 'maker’s alternative',
  changed: 'Changed since the last check',
  changes: 'Changes',
  checks: (rules, level) => `BOM checks (${rules}): ${level}`,
  level: 'Level',
  checksFound: 'Checks',
  linesCount: (n) => `${n} lines`,
  checkLevels: { fatal: 'Fatal', error: 'Error', warning: 'Warning', ok: 'OK' },
  nothing: 'None',
  buckets: statusWords('en', { 'Several statuses': 'Several statuses', 'Unknown status': 'Unknown status', 'No part number': 'No part number', 'Not found': 'Not found', 'Other maker': 'Other maker', 'Not fitted': 'Not fitted', Blank: 'Blank' }),
  horizons: { past: 'Already past', within6: 'Within 6 months', within12: 'Within 12 months', within24: 'Within 24 months' },
  flags: FLAGS,
};

const JA: SummaryLabels = {
  ...EN,
  title: 'PartSpec サマリー',
  asOf: (day) => `${day} 時点の集計`,
  fetched: (when) => `データ取得 ${when}`,
  synthetic: 'PartSpec エミュレーターの合成データです（メーカーのデータではありません）',
  bom: (file, sheet) => (file ? `BOM: ${file}、シート「${sheet}」` : `BOM: シート「${sheet}」`),
  status: 'ライフサイクル',
  rows: '行数',
  quantity: '基板あたり実装数',
  statusChart: 'ライフサイクル別の BOM 行数',
  ending: '24 か月以内に終息する部品',
  timelineChart: '最終購入日・生産終了日（四半期別）',
  quarter: '四半期',
  parts: '部品数',
  partNumber: '品番',
  bomRows: 'BOM 行',
  designators: '部品番号（リファレンス）',
  perBoard: '基板あたり',
  date: '日付',
  dateField: '日付の種類',
  dateFields: dateFieldsIn('ja'),
  horizon: '時期',
  lastTimeBuy: (builds) => (builds === undefined ? '最終購入数' : `最終購入数（${builds} 台分、最小発注単位の倍数に切り上げ）`),
  minOrder: '最小発注単位',
  tooLate: '手遅れ: 代替品へ',
  notFound: '見つからなかった品番',
  notLookedUp: '照会しなかった実装行',
  line: '行の内容',
  why: '理由',
  compliance: '法規制対応',
  complianceChart: '見つかった部品の法規制対応',
  flag: '項目',
  yes: '対応',
  no: '非対応',
  unknown: '不明',
  atRisk: 'リスクのある部品と代替候補',
  risk: 'リスク',
  levels: RISK_LEVEL_WORDS.ja,
  reason: '理由',
  instead: '代替候補',
  dropIn: 'そのまま置換可',
  notDropIn: '置換不可',
  makerAlternative: 'メーカー推奨代替',
  changed: '前回の確認からの変更',
  changes: '変更内容',
  checks: (rules, level) => `BOM チェック（${rules}）: ${level}`,
  level: 'レベル',
  checksFound: 'チェック',
  linesCount: (n) => `${n} 行`,
  checkLevels: { fatal: '致命的', error: 'エラー', warning: '警告', ok: '問題なし' },
  nothing: 'なし',
  buckets: statusWords('ja', { 'Several statuses': '複数の状態', 'Unknown status': '状態不明', 'No part number': '品番なし', 'Not found': '見つかりません', 'Other maker': '他社品', 'Not fitted': '未実装', Blank: '空行' }),
  horizons: { past: '期限切れ', within6: '6 か月以内', within12: '12 か月以内', within24: '24 か月以内' },
  flags: { ...FLAGS, LeadFree: '鉛フリー' },
};

const ZH: SummaryLabels = {
  ...EN,
  title: 'PartSpec 汇总',
  asOf: (day) => `截至 ${day} 的统计`,
  fetched: (when) => `数据获取于 ${when}`,
  synthetic: 'PartSpec 模拟器生成的合成数据，并非厂商数据',
  bom: (file, sheet) => (file ? `BOM：${file}，工作表“${sheet}”` : `BOM：工作表“${sheet}”`),
  status: '生命周期状态',
  rows: '行数',
  quantity: '每板用量',
  statusChart: '按生命周期状态的 BOM 行数',
  ending: '24 个月内停产的零件',
  timelineChart: '最后购买日或停产日（按季度）',
  quarter: '季度',
  parts: '零件数',
  partNumber: '型号',
  bomRows: 'BOM 行',
  designators: '位号',
  perBoard: '每板',
  date: '日期',
  dateField: '日期类型',
  dateFields: dateFieldsIn('zh'),
  horizon: '时间',
  lastTimeBuy: (builds) => (builds === undefined ? '最后购买量' : `最后购买量（${builds} 批，按最小订购量向上取整）`),
  minOrder: '最小订购量',
  tooLate: '为时已晚：请替换',
  notFound: '未找到的型号',
  notLookedUp: '未查询的贴装行',
  line: '行内容',
  why: '原因',
  compliance: '合规',
  complianceChart: '已找到零件的合规覆盖',
  flag: '项目',
  yes: '符合',
  no: '不符合',
  unknown: '未知',
  atRisk: '有风险的零件及替代品',
  risk: '风险',
  levels: RISK_LEVEL_WORDS.zh,
  reason: '原因',
  instead: '替代品',
  dropIn: '可直接替换',
  notDropIn: '不可直接替换',
  makerAlternative: '厂商推荐替代',
  changed: '自上次检查以来的变化',
  changes: '变化',
  checks: (rules, level) => `BOM 检查（${rules}）: ${level}`,
  level: '级别',
  checksFound: '检查',
  linesCount: (n) => `${n} 行`,
  checkLevels: { fatal: '致命', error: '错误', warning: '警告', ok: '正常' },
  nothing: '无',
  buckets: statusWords('zh', { 'Several statuses': '多个状态', 'Unknown status': '状态未知', 'No part number': '无型号', 'Not found': '未找到', 'Other maker': '其他厂商', 'Not fitted': '不贴装', Blank: '空行' }),
  horizons: { past: '已过期', within6: '6 个月内', within12: '12 个月内', within24: '24 个月内' },
  flags: { ...FLAGS, LeadFree: '无铅' },
};

const LABELS: Readonly<Record<Lang, SummaryLabels>> = { en: EN, ja: JA, zh: ZH };

/** The summary's words in `lang`. */
export function summaryLabels(lang: Lang): SummaryLabels {
  return LABELS[lang];
}

/** The locale whose dates and numbers a summary in `lang` is written with. */
export const SUMMARY_LOCALES: Readonly<Record<Lang, string>> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' };

/** `2026-11-25` as the language writes a day (Nov 25, 2026; 2026/11/25; 2026年11月25日). */
export function formatDay(day: string, lang: Lang): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(SUMMARY_LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An ISO moment as the language writes a day and time, in UTC (said so). */
export function formatMoment(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${new Intl.DateTimeFormat(SUMMARY_LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
