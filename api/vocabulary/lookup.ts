import { VALUE_FIELDS, type FieldDef } from './fields';
import { FILTER_FIELDS, getFilterField } from './filter-fields';
import { fieldLabels } from './labels';

/** Edit distance between two strings (case-insensitive), for "did you mean" hints. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[t.length];
}

/** The closest candidate to `input`, if it is close enough to be a likely typo. */
export function suggestName(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(input, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const tolerance = Math.max(2, Math.floor(input.length / 4));
  return best !== undefined && bestDistance <= tolerance ? best : undefined;
}

const fold = (s: string): string => s.toLowerCase().replace(/[\s_-]/g, '');

const FIELD_ALIASES = new Map<string, FieldDef>();
for (const f of VALUE_FIELDS) {
  FIELD_ALIASES.set(fold(f.key), f);
  if (!FIELD_ALIASES.has(fold(f.name))) FIELD_ALIASES.set(fold(f.name), f);
}
// Display names in every language (`Rated voltage`, `定格電圧`), so a header written in one is read back.
for (const f of VALUE_FIELDS) for (const label of fieldLabels(f)) if (!FIELD_ALIASES.has(fold(label))) FIELD_ALIASES.set(fold(label), f);
// Filter names that differ from response names (Rdc → Specs.RdcMax) resolve to the response field.
for (const ff of FILTER_FIELDS) {
  const target = VALUE_FIELDS.find((f) => f.key === ff.responseKey);
  if (target && !FIELD_ALIASES.has(fold(ff.name))) FIELD_ALIASES.set(fold(ff.name), target);
}

/** Names a user may type for value fields: the bare names and the dotted keys. */
export const FIELD_NAMES_FOR_HINTS: readonly string[] = [...new Set(VALUE_FIELDS.map((f) => f.name))];

export type FieldResolution = { field: FieldDef } | { field?: undefined; suggestion?: string };

/**
 * Resolves a field name as a user types it: case-insensitive, with or without its object prefix
 * (`Rohs`, `ComplianceInfo.Rohs`), spaces/underscores ignored, filter names (`Rdc`) and display
 * names in any language (`Rated voltage`, `定格電圧`) accepted.
 */
export function resolveField(input: string): FieldResolution {
  const field = FIELD_ALIASES.get(fold(input.trim()));
  if (field) return { field };
  const bare = input.trim().split('.').pop() ?? input;
  return { suggestion: suggestName(bare, FIELD_NAMES_FOR_HINTS) };
}

/** Resolves a filter field name case-insensitively (for text typed by a user). */
export function resolveFilterFieldName(input: string): string | undefined {
  const exact = getFilterField(input);
  if (exact) return exact.name;
  return FILTER_FIELDS.find((f) => f.name.toLowerCase() === input.toLowerCase())?.name;
}
