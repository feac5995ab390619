/*
 * What was understood → the API's constraints: one `$filter` per distinct set, built with the
 * project's filter builder and validated against the vocabulary when sent; and the same
 * constraints checked again on each product returned, reading its own specs, so no candidate ever
 * has a lower voltage, a wider tolerance, another size or another characteristic.
 */
import type { SearchQuery } from '../../api/client/query';
import { and, formatFilter, inCategory, where, type Condition } from '../../api/filter';
import { readValue, type ProductRecord } from '../../api/product';
import { findAllowedValue, translateValue, type CategoryId, type Lang } from '../../api/vocabulary';
import type { Tolerance, Understood } from './types';

/** Statuses a candidate may have unless the caller asks otherwise. */
export const DEFAULT_STATUSES: readonly string[] = ['In Production'];

/** The tolerances the API writes, tightest first, per unit. */
const TOLERANCE_STEPS: Readonly<Record<Tolerance['unit'], readonly string[]>> = {
  '%': ['±0.5%', '±1%', '±2%', '±3%', '±5%', '±10%', '±15%', '±20%', '±25%', '±30%'],
  F: ['±0.05pF', '±0.1pF', '±0.25pF', '±0.5pF', '±1pF'],
  H: ['±0.05nH', '±0.1nH', '±0.2nH', '±0.3nH', '±0.5nH'],
};

/** A tolerance text of the API (`±10%`, `±0.25pF`) read back; asymmetric ones (`+80%/-20%`) are undefined. */
function parseToleranceText(text: unknown): Tolerance | undefined {
  const m = /^±\s*(\d+(?:\.\d+)?)\s*(%|pF|nH)$/i.exec(String(text ?? '').normalize('NFKC').trim());
  if (!m) return undefined;
  const unit = m[2].toLowerCase();
  if (unit === '%') return { value: Number(m[1]), unit: '%' };
  return unit === 'pf' ? { value: Number((Number(m[1]) * 1e-12).toPrecision(6)), unit: 'F' } : { value: Number((Number(m[1]) * 1e-9).toPrecision(6)), unit: 'H' };
}

const within = (t: Tolerance, limit: Tolerance): boolean => t.unit === limit.unit && t.value <= limit.value * (1 + 1e-9);

/** How far a lead spacing may be from the one asked (2.54 mm is the API's 2.5 mm), m. */
const LEAD_SPACE_SLACK = 0.2e-3;

/** The category a line is searched in: a leaded ceramic capacitor among the leaded ones, never SMD. */
function categoryOf(u: Understood): CategoryId | undefined {
  if (u.kind === 'ceramicCapacitor') return u.leaded ? 'ceramicCapacitorsLead' : 'ceramicCapacitorsSMD';
  if (u.kind === 'inductor') return 'inductors';
  return undefined;
}

/** Enough to search: a maker's kind with its value. */
export function isSearchable(u: Understood): boolean {
  return (u.kind === 'ceramicCapacitor' && u.capacitance !== undefined) || (u.kind === 'inductor' && u.inductance !== undefined);
}

/** A value as the filter compares it: within a millionth, so 1e-7 written as 0.0000001 matches. */
const nearly = (field: string, value: number): Condition[] => where(field).between(Number((value * (1 - 1e-6)).toPrecision(12)), Number((value * (1 + 1e-6)).toPrecision(12)));

/** The search of a line: Category, Status, then each constraint stated. */
export function buildFindQuery(u: Understood, options: { lang: Lang; statuses?: readonly string[] }): SearchQuery {
  const category = categoryOf(u);
  if (!category || !isSearchable(u)) throw new RangeError('buildFindQuery needs a ceramic capacitor or an inductor with its value');
  const statuses = (options.statuses ?? DEFAULT_STATUSES).map((s) => translateValue('Status', s, 'en', options.lang));
  const conditions: (Condition | Condition[])[] = [inCategory(category), where('Status').in(statuses)];
  const capacitor = u.kind === 'ceramicCapacitor';
  if (capacitor) {
    conditions.push(nearly('Capacitance', u.capacitance!));
    if (u.voltage !== undefined) conditions.push(where('RatedVoltage').ge(u.voltage));
    if (u.characteristic) conditions.push(where('TemperatureCharacteristics').eq(u.characteristic));
  } else {
    conditions.push(nearly('Inductance', u.inductance!));
    if (u.current !== undefined) conditions.push(where('RatedCurrentItemp').ge(u.current));
  }
  if (u.leadSpace !== undefined) conditions.push(where('LeadSpace').between(Number((u.leadSpace - LEAD_SPACE_SLACK).toPrecision(6)), Number((u.leadSpace + LEAD_SPACE_SLACK).toPrecision(6))));
  if (u.leaded) {
    // A leaded part has no chip size code.
  } else if (u.size?.inch) conditions.push(where('SizecodeInch').eq(u.size.inch));
  else if (u.size?.mm) conditions.push(where('SizecodeMm').eq(u.size.mm));
  if (u.tolerance) {
    const allowed = TOLERANCE_STEPS[u.tolerance.unit].filter((t) => within(parseToleranceText(t)!, u.tolerance!));
    if (allowed.length > 0) conditions.push(where(capacitor ? 'ToleranceCapacitance' : 'InductanceTolerance').in(allowed));
  }
  if (u.automotive) conditions.push(where('AecQ200Support').eq(true));
  return { category, filter: and(...conditions), orderby: capacitor ? 'RatedVoltage asc' : 'RatedCurrentItemp asc', lang: options.lang };
}

/** One key per distinct search, for sharing it between lines and cells. */
export function findQueryKey(query: SearchQuery): string {
  const filter = typeof query.filter === 'string' ? query.filter : query.filter ? formatFilter(query.filter) : '';
  return `${query.lang ?? ''}|${filter}|${String(query.orderby ?? '')}`;
}

const numberOf = (p: ProductRecord, key: string): number | undefined => {
  const v = readValue(p, key);
  return typeof v === 'number' ? v : undefined;
};
const textOf = (p: ProductRecord, key: string): string => String(readValue(p, key) ?? '').trim();
const close = (a: number | undefined, b: number): boolean => a !== undefined && Math.abs(a - b) <= Math.abs(b) * 1e-6;

/**
 * The constraints a product breaks, by its own specs (empty when it meets every one): the same
 * rules as the search, so a product the service returned by mistake is never proposed.
 */
export function brokenConstraints(p: ProductRecord, u: Understood, statuses: readonly string[] = DEFAULT_STATUSES): string[] {
  const broken: string[] = [];
  const status = findAllowedValue('Status', textOf(p, 'Status'))?.en;
  if (!status || !statuses.includes(status)) broken.push('Status');
  if (u.kind === 'ceramicCapacitor') {
    if (p.group !== (u.leaded ? 'Lead' : 'SMD')) broken.push('Category');
    if (u.leadSpace !== undefined && !(Math.abs((numberOf(p, 'Specs.LeadSpace') ?? Number.POSITIVE_INFINITY) - u.leadSpace) <= LEAD_SPACE_SLACK)) broken.push('LeadSpace');
    if (u.capacitance !== undefined && !close(numberOf(p, 'Specs.Capacitance'), u.capacitance)) broken.push('Capacitance');
    if (u.voltage !== undefined && !((numberOf(p, 'Specs.RatedVoltage') ?? -1) >= u.voltage)) broken.push('RatedVoltage');
    if (u.characteristic && textOf(p, 'Specs.TemperatureCharacteristics').toUpperCase() !== u.characteristic.toUpperCase()) broken.push('TemperatureCharacteristics');
  } else if (u.kind === 'inductor') {
    if (p.group !== 'Ind') broken.push('Category');
    if (u.inductance !== undefined && !close(numberOf(p, 'Specs.Inductance'), u.inductance)) broken.push('Inductance');
    if (u.current !== undefined && !((numberOf(p, 'Specs.RatedCurrentItemp') ?? -1) >= u.current)) broken.push('RatedCurrentItemp');
  }
  if (u.leaded) {
    // No chip size to compare.
  } else if (u.size?.inch && textOf(p, 'Specs.SizecodeInch') !== u.size.inch) broken.push('SizecodeInch');
  else if (!u.size?.inch && u.size?.mm && textOf(p, 'Specs.SizecodeMm') !== u.size.mm) broken.push('SizecodeMm');
  if (u.tolerance) {
    const t = parseToleranceText(readValue(p, u.kind === 'inductor' ? 'Specs.InductanceTolerance' : 'Specs.ToleranceCapacitance'));
    if (!t || !within(t, u.tolerance)) broken.push('Tolerance');
  }
  if (u.automotive && readValue(p, 'ComplianceInfo.AecQ200Support') !== true) broken.push('AecQ200Support');
  return broken;
}
