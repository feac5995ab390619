import type { LookupOutcome } from '../api/node';
import { jsonKeyOf, type ColumnSpec } from '../core/cells/columns';
import { buildProductRow } from '../core/cells/rows';
import { isSyntheticMatch } from '../core/cells/synthetic';
import { matchLabel } from '../core/enrich/enrich-plan';
import { jsonValue } from '../ooxml/cells';

/** One input of a lookup as `partspec lookup --json` prints it (and the assistants' `lookup` tool returns it). */
export interface LookupResultJson {
  input: string;
  /** The match in the add-in's words (Exact, Variant, Ambiguous, Not found, Invalid). */
  match: string;
  status: LookupOutcome['status'];
  reason: string | null;
  /** True when the answer is the emulator's decoding, never the maker's data. */
  synthetic: boolean;
  /** Each product as the columns' headers → values (numbers in the header's unit, dates as ISO days). */
  products: Record<string, string | number | boolean | null>[];
}

/** The lookup of each distinct input, in input order, with the chosen columns. */
export function lookupResultsJson(inputs: readonly string[], outcomes: ReadonlyMap<string, LookupOutcome>, columns: readonly ColumnSpec[]): LookupResultJson[] {
  return [...new Set(inputs)].map((input) => {
    const outcome = outcomes.get(input) as LookupOutcome;
    return {
      input,
      match: matchLabel(outcome, input),
      status: outcome.status,
      reason: outcome.reason ?? null,
      synthetic: isSyntheticMatch(outcome.products),
      products: outcome.products.map((p) => {
        const row = buildProductRow(p, columns);
        return Object.fromEntries(columns.map((c, i) => [jsonKeyOf(c), jsonValue(row[i], c.kind)]));
      }),
    };
  });
}
