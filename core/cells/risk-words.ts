/*
 * The sentences of a risk assessment's reason in each language: the reason a summary, the BOM
 * health pane and =PART.CARD show beside a level. The facts come from assessRisk; only the words
 * are chosen here.
 */
import { findAllowedValue, fieldLabel, getField, type Lang } from '../../api/vocabulary';
import type { StatusReading } from '../../api/status';

/** The date fields a risk is decided by. */
export type RiskDateField = 'LastBuyDate' | 'ProductionEndDate';

/** The sentences of one language; `status` is the vocabulary's English value. */
interface RiskWords {
  synthetic: string;
  statusIs: (status: string) => string;
  passed: (field: RiskDateField, day: string) => string;
  within: (field: RiskDateField, day: string, months: number) => string;
  /** A Status outside the vocabulary, or none. */
  unknown: (reading: StatusReading) => string;
  /** A near spelling read as a known Status. */
  readAs: (written: string, status: string) => string;
}

/** The vocabulary's word for a Status in `lang`. */
const statusIn = (status: string, lang: Lang): string => findAllowedValue('Status', status)?.[lang] ?? status;
const dateLabel = (field: RiskDateField, lang: Lang): string => fieldLabel(getField(field)!, lang);

const EN: RiskWords = {
  synthetic: 'Synthetic data from the PartSpec emulator: its status and dates are placeholders',
  statusIs: (status) => (status === 'NRND' ? 'Status is NRND (not recommended for new designs)' : `Status is ${status}`),
  passed: (field, day) => `${dateLabel(field, 'en')} ${day} has passed`,
  within: (field, day, months) => `${dateLabel(field, 'en')} ${day} is within ${months} months`,
  unknown: (reading) => `${reading.note ?? 'Status unknown'}: check the part with the maker`,
  readAs: (written, status) => `Status '${written}' read as ${status}`,
};

const JA: RiskWords = {
  synthetic: 'PartSpec エミュレーターの合成データです。状態と日付は仮の値です',
  statusIs: (status) => `${fieldLabel(getField('Status')!, 'ja')}は${statusIn(status, 'ja')}${status === 'NRND' ? '（新規設計非推奨）' : ''}`,
  passed: (field, day) => `${dateLabel(field, 'ja')} ${day} を過ぎています`,
  within: (field, day, months) => `${dateLabel(field, 'ja')} ${day} まで ${months} か月以内です`,
  unknown: (reading) =>
    `${reading.written === undefined ? '回答にステータスがありません' : `ステータス「${reading.written}」は API の値ではありません`}。メーカーに確認してください`,
  readAs: (written, status) => `ステータス「${written}」を${statusIn(status, 'ja')}として読みました`,
};

const ZH: RiskWords = {
  synthetic: 'PartSpec 模拟器的合成数据：其状态和日期为占位值',
  statusIs: (status) => `${fieldLabel(getField('Status')!, 'zh')}为${statusIn(status, 'zh')}${status === 'NRND' ? '（不推荐用于新设计）' : ''}`,
  passed: (field, day) => `${dateLabel(field, 'zh')} ${day} 已过`,
  within: (field, day, months) => `${dateLabel(field, 'zh')} ${day} 在 ${months} 个月内`,
  unknown: (reading) => `${reading.written === undefined ? '回答中没有状态' : `状态“${reading.written}”不是 API 的值`}：请向厂商确认该零件`,
  readAs: (written, status) => `状态“${written}”按${statusIn(status, 'zh')}读取`,
};

/** The risk reasons' sentences in each language. */
export const RISK_WORDS: Readonly<Record<Lang, RiskWords>> = { en: EN, ja: JA, zh: ZH };
