/*
 * The compliance pack of several BOMs, looked up once for the union of their part numbers (the
 * lower bound of requests for them all), every API call through the client port.
 */
import type { Lang } from '../../api/vocabulary';
import type { BomClient } from '../client';
import type { MatchOutcome } from '../enrich/enrich-plan';
import type { ReadBom } from '../report/look-up-bom';
import { summaryRowsOf } from '../report/summary-rows';
import { compliancePack, type CompliancePack, type PackSource } from './pack';

export interface CompileOptions {
  lang?: Lang;
  signal?: AbortSignal;
  /** Called before the one lookup with the number of distinct part numbers. */
  onLookup?: (count: number) => void;
}

/** The pack of BOMs already located and read (core/report/look-up-bom.ts readBom). */
export async function compileCompliance(boms: readonly { source: PackSource; read: ReadBom }[], client: BomClient, options: CompileOptions = {}): Promise<CompliancePack> {
  const inputs = [...new Set(boms.flatMap((b) => b.read.inputs))];
  options.onLookup?.(inputs.length);
  const outcomes: ReadonlyMap<string, MatchOutcome> = inputs.length > 0 ? await client.lookup(inputs, { lang: options.lang, signal: options.signal }) : new Map();
  return compliancePack(
    boms.map(({ source, read }) => ({
      source,
      rows: summaryRowsOf({ set: read.set, bom: read.bomRows, firstRow: read.bom.layout.firstRow, outcomes }),
    })),
  );
}
