import { readValue, type FieldValue, type ProductRecord } from '../product';
import { formatQuantity, roundNoise } from '../units';
import { fieldLabel, findAllowedValue, getField, type FieldDef, type Group, type Lang } from '../vocabulary';
import { DROP_IN_RULES, RANKING_FIELDS, checkDropIn, toleranceWidth, type RuleFailure } from './rules';

/**
 * Ranking replacement candidates and saying where each differs from the original. Pure: the
 * inputs are normalized product records, the outputs orderings and phrases in the language asked
 * for (English by default).
 */

/** The words of the "differs in" phrases in each language. */
const DIFFER_WORDS: Readonly<Record<Lang, { none: string; yes: string; no: string; versus: (mine: string, theirs: string) => string }>> = {
  en: { none: 'none', yes: 'yes', no: 'no', versus: (mine, theirs) => `${mine} vs ${theirs}` },
  ja: { none: 'なし', yes: 'あり', no: 'なし', versus: (mine, theirs) => `${mine}（元の部品は ${theirs}）` },
  zh: { none: '无', yes: '是', no: '否', versus: (mine, theirs) => `${mine}（原零件为 ${theirs}）` },
};

/** A value as a datasheet writes it: lengths in mm, other numbers with a prefix, Booleans yes/no (in `lang`). */
export function formatFieldValue(field: FieldDef, value: FieldValue | undefined, lang: Lang = 'en'): string {
  const words = DIFFER_WORDS[lang];
  if (value === undefined) return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') {
    if (field.unit === 'm') return `${roundNoise(value * 1000)} mm`;
    return formatQuantity(value, field.unit ?? '');
  }
  return value;
}

/** Names used in the "differs in" sentences where the field name reads poorly. */
const LABELS: Readonly<Record<string, string>> = {
  ToleranceCapacitance: 'tolerance',
  InductanceTolerance: 'tolerance',
  AecQ200Support: 'AEC-Q200',
};

/** A field in a phrase: its short English name, or its display name in Japanese and Chinese. */
const labelOf = (field: FieldDef, lang: Lang): string => (lang === 'en' ? (LABELS[field.name] ?? field.name) : fieldLabel(field, lang));

const same = (a: FieldValue | undefined, b: FieldValue | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The specs a replacement is judged on, for a group: its drop-in rule fields, then the ranking
 * fields. These are the columns of a replacement table and the fields of "differs in".
 */
export function replacementSpecFields(group: Group): FieldDef[] {
  const ranking = RANKING_FIELDS[group];
  const fields = [
    ...DROP_IN_RULES[group].map((r) => r.field),
    ranking.tolerance,
    ...(ranking.maxTemperature ? [ranking.maxTemperature] : []),
    ranking.aec,
    ranking.thickness,
    ranking.packageType,
  ];
  return [...new Set(fields)];
}

/**
 * Where a candidate differs from the original, one phrase each: `RatedVoltage 50 V vs 25 V`,
 * `tolerance ±5% vs ±10%` (candidate first), in `lang` (`許容差 ±5%（元の部品は ±10%）`). A
 * candidate that is not In Production says so first.
 */
export function describeDifferences(original: ProductRecord, candidate: ProductRecord, failures: readonly RuleFailure[] = [], lang: Lang = 'en'): string[] {
  const phrases: string[] = [];
  const words = DIFFER_WORDS[lang];
  if (failures.some((f) => f.op === 'status')) {
    const status = readValue(candidate, 'Status');
    const shown = status === undefined ? words.none : typeof status === 'string' ? (findAllowedValue('Status', status)?.[lang] ?? status) : String(status);
    phrases.push(`${lang === 'en' ? 'Status' : fieldLabel(getField('Status')!, lang)} ${shown}`);
  }
  for (const field of replacementSpecFields(original.group)) {
    const mine = readValue(candidate, field.key);
    const theirs = readValue(original, field.key);
    if (same(mine, theirs) || (mine === undefined && theirs === undefined)) continue;
    phrases.push(`${labelOf(field, lang)} ${words.versus(formatFieldValue(field, mine, lang), formatFieldValue(field, theirs, lang))}`);
  }
  return phrases;
}

/** What the ranking compares, per candidate, smaller first. */
function rankKey(original: ProductRecord, candidate: ProductRecord, makerAlternative: boolean): number[] {
  const ranking = RANKING_FIELDS[original.group];
  const nominal = readValue(original, DROP_IN_RULES[original.group][0].field.key);
  const tolO = toleranceWidth(readValue(original, ranking.tolerance.key), nominal);
  const tolC = toleranceWidth(readValue(candidate, ranking.tolerance.key), nominal);
  const tighter = tolO === undefined || (tolC !== undefined && tolC <= tolO * (1 + 1e-9));
  const tempO = ranking.maxTemperature ? readValue(original, ranking.maxTemperature.key) : undefined;
  const tempC = ranking.maxTemperature ? readValue(candidate, ranking.maxTemperature.key) : undefined;
  const hotter = typeof tempO !== 'number' || (typeof tempC === 'number' && tempC >= tempO);
  const aecKept = readValue(original, ranking.aec.key) !== true || readValue(candidate, ranking.aec.key) === true;
  const thickO = readValue(original, ranking.thickness.key);
  const thickC = readValue(candidate, ranking.thickness.key);
  const thinner = typeof thickO !== 'number' || (typeof thickC === 'number' && thickC <= thickO);
  const samePackage = same(readValue(candidate, ranking.packageType.key), readValue(original, ranking.packageType.key));
  // Closeness on the inequality rules: the smallest step above (or below) the original's value.
  const excess = DROP_IN_RULES[original.group]
    .filter((r) => r.op !== 'eq')
    .reduce((sum, r) => {
      const o = readValue(original, r.field.key);
      const c = readValue(candidate, r.field.key);
      return typeof o === 'number' && typeof c === 'number' && o !== 0 ? sum + Math.abs(c - o) / Math.abs(o) : sum;
    }, 0);
  const flag = (b: boolean): number => (b ? 0 : 1);
  return [
    flag(makerAlternative),
    flag(tighter),
    flag(hotter),
    flag(aecKept),
    flag(thinner),
    flag(samePackage),
    tolC ?? Number.MAX_VALUE,
    excess,
    typeof thickC === 'number' ? thickC : Number.MAX_VALUE,
  ];
}

/** True when the candidate is one of the original's own AlternativePartno entries (with or without package code). */
export function isMakerAlternative(original: ProductRecord, candidate: ProductRecord): boolean {
  const raw = readValue(original, 'AlternativePartno');
  const listed = Array.isArray(raw) ? raw : typeof raw === 'string' && raw !== '' ? raw.split(',') : [];
  const names = new Set(listed.map((s) => s.trim().toUpperCase()));
  const base = readValue(candidate, 'PartnoWithoutPackageCode');
  return names.has(candidate.partno.toUpperCase()) || (typeof base === 'string' && names.has(base.toUpperCase()));
}

/** One ranked replacement candidate. */
export interface RankedCandidate {
  product: ProductRecord;
  /** Listed by the maker in the original's AlternativePartno. */
  makerAlternative: boolean;
  /** Where it differs from the original, closest first as `describeDifferences` writes them. */
  differs: string[];
}

/**
 * The drop-in candidates among `products` for `original`, closest first: the maker's own
 * alternatives, then tighter-or-equal tolerance, equal-or-higher max operating temperature,
 * AEC-Q200 kept, smaller thickness, same package type; then the tightest tolerance, the smallest
 * step in rating, the thinnest part and the part number. Every returned candidate passes
 * `checkDropIn`; the original itself and `exclude` (its package variants) never appear.
 */
export function rankCandidates(
  original: ProductRecord,
  products: readonly ProductRecord[],
  options: { strict?: boolean; exclude?: ReadonlySet<string>; lang?: Lang } = {},
): RankedCandidate[] {
  const seen = new Set<string>();
  const keyed = products.flatMap((product) => {
    if (product.partno === original.partno || options.exclude?.has(product.partno) || seen.has(product.partno)) return [];
    seen.add(product.partno);
    if (checkDropIn(original, product, options.strict).length > 0) return [];
    const makerAlternative = isMakerAlternative(original, product);
    return [{ candidate: { product, makerAlternative, differs: describeDifferences(original, product, [], options.lang) }, key: rankKey(original, product, makerAlternative) }];
  });
  keyed.sort((a, b) => compareKeys(a.key, b.key) || (a.candidate.product.partno < b.candidate.product.partno ? -1 : a.candidate.product.partno > b.candidate.product.partno ? 1 : 0));
  return keyed.map((k) => k.candidate);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The closest part that is not a drop-in: fewest broken rules, then the ranking. */
export interface NearMiss {
  product: ProductRecord;
  failures: RuleFailure[];
  differs: string[];
}

/** The near-miss among `products` (not the original or `exclude`), or undefined when there is none. */
export function findNearMiss(original: ProductRecord, products: readonly ProductRecord[], options: { strict?: boolean; exclude?: ReadonlySet<string>; lang?: Lang } = {}): NearMiss | undefined {
  let best: { miss: NearMiss; key: number[] } | undefined;
  for (const product of products) {
    if (product.partno === original.partno || options.exclude?.has(product.partno)) continue;
    const failures = checkDropIn(original, product, options.strict);
    if (failures.length === 0 || failures.some((f) => f.op === 'group')) continue;
    const key = [failures.length, ...rankKey(original, product, isMakerAlternative(original, product))];
    if (!best || compareKeys(key, best.key) < 0 || (compareKeys(key, best.key) === 0 && product.partno < best.miss.product.partno)) {
      best = { miss: { product, failures, differs: describeDifferences(original, product, failures, options.lang) }, key };
    }
  }
  return best?.miss;
}
