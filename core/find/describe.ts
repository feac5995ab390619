/*
 * What was understood, and why a line has no candidate, in the user's language (en, ja, zh), so a
 * person can check the reading before trusting a suggestion.
 */
import { formatQuantity } from '../../api/units';
import type { Lang } from '../../api/vocabulary';
import { MAKER_NAME } from '../bom/header-words';
import { sizeLabel } from './sizes';
import type { PartKind, Tolerance, Understood } from './types';

const KIND_NAMES: Readonly<Record<PartKind, Record<Lang, string>>> = {
  ceramicCapacitor: { en: 'ceramic capacitor', ja: 'セラミックコンデンサ', zh: '陶瓷电容' },
  inductor: { en: 'inductor', ja: 'インダクタ', zh: '电感' },
  resistor: { en: 'resistor', ja: '抵抗器', zh: '电阻' },
  electrolytic: { en: 'electrolytic capacitor', ja: '電解コンデンサ', zh: '电解电容' },
  tantalum: { en: 'tantalum capacitor', ja: 'タンタルコンデンサ', zh: '钽电容' },
  filmCapacitor: { en: 'film capacitor', ja: 'フィルムコンデンサ', zh: '薄膜电容' },
  bead: { en: 'ferrite bead', ja: 'フェライトビーズ', zh: '磁珠' },
  crystal: { en: 'crystal or resonator', ja: '水晶・発振子', zh: '晶振' },
  diode: { en: 'diode', ja: 'ダイオード', zh: '二极管' },
  transistor: { en: 'transistor', ja: 'トランジスタ', zh: '晶体管' },
  ic: { en: 'IC', ja: 'IC', zh: 'IC' },
  connector: { en: 'connector', ja: 'コネクタ', zh: '连接器' },
  other: { en: 'other part', ja: 'その他の部品', zh: '其他元件' },
};

/** The kind's name in a language. */
function kindName(kind: PartKind, lang: Lang): string {
  return KIND_NAMES[kind][lang];
}

/** ±10 %, ±0.25 pF. */
function toleranceText(t: Tolerance): string {
  return t.unit === '%' ? `±${t.value}%` : `±${formatQuantity(t.value, t.unit).replace(' ', '')}`;
}

const WORDS = {
  atLeast: { en: (v: string) => `≥ ${v}`, ja: (v: string) => `${v} 以上`, zh: (v: string) => `≥${v}` },
  orTighter: { en: (v: string) => `${v} or tighter`, ja: (v: string) => `${v} 以内`, zh: (v: string) => `${v} 以内` },
  leaded: { en: 'leaded', ja: 'リード品', zh: '引线型' },
  leadSpace: { en: (v: string) => `lead space ${v}`, ja: (v: string) => `リード間隔 ${v}`, zh: (v: string) => `引脚间距 ${v}` },
  automotive: { en: 'automotive (AEC-Q200)', ja: '車載用 (AEC-Q200)', zh: '车规 (AEC-Q200)' },
  from: { en: (v: string) => `from ${v}`, ja: (v: string) => `${v} より`, zh: (v: string) => `来自 ${v}` },
  nothing: { en: 'nothing recognised', ja: '読み取れる情報なし', zh: '未识别到信息' },
  separator: { en: ', ', ja: '、', zh: '，' },
} as const;

/** The constraints understood, as a person reads them: "ceramic capacitor, 100 nF, ≥ 16 V, X7R, 0402 (1005), ±10% or tighter". */
export function describeUnderstood(u: Understood, lang: Lang): string {
  const parts: string[] = [];
  if (u.kind) parts.push(kindName(u.kind, lang));
  if (u.capacitance !== undefined) parts.push(formatQuantity(u.capacitance, 'F'));
  if (u.inductance !== undefined) parts.push(formatQuantity(u.inductance, 'H'));
  if (u.voltage !== undefined) parts.push(WORDS.atLeast[lang](formatQuantity(u.voltage, 'V')));
  if (u.characteristic) parts.push(u.characteristic);
  if (u.leaded) parts.push(WORDS.leaded[lang]);
  if (u.leadSpace !== undefined) parts.push(WORDS.leadSpace[lang](formatQuantity(u.leadSpace, 'm')));
  if (u.size) parts.push(sizeLabel(u.size));
  if (u.tolerance) parts.push(WORDS.orTighter[lang](toleranceText(u.tolerance)));
  if (u.current !== undefined) parts.push(WORDS.atLeast[lang](formatQuantity(u.current, 'A')));
  if (u.automotive) parts.push(WORDS.automotive[lang]);
  if (u.decoded) parts.push(WORDS.from[lang](`${u.decoded.maker} ${u.decoded.partno}`));
  return parts.length === 0 ? WORDS.nothing[lang] : parts.join(WORDS.separator[lang]);
}

/** Why a line of another kind gets no candidate. */
export function notMakerKindReason(kind: PartKind, lang: Lang): string {
  const name = kindName(kind, lang);
  if (lang === 'ja') return `${name}は ${MAKER_NAME} の API の対象外です（セラミックコンデンサとインダクタのみ）。`;
  if (lang === 'zh') return `${name}不在 ${MAKER_NAME} API 的范围内（仅限陶瓷电容和电感）。`;
  return `Not a kind of part ${MAKER_NAME}'s API offers: ${name} (ceramic capacitors and inductors only).`;
}

/** Why a line is too vague to search: no kind, or no value. */
export function tooVagueReason(u: Understood, lang: Lang): string {
  if (u.kind === 'ceramicCapacitor') return { en: 'Too vague: no capacitance given.', ja: '情報不足: 静電容量の記載がありません。', zh: '信息不足：未给出电容值。' }[lang];
  if (u.kind === 'inductor') return { en: 'Too vague: no inductance given.', ja: '情報不足: インダクタンスの記載がありません。', zh: '信息不足：未给出电感值。' }[lang];
  return { en: 'Not recognised: no kind of part or value found.', ja: '読み取れません: 部品の種類も値も見つかりません。', zh: '无法识别：未找到元件类型或数值。' }[lang];
}

/** Why nothing fits: "No part In Production meets 100 nF, ≥ 50 V, X7R, 0201 (0603)." */
export function noneFitReason(u: Understood, lang: Lang, status: string): string {
  const wanted = describeUnderstood({ ...u, kind: undefined, decoded: undefined }, lang);
  if (lang === 'ja') return `${status}の部品で ${wanted} をすべて満たすものはありません。`;
  if (lang === 'zh') return `没有${status}的元件同时满足 ${wanted}。`;
  return `No part ${status} meets all of: ${wanted}.`;
}

/** What a vague line is missing, and what is shown: "No voltage given: 57 parts fit; showing the 3 most common." */
export function vagueNote(missing: readonly ('voltage' | 'size' | 'characteristic' | 'current')[], fitting: number, more: boolean, shown: number, lang: Lang): string | undefined {
  if (missing.length === 0 || fitting <= shown) return undefined;
  const names = {
    voltage: { en: 'voltage', ja: '定格電圧', zh: '额定电压' },
    size: { en: 'size', ja: 'サイズ', zh: '尺寸' },
    characteristic: { en: 'characteristic', ja: '温度特性', zh: '温度特性' },
    current: { en: 'current', ja: '定格電流', zh: '额定电流' },
  };
  const list = missing.map((m) => names[m][lang]);
  const count = more ? `${fitting}+` : String(fitting);
  if (lang === 'ja') return `${list.join('・')}の指定なし: ${count} 品が該当。代表的な ${shown} 品を表示します。`;
  if (lang === 'zh') return `未指定${list.join('、')}：${count} 个元件符合，显示最常用的 ${shown} 个。`;
  const head = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : list[0];
  return `No ${head} given: ${count} parts fit; showing the ${shown} most common.`;
}
