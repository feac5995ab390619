/*
 * What the team's rules say of a line, in each language: the checks' sentences, the levels, the
 * shipped rules' names and the lines `--fail-on` prints. A team's own rule ids and its rules
 * file's name are its own words and are shown as written; the shipped set's ids are named in the
 * reader's language. The JSON keeps the ids and level codes.
 */
import { findAllowedValue, fieldLabel, getField, type Lang } from '../../api/vocabulary';
import { DEFAULT_RULES, DEFAULT_RULES_NAME } from './default-rules';
import type { CheckLevel, LineLevel } from './types';

type EndField = 'LastBuyDate' | 'ProductionEndDate';
type Flag = 'Rohs' | 'Reach' | 'LeadFree';

export interface CheckWords {
  levels: Readonly<Record<LineLevel, string>>;
  statusIs: (status: string) => string;
  ended: (field: EndField, day: string) => string;
  endsWithin: (field: EndField, day: string, months: number) => string;
  notFound: string;
  invalid: string;
  otherMakerNoSuggestion: string;
  otherMakerNotAsked: string;
  genericNoSuggestion: string;
  genericNotAsked: string;
  flagNotMet: (flag: Flag) => string;
  flagNotConfirmed: (flag: Flag) => string;
  notAec: string;
  aecNotConfirmed: string;
  doNotUse: string;
  notPreferred: string;
  minOrder: (minOrder: string, times: number, need: string) => string;
  waivedBy: (said: string, by: string, until: string, reason: string) => string;
  waiverExpired: (said: string, by: string, until: string) => string;
  waived: string;
  /** A line `--fail-on` names. */
  failingRow: (row: number, part: string, level: string, checks: string) => string;
  /** The BOM's verdict: `Checks by <rules>: Error (1 line at error, 2 at warning, 1 check waived)`. */
  checksBy: (rules: string, level: string, counts: readonly { level: CheckLevel; count: number }[], waived: number) => string;
  failOnTotal: (threshold: string, lines: number, rules: string, exit: number) => string;
  /** The shipped set's name, and its rules' names by id. */
  defaultSet: string;
  ruleNames: Readonly<Record<string, string>>;
  /** Where enrich's checks are written. */
  seeColumn: string;
  /** Separator between a list's items. */
  comma: string;
}

const status = (value: string, lang: Lang): string => findAllowedValue('Status', value)?.[lang] ?? value;
const field = (name: EndField, lang: Lang): string => fieldLabel(getField(name)!, lang);
const FLAGS: Readonly<Record<Flag, string>> = { Rohs: 'RoHS', Reach: 'REACH', LeadFree: 'Lead-free' };
const flag = (name: Flag, lang: Lang): string => (name === 'LeadFree' ? fieldLabel(getField('ComplianceInfo.LeadFree')!, lang) : FLAGS[name]);

const EN: CheckWords = {
  levels: { fatal: 'Fatal', error: 'Error', warning: 'Warning', ok: 'OK' },
  statusIs: (s) => `Status is ${s}`,
  ended: (f, day) => `The ${f === 'LastBuyDate' ? 'last buy' : 'production end'} was ${day}`,
  endsWithin: (f, day, months) => `The ${f === 'LastBuyDate' ? 'last buy' : 'production end'} is ${day}, within ${months} months`,
  notFound: 'Not found',
  invalid: 'Not a valid part number',
  otherMakerNoSuggestion: "Another maker's part, with no suggestion of the maker's",
  otherMakerNotAsked: "Another maker's part; no suggestion was asked for",
  genericNoSuggestion: "A generic line no suggestion resolved to the maker's part",
  genericNotAsked: 'A generic line; no suggestion was asked for',
  flagNotMet: (f) => `${FLAGS[f]} not met`,
  flagNotConfirmed: (f) => `${FLAGS[f]} not confirmed`,
  notAec: 'Not AEC-Q200 in an automotive BOM',
  aecNotConfirmed: 'AEC-Q200 not confirmed by the maker, in an automotive BOM',
  doNotUse: 'On the do-not-use list',
  notPreferred: 'Not on the preferred-parts list',
  minOrder: (min, times, need) => `The minimum order of ${min} is over ${times} times the ${need} needed`,
  waivedBy: (said, by, until, reason) => `${said} (waived by ${by} until ${until}: ${reason})`,
  waiverExpired: (said, by, until) => `${said} (the waiver by ${by} expired on ${until})`,
  waived: 'waived',
  failingRow: (row, part, level, checks) => `Row ${row}: '${part}' ${level}: ${checks}`,
  checksBy: (rules, level, counts, waived) => {
    const lines = counts.map((c, i) => `${c.count}${i === 0 ? ` ${c.count === 1 ? 'line' : 'lines'}` : ''} at ${c.level}`);
    const parts = [...lines, ...(waived > 0 ? [`${waived} ${waived === 1 ? 'check' : 'checks'} waived`] : [])];
    return `Checks by ${rules}: ${level}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  },
  failOnTotal: (threshold, lines, rules, exit) => `--fail-on ${threshold}: ${lines} ${lines === 1 ? 'line' : 'lines'} with checks at ${threshold} or worse (rules: ${rules}); exit ${exit}.`,
  defaultSet: DEFAULT_RULES_NAME,
  ruleNames: {},
  seeColumn: "see 'PartSpec: Checks'",
  comma: ', ',
};

const JA: CheckWords = {
  levels: { fatal: '致命的', error: 'エラー', warning: '警告', ok: '問題なし' },
  statusIs: (s) => `状態は${status(s, 'ja')}`,
  ended: (f, day) => `${field(f, 'ja')} ${day} を過ぎています`,
  endsWithin: (f, day, months) => `${field(f, 'ja')} ${day} は ${months} か月以内です`,
  notFound: '該当なし',
  invalid: '品番として無効です',
  otherMakerNoSuggestion: '他社品で、メーカー品の候補がありません',
  otherMakerNotAsked: '他社品で、候補は求めていません',
  genericNoSuggestion: '汎用行で、メーカー品の候補が見つかりません',
  genericNotAsked: '汎用行で、候補は求めていません',
  flagNotMet: (f) => `${flag(f, 'ja')}に適合しません`,
  flagNotConfirmed: (f) => `${flag(f, 'ja')}は未確認です`,
  notAec: '車載 BOM で AEC-Q200 ではありません',
  aecNotConfirmed: '車載 BOM で AEC-Q200 がメーカーにより確認されていません',
  doNotUse: '使用禁止リストにあります',
  notPreferred: '推奨部品リストにありません',
  minOrder: (min, times, need) => `最小発注数 ${min} が必要数 ${need} の ${times} 倍を超えます`,
  waivedBy: (said, by, until, reason) => `${said}（${by} により ${until} まで免除：${reason}）`,
  waiverExpired: (said, by, until) => `${said}（${by} の免除は ${until} に期限切れ）`,
  waived: '免除',
  failingRow: (row, part, level, checks) => `${row} 行目 '${part}' ${level}：${checks}`,
  checksBy: (rules, level, counts, waived) => {
    const parts = [...counts.map((c) => `${JA.levels[c.level]} ${c.count} 行`), ...(waived > 0 ? [`免除 ${waived} 件`] : [])];
    return `${rules} によるチェック：${level}${parts.length > 0 ? `（${parts.join('、')}）` : ''}`;
  },
  failOnTotal: (threshold, lines, rules, exit) => `--fail-on ${threshold}：${JA.levels[threshold as CheckLevel] ?? threshold}以上のチェックがある行が ${lines} 行（ルール：${rules}）。終了コード ${exit}。`,
  defaultSet: '標準ルール',
  ruleNames: { 'do-not-use': '使用禁止', eol: '生産終了', 'not-found': '該当なし', 'aec-q200': 'AEC-Q200', nrnd: '新規設計非推奨', 'unknown-status': '状態不明', 'last-buy': '最終購入', compliance: '環境規制', 'other-maker': '他社品', generic: '汎用行', preferred: '推奨部品', 'min-order': '最小発注数' },
  seeColumn: '「PartSpec: チェック」列を参照',
  comma: '、',
};

const ZH: CheckWords = {
  levels: { fatal: '致命', error: '错误', warning: '警告', ok: '正常' },
  statusIs: (s) => `状态为${status(s, 'zh')}`,
  ended: (f, day) => `${field(f, 'zh')} ${day} 已过`,
  endsWithin: (f, day, months) => `${field(f, 'zh')} ${day} 在 ${months} 个月内`,
  notFound: '未找到',
  invalid: '不是有效的料号',
  otherMakerNoSuggestion: '其他制造商的器件，没有制造商器件的建议',
  otherMakerNotAsked: '其他制造商的器件，未请求建议',
  genericNoSuggestion: '通用行，没有建议解析到制造商器件',
  genericNotAsked: '通用行，未请求建议',
  flagNotMet: (f) => `不符合${flag(f, 'zh')}`,
  flagNotConfirmed: (f) => `${flag(f, 'zh')}未确认`,
  notAec: '车规 BOM 中不是 AEC-Q200',
  aecNotConfirmed: '车规 BOM 中 AEC-Q200 未经制造商确认',
  doNotUse: '在禁用清单上',
  notPreferred: '不在优选器件清单上',
  minOrder: (min, times, need) => `最小订购量 ${min} 超过需求量 ${need} 的 ${times} 倍`,
  waivedBy: (said, by, until, reason) => `${said}（由 ${by} 豁免至 ${until}：${reason}）`,
  waiverExpired: (said, by, until) => `${said}（${by} 的豁免已于 ${until} 过期）`,
  waived: '已豁免',
  failingRow: (row, part, level, checks) => `第 ${row} 行 '${part}' ${level}：${checks}`,
  checksBy: (rules, level, counts, waived) => {
    const parts = [...counts.map((c) => `${ZH.levels[c.level]} ${c.count} 行`), ...(waived > 0 ? [`豁免 ${waived} 项`] : [])];
    return `按 ${rules} 检查：${level}${parts.length > 0 ? `（${parts.join('，')}）` : ''}`;
  },
  failOnTotal: (threshold, lines, rules, exit) => `--fail-on ${threshold}：${lines} 行的检查达到${ZH.levels[threshold as CheckLevel] ?? threshold}或更严重（规则：${rules}）；退出码 ${exit}。`,
  defaultSet: '默认规则',
  ruleNames: { 'do-not-use': '禁用', eol: '停产', 'not-found': '未找到', 'aec-q200': 'AEC-Q200', nrnd: '不推荐用于新设计', 'unknown-status': '状态未知', 'last-buy': '最后购买', compliance: '环保合规', 'other-maker': '其他制造商', generic: '通用行', preferred: '优选器件', 'min-order': '最小订购量' },
  seeColumn: '见“PartSpec: 检查”列',
  comma: '，',
};

const WORDS: Readonly<Record<Lang, CheckWords>> = { en: EN, ja: JA, zh: ZH };

export function checkWords(lang: Lang = 'en'): CheckWords {
  return WORDS[lang];
}

const DEFAULT_IDS = new Set(DEFAULT_RULES.rules.map((r) => r.id));

/** A rule as the reader's language names it: the shipped set's rules by their name, a team's own by its id. */
export function ruleLabel(id: string, lang: Lang = 'en'): string {
  return DEFAULT_IDS.has(id) ? (WORDS[lang].ruleNames[id] ?? id) : id;
}

/** A rules file's name as shown: the shipped set by its name in the language, a team's file by its own. */
export function rulesLabel(name: string, lang: Lang = 'en'): string {
  return name === DEFAULT_RULES_NAME ? WORDS[lang].defaultSet : name;
}

/** The level a Checks cell starts with, in any language; undefined for another text. */
export function readLevelWord(text: string): CheckLevel | undefined {
  for (const words of Object.values(WORDS)) {
    for (const level of ['fatal', 'error', 'warning'] as const) if (text.startsWith(words.levels[level])) return level;
  }
  return undefined;
}
