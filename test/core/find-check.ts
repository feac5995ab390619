/**
 * The test's own reading of a product against a line's hand-written expectations (find-lines.ts),
 * independent of what core/find understood: used on candidates read back from the service and on
 * the emulator's catalog (a CatalogProduct has the same `group` and `values`).
 */
import { readValue, type ProductRecord } from '../../api/product';
import { findAllowedValue } from '../../api/vocabulary';
import type { Expected } from './find-lines';

const PREFIXES: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6 };
const valueOf = (text: string): number => Number(text.slice(0, -1)) * PREFIXES[text.slice(-1)];
const near = (a: unknown, b: number): boolean => typeof a === 'number' && Math.abs(a - b) <= b * 1e-6;

/** The expectations a product breaks (empty when it meets them all), read from its own record. */
export function brokenConstraints(p: Pick<ProductRecord, 'group' | 'values'>, e: Expected): string[] {
  const out: string[] = [];
  const spec = (k: string): unknown => readValue(p as ProductRecord, `Specs.${k}`);
  if (findAllowedValue('Status', String(readValue(p as ProductRecord, 'Status')))?.en !== 'In Production') out.push('status');
  if (e.c && !near(spec('Capacitance'), valueOf(e.c))) out.push('capacitance');
  if (e.h && !near(spec('Inductance'), valueOf(e.h))) out.push('inductance');
  if (e.v !== undefined && !(Number(spec('RatedVoltage')) >= e.v)) out.push('voltage');
  if (e.tc && spec('TemperatureCharacteristics') !== e.tc) out.push('characteristic');
  if (e.s && spec('SizecodeInch') !== e.s && spec('SizecodeMm') !== e.s) out.push('size');
  if (e.a !== undefined && !(Number(spec('RatedCurrentItemp')) >= e.a)) out.push('current');
  if (e.auto && readValue(p as ProductRecord, 'ComplianceInfo.AecQ200Support') !== true) out.push('automotive');
  if (e.t) {
    const text = String(spec(e.k === 'L' ? 'InductanceTolerance' : 'ToleranceCapacitance') ?? '');
    const m = /^±([\d.]+)(%|pF)$/.exec(text);
    const limit = e.t.endsWith('%') ? { v: Number(e.t.slice(0, -1)), u: '%' } : { v: Number(e.t.slice(0, -2)), u: 'pF' };
    if (!m || m[2] !== limit.u || Number(m[1]) > limit.v) out.push('tolerance');
  }
  if (e.k === 'C' && p.group !== 'SMD') out.push('category');
  if (e.k === 'L' && p.group !== 'Ind') out.push('category');
  return out;
}
