/*
 * The maker's own part numbering (Murata), as far as a BOM needs it: whether a part number that
 * was not found is one of ours (a typo or a part the service does not know, named one per line)
 * or another maker's (a Samsung or TDK capacitor in a BOM with no manufacturer column, only
 * counted), and whether it belongs to one of the maker's series the Product Information API does
 * not cover (a ferrite bead, an EMI filter, a resonator: the service answers nothing for those,
 * and the row says why instead of reading like a typo). A number starts with its product series:
 * GRM155R71C104KA88D is a GRM chip monolithic ceramic capacitor, LQM18PN2R2MFRL an LQM multilayer
 * inductor, DFE322512F-2R2M=P2 a DFE metal-alloy power inductor, BLM18AG601SN1D a BLM ferrite bead.
 */
import type { Lang } from '../../api/vocabulary';
import { MAKER_NAME } from './header-words';

/**
 * Series prefixes of the maker's part numbers in the API's categories (ceramic capacitors, SMD
 * and leaded, and inductors). Longer prefixes need no special order: a number is the maker's when
 * it starts with any of them.
 */
const COVERED_SERIES: readonly string[] = [
  // Chip multilayer ceramic capacitors (general, automotive, high-Q, soft termination, arrays, LW reversed, low ESL, metal terminal).
  ...['GRM', 'GCM', 'GJM', 'GRT', 'GCJ', 'GQM', 'GMA', 'GMD', 'GCQ', 'GCG', 'GCD', 'GCE', 'GCH', 'GGD', 'GGM', 'GJ4', 'GJ8', 'GR3', 'GR4', 'GR7', 'GA2', 'GA3', 'GA4', 'GC3', 'GXT', 'GCB', 'GRJ', 'GMR', 'GNM'],
  ...['KRM', 'KR3', 'KR9', 'KC3', 'KCM', 'KCA', 'KC9', 'KRA', 'LLL', 'LLA', 'LLC', 'LLG', 'LLR', 'ZRA', 'ZRB', 'ZRM'],
  // Leaded ceramic capacitors, safety-standard capacitors, polymer aluminium capacitors.
  ...['RCE', 'RDE', 'RHE', 'RPE', 'RHS', 'DE1', 'DE2', 'DE6', 'DEA', 'DEB', 'DEC', 'DEH', 'DHR', 'DHS', 'ECAS'],
  // Chip inductors and power inductors.
  ...['LQM', 'LQH', 'LQW', 'LQG', 'LQP', 'LQB', 'LQS', 'LQR', 'DFE'],
];

/**
 * The maker's series outside the API's categories, by what they are: the service knows none of
 * their numbers, so a BOM row holding one is said to be of a series the API does not cover.
 */
const UNCOVERED_SERIES: Readonly<Record<string, readonly string[]>> = {
  'ferrite bead': ['BLM', 'BLA', 'BLE', 'BLF', 'BLH', 'BLT', 'BLR'],
  'EMI filter': ['NFM', 'NFA', 'NFE', 'NFL', 'NFW', 'NFZ', 'BNX'],
  'common mode choke coil': ['DLW', 'DLM', 'DLP', 'DLF', 'PLT'],
  'ceramic resonator': ['CSTNE', 'CSTCE', 'CSTLS', 'CSTCR', 'CSTCC', 'CSTCW', 'CSTCG'],
  'crystal unit': ['XRCGB', 'XRCHA', 'XRCMD', 'XRCFD'],
  'SAW filter': ['SAFEA', 'SAFFB', 'SAFFW', 'SF2'],
  thermistor: ['NCP', 'NCU', 'NCG', 'NXF', 'NXR', 'PRF', 'PRG', 'PTG', 'PTF'],
  buzzer: ['PKM', 'PKLCS'],
  sensor: ['IRA', 'SCA'],
  'power module': ['MYMGK', 'MYRGP', 'LXDC'],
  'ESD protection device': ['LXES'],
};

const UNCOVERED: readonly { prefix: string; family: string }[] = Object.entries(UNCOVERED_SERIES)
  .flatMap(([family, prefixes]) => prefixes.map((prefix) => ({ prefix, family })))
  // The longest prefix names the series (CSTNE before a shorter CST… of another family).
  .sort((a, b) => b.prefix.length - a.prefix.length);

const PREFIXES = [...COVERED_SERIES, ...UNCOVERED.map((u) => u.prefix)];

/**
 * After the series: size, characteristic and value codes, then the individual specification and
 * packaging codes; letters, digits, and the `-`, `=`, `#` and `.` some series use (DFE322512F-2R2M=P2).
 */
const BODY = /^[0-9A-Z-][0-9A-Z\-=#.+/]{3,30}$/;

/** A part number as the numbering reads it: NFKC, trimmed, upper case; undefined when it holds whitespace or nothing. */
function numberText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).normalize('NFKC').trim().toUpperCase();
  return text === '' || /\s/.test(text) ? undefined : text;
}

/** Whether `text` is `prefix` followed by a body of codes with at least one digit. */
const hasBody = (text: string, prefix: string): boolean => text.startsWith(prefix) && BODY.test(text.slice(prefix.length)) && /\d/.test(text.slice(prefix.length));

/** Whether a part number reads like the maker's own numbering (Murata: GRM…, GCM…, LQM…, DFE…, RCE…, BLM…), for the not-found summary. */
export function looksLikeMakerPartNumber(value: unknown): boolean {
  const text = numberText(value);
  return text !== undefined && PREFIXES.some((p) => hasBody(text, p));
}

/** The maker's series outside the API's categories a part number belongs to, with what it is; undefined for any other number. */
export function uncoveredSeriesOf(value: unknown): { series: string; family: string } | undefined {
  const text = numberText(value);
  const found = text === undefined ? undefined : UNCOVERED.find((u) => hasBody(text, u.prefix));
  return found && { series: found.prefix, family: found.family };
}

/** What the Match cell of a row in such a series says, in both shells. */
export const SERIES_NOT_COVERED = 'Series not covered by the API';

/** The families of UNCOVERED_SERIES in Japanese and Chinese (English names them by their keys). */
const FAMILY_WORDS: Readonly<Record<'ja' | 'zh', Readonly<Record<string, string>>>> = {
  ja: {
    'ferrite bead': 'フェライトビーズ',
    'EMI filter': 'EMI 除去フィルター',
    'common mode choke coil': 'コモンモードチョークコイル',
    'ceramic resonator': 'セラミック発振子',
    'crystal unit': '水晶振動子',
    'SAW filter': 'SAW フィルター',
    thermistor: 'サーミスター',
    buzzer: 'ブザー',
    sensor: 'センサー',
    'power module': '電源モジュール',
    'ESD protection device': 'ESD 保護デバイス',
  },
  zh: {
    'ferrite bead': '铁氧体磁珠',
    'EMI filter': 'EMI 滤波器',
    'common mode choke coil': '共模扼流圈',
    'ceramic resonator': '陶瓷谐振器',
    'crystal unit': '晶体谐振器',
    'SAW filter': 'SAW 滤波器',
    thermistor: '热敏电阻',
    buzzer: '蜂鸣器',
    sensor: '传感器',
    'power module': '电源模块',
    'ESD protection device': 'ESD 保护器件',
  },
};

/**
 * Why a part number was not found when it is of the maker's series the API does not cover, in a
 * sentence of `lang` without its final full stop ("BLM is Murata's ferrite bead series, not
 * covered by the API (ceramic capacitors and inductors only)"); undefined for any other number.
 */
export function describeUncoveredSeries(value: unknown, lang: Lang = 'en'): string | undefined {
  const found = uncoveredSeriesOf(value);
  if (!found) return undefined;
  if (lang === 'ja') return `${found.series} は村田製作所の${FAMILY_WORDS.ja[found.family] ?? found.family}のシリーズで、API の対象外です（対象はセラミックコンデンサとインダクタのみ）`;
  if (lang === 'zh') return `${found.series} 是村田的${FAMILY_WORDS.zh[found.family] ?? found.family}系列，API 不涵盖（仅涵盖陶瓷电容器和电感器）`;
  return `${found.series} is ${MAKER_NAME}'s ${found.family} series, not covered by the API (ceramic capacitors and inductors only)`;
}
