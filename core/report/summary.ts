import { readValue, type ProductRecord } from '../../api/product';
import type { Lang } from '../../api/vocabulary';
import { checkDropIn, describeDifferences } from '../../api/replacements';
import { readStatus, UNKNOWN_STATUS } from '../../api/status';
import { rowRisk } from '../cells/risk';
import { addMonths, parseCalendarDate, toCalendarDay } from '../dates';
import { REPLACEMENT_RISK_LEVELS } from '../enrich/replacement-cells';
import { parseQuantity, quantityPerBoard } from './quantities';
import {
  COMPLIANCE_FLAGS,
  END_HORIZONS,
  PAST_QUARTER,
  productsOf,
  STATUS_BUCKETS,
  type AtRiskPart,
  type BomSummary,
  type ComplianceCoverage,
  type EndHorizon,
  type EndingPart,
  type Instead,
  type NotLookedUpLine,
  type PartPlace,
  type StatusBucket,
  type SummaryOptions,
  type SummaryRow,
  type Tally,
} from './types';
import { isSyntheticProduct } from '../cells/synthetic';

/** Parts whose end date lies further out than this are not listed as ending. */
const ENDING_MONTHS = 24;

const SKIPPED_BUCKETS: Partial<Record<SummaryRow['kind'], StatusBucket>> = {
  otherMaker: 'Other maker',
  dnp: 'Not fitted',
};

/** Whether a row with no part number still says something (a value, a description, a quantity): a fitted line, not a blank one. */
export function saysSomething(row: SummaryRow): boolean {
  return (row.text ?? '') !== '' || row.designators.length > 0 || parseQuantity(row.quantity) !== undefined;
}

/**
 * Placed per board of a row: a part's quantity (its cell, else its designators, else 1); a line
 * without a part number only what its quantity cell or designators say; nothing for a blank or
 * not-fitted row.
 */
function placedOf(row: SummaryRow, bucket: StatusBucket): number {
  if (bucket === 'Blank' || bucket === 'Not fitted') return 0;
  if (bucket === 'No part number') return parseQuantity(row.quantity) ?? row.designators.length;
  return quantityPerBoard(row.quantity, row.designators);
}

/** The English (language-neutral) Status of a product, or Unknown: one outside the vocabulary is never In Production. */
function neutralStatus(product: ProductRecord): string {
  return readStatus(product).status;
}

/** The bucket of one row: its kind when it was not looked up, else the status its products share. */
function bucketOf(row: SummaryRow): StatusBucket | undefined {
  if (row.kind === 'total') return undefined;
  const skipped = SKIPPED_BUCKETS[row.kind];
  if (skipped) return skipped;
  if (row.kind === 'blank') return saysSomething(row) ? 'No part number' : 'Blank';
  const products = productsOf(row);
  if (products.length === 0) return 'Not found';
  const statuses = new Set(products.map(neutralStatus));
  if (statuses.size > 1) return 'Several statuses';
  const [status] = statuses;
  if (status === UNKNOWN_STATUS) return 'Unknown status';
  return (STATUS_BUCKETS as readonly string[]).includes(status) ? (status as StatusBucket) : 'Unknown status';
}

/** `2027-Q3` for a calendar day. */
function quarterOf(day: Date): string {
  return `${day.getUTCFullYear()}-Q${Math.floor(day.getUTCMonth() / 3) + 1}`;
}

/** Each distinct part number of the looked-up rows with its rows, designators and quantity. */
function placesOf(rows: readonly SummaryRow[]): Map<string, { place: PartPlace; products: readonly ProductRecord[]; rows: SummaryRow[] }> {
  const places = new Map<string, { place: PartPlace & { sheetRows: number[]; designators: string[] }; products: readonly ProductRecord[]; rows: SummaryRow[] }>();
  for (const row of rows) {
    const products = productsOf(row);
    if (row.kind !== 'part' || products.length === 0) continue;
    const key = row.partNumber.toUpperCase();
    let entry = places.get(key);
    if (!entry) {
      entry = { place: { partNumber: row.partNumber, sheetRows: [], designators: [], quantityPerBoard: 0 }, products, rows: [] };
      places.set(key, entry);
    }
    entry.place.sheetRows.push(row.sheetRow);
    entry.place.designators.push(...row.designators);
    entry.place.quantityPerBoard += quantityPerBoard(row.quantity, row.designators);
    entry.rows.push(row);
  }
  return places;
}

/** The earlier of a product's LastBuyDate and ProductionEndDate over its products. */
export function endDateOf(products: readonly ProductRecord[]): { date: Date; text: string; field: EndingPart['dateField'] } | undefined {
  let best: { date: Date; text: string; field: EndingPart['dateField'] } | undefined;
  for (const product of products) {
    for (const field of ['LastBuyDate', 'ProductionEndDate'] as const) {
      const raw = readValue(product, field);
      const date = typeof raw === 'string' ? parseCalendarDate(raw) : undefined;
      if (date && (!best || date.getTime() < best.date.getTime())) best = { date, text: raw as string, field };
    }
  }
  return best;
}

/** The smallest MinOrderQuantity over the products (one reel of the part), when one is given. */
export function minOrderOf(products: readonly ProductRecord[]): number | undefined {
  const quantities = products.map((p) => readValue(p, 'MinOrderQuantity')).filter((q): q is number => typeof q === 'number' && Number.isFinite(q) && q > 0);
  return quantities.length > 0 ? Math.min(...quantities) : undefined;
}

/**
 * What to buy for `builds` builds: quantity per board × builds, rounded up to whole multiples of
 * the minimum order quantity (the maker sells no less than a reel); undefined once the date has passed.
 */
export function lastTimeBuyOf(perBoard: number, builds: number, minOrder: number | undefined): number {
  const needed = perBoard * builds;
  return minOrder === undefined ? needed : Math.ceil(needed / minOrder) * minOrder;
}

function horizonOf(date: Date, today: Date): EndHorizon | undefined {
  if (date.getTime() < today.getTime()) return 'past';
  if (date.getTime() <= addMonths(today, 6).getTime()) return 'within6';
  if (date.getTime() <= addMonths(today, 12).getTime()) return 'within12';
  if (date.getTime() <= addMonths(today, ENDING_MONTHS).getTime()) return 'within24';
  return undefined;
}

export function flagValue(products: readonly ProductRecord[], flag: string): 'yes' | 'no' | 'unknown' {
  const values = products.map((p) => readValue(p, `ComplianceInfo.${flag}`));
  if (values.some((v) => v === false)) return 'no';
  return values.length > 0 && values.every((v) => v === true) ? 'yes' : 'unknown';
}

/** A maker's listed alternative that the drop-in rules were not run on, in each language. */
const NOT_CHECKED: Readonly<Record<Lang, string>> = { en: 'not checked against the drop-in rules', ja: '置換条件は未確認', zh: '未按直接替换规则检查' };

/**
 * What could replace a row's part. "Drop-in" is re-derived here with the one check (checkDropIn)
 * against the original the answer names, so no view calls a part drop-in that breaks a spec the
 * original states; a part that does is shown with what differs.
 */
export function insteadOf(row: SummaryRow, products: readonly ProductRecord[], lang: Lang): Instead[] {
  const out = new Map<string, Instead>();
  const original = row.replacements?.original ?? products[0];
  for (const candidate of row.replacements?.candidates ?? []) {
    const failures = checkDropIn(original, candidate.product);
    const differs = describeDifferences(original, candidate.product, failures, lang);
    out.set(candidate.product.partno, { partno: candidate.product.partno, dropIn: failures.length === 0, makerAlternative: candidate.makerAlternative, differs });
  }
  const near = row.replacements?.nearMiss;
  if (near && !out.has(near.product.partno)) {
    out.set(near.product.partno, { partno: near.product.partno, dropIn: false, makerAlternative: false, differs: describeDifferences(original, near.product, checkDropIn(original, near.product), lang) });
  }
  for (const product of products) {
    const raw = readValue(product, 'AlternativePartno');
    const listed = Array.isArray(raw) ? raw : typeof raw === 'string' && raw !== '' ? raw.split(',') : [];
    for (const name of listed.map((s) => s.trim()).filter((s) => s !== '')) {
      if (!out.has(name)) out.set(name, { partno: name, dropIn: false, makerAlternative: true, differs: [NOT_CHECKED[lang]] });
    }
  }
  return [...out.values()];
}

/**
 * The whole BOM at a glance, from the rows an enrichment produced: lifecycle buckets, parts ending
 * within 6/12/24 months with last-time-buy quantities, compliance coverage, what could replace the
 * parts at risk, and what changed. Pure: the same rows give the same figures in every shell.
 */
export function summarizeBom(rows: readonly SummaryRow[], options: SummaryOptions): BomSummary {
  const today = toCalendarDay(options.today);
  const byStatus = Object.fromEntries(STATUS_BUCKETS.map((b) => [b, { rows: 0, quantity: 0 }])) as Record<StatusBucket, Tally>;
  let placed = 0;
  const notLookedUp: NotLookedUpLine[] = [];
  for (const row of rows) {
    const bucket = bucketOf(row);
    if (!bucket) continue;
    const quantity = placedOf(row, bucket);
    if (bucket === 'Other maker') notLookedUp.push({ sheetRow: row.sheetRow, kind: 'otherMaker', text: row.partNumber, quantity });
    if (bucket === 'No part number') notLookedUp.push({ sheetRow: row.sheetRow, kind: 'noPartNumber', text: row.text ?? '', quantity });
    byStatus[bucket].rows += 1;
    byStatus[bucket].quantity += quantity;
    placed += quantity;
  }

  const places = [...placesOf(rows).values()];
  const ending: EndingPart[] = [];
  const atRisk: AtRiskPart[] = [];
  for (const { place, products, rows: partRows } of places) {
    const end = endDateOf(products);
    const horizon = end && horizonOf(end.date, today);
    if (end && horizon) {
      const tooLate = horizon === 'past';
      const minOrderQuantity = minOrderOf(products);
      const lastTimeBuy = options.builds !== undefined && !tooLate ? lastTimeBuyOf(place.quantityPerBoard, options.builds, minOrderQuantity) : undefined;
      ending.push({
        ...place,
        horizon,
        date: end.text.slice(0, 10),
        dateField: end.field,
        quarter: quarterOf(end.date),
        ...(lastTimeBuy !== undefined ? { lastTimeBuy } : {}),
        ...(minOrderQuantity !== undefined ? { minOrderQuantity } : {}),
        tooLate,
      });
    }
    const judged = rowRisk(partRows[0].outcome, today, options.lang);
    const risk = judged.ok ? judged.value : undefined;
    if (risk && REPLACEMENT_RISK_LEVELS.includes(risk.level)) {
      const status = neutralStatus(products[0]);
      const instead = partRows.flatMap((r) => insteadOf(r, products, options.lang ?? 'en')).filter((c, i, all) => all.findIndex((o) => o.partno === c.partno) === i);
      atRisk.push({ ...place, risk: risk.level, reason: risk.reason, ...(status ? { status } : {}), instead });
    }
  }
  ending.sort((a, b) => a.date.localeCompare(b.date) || a.partNumber.localeCompare(b.partNumber));
  atRisk.sort((a, b) => (a.risk === b.risk ? a.sheetRows[0] - b.sheetRows[0] : a.risk === 'EOL' ? -1 : 1));

  const endingByHorizon = Object.fromEntries(END_HORIZONS.map((h) => [h, ending.filter((e) => e.horizon === h).length])) as Record<EndHorizon, number>;
  const timeline = new Map<string, { quarter: string; parts: number; quantity: number }>();
  // The parts already past come first: they are the most urgent, and a quarter of the past says nothing.
  for (const part of ending) {
    const quarter = part.horizon === 'past' ? PAST_QUARTER : part.quarter;
    const entry = timeline.get(quarter) ?? { quarter, parts: 0, quantity: 0 };
    entry.parts += 1;
    entry.quantity += part.quantityPerBoard;
    timeline.set(quarter, entry);
  }

  const compliance: ComplianceCoverage[] = COMPLIANCE_FLAGS.map((flag) => {
    const coverage = { flag, yes: 0, no: 0, unknown: 0, failing: [] as ComplianceCoverage['failing'][number][] };
    for (const { place, products } of places) {
      const value = flagValue(products, flag);
      coverage[value] += 1;
      if (value !== 'yes') coverage.failing.push({ ...place, value });
    }
    return coverage;
  });
  const aec = compliance.find((c) => c.flag === 'AecQ200Support');
  const automotive = options.automotive === undefined || options.automotive === 'auto' ? (aec?.yes ?? 0) * 2 > places.length && places.length > 0 : options.automotive;

  const changed = rows.filter((r) => r.changes !== undefined && r.changes.trim() !== '').map((r) => ({ sheetRow: r.sheetRow, partNumber: r.partNumber, changes: r.changes as string }));
  const notFound = rows.filter((r) => r.kind === 'part' && productsOf(r).length === 0).map((r) => ({ sheetRow: r.sheetRow, partNumber: r.partNumber }));
  const synthetic = places.some(({ products }) => products.some(isSyntheticProduct));
  return {
    rows: rows.length,
    placed,
    byStatus,
    ending,
    endingByHorizon,
    timeline: [...timeline.values()].sort((a, b) => (a.quarter === PAST_QUARTER ? -1 : b.quarter === PAST_QUARTER ? 1 : a.quarter.localeCompare(b.quarter))),
    compliance,
    automotive,
    atRisk,
    notFound,
    notLookedUp,
    changed,
    ...(options.builds !== undefined ? { builds: options.builds } : {}),
    asOf: today.toISOString().slice(0, 10),
    ...(options.fetchedAt ? { fetchedAt: options.fetchedAt } : {}),
    synthetic,
    ...(options.source ? { source: options.source } : {}),
  };
}
