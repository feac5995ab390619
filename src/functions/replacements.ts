import { DEFAULT_MAX_REPLACEMENTS, MAX_REPLACEMENTS_LIMIT, buildReplacementTable, findReplacements } from '../../api/replacements';
import { cellText, isBlank, readRange, resolveCountArgument } from './arguments';
import { ArgumentProblem } from './errors';
import { productsOf } from './product-values';
import type { FunctionsRuntime } from './runtime';

export interface ReplacementsArguments {
  partno: unknown;
  max?: unknown;
  strict?: unknown;
}

/** The `strict` argument: TRUE/FALSE, 1/0 or the words; blank is FALSE. */
function resolveStrictArgument(value: unknown): boolean {
  if (isBlank(value)) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  const text = cellText(value).toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new ArgumentProblem('#VALUE!', `strict must be TRUE or FALSE, not '${cellText(value)}'`);
}

/**
 * PART.REPLACEMENTS: a header row (Partno, Status, the specs a replacement is judged on, Maker
 * alternative, Differs in) and one row per drop-in candidate, closest first. The lookup joins every
 * other cell's batch and the group search is shared and cached, so a column of these formulas
 * costs one search per parameter group. No candidate is `#N/A` naming the closest near-miss.
 */
export async function evaluateReplacements(runtime: FunctionsRuntime, args: ReplacementsArguments): Promise<string[][]> {
  const parts = readRange(args.partno);
  if (parts.cells.length > 1) throw new ArgumentProblem('#VALUE!', 'PART.REPLACEMENTS takes one part number; fill the formula down for more');
  const input = cellText(parts.cells[0]);
  if (input === '') throw new ArgumentProblem('#VALUE!', 'No part number given');
  const max = resolveCountArgument(args.max, 'max', DEFAULT_MAX_REPLACEMENTS, MAX_REPLACEMENTS_LIMIT);
  const strict = resolveStrictArgument(args.strict);
  const { client, lang } = await runtime.session();
  const outcomes = await client.lookup([input], { lang });
  productsOf(input, outcomes.get(input));
  const { answers } = await findReplacements(client, [input], { max, strict, lang, outcomes });
  const answer = answers.get(input)!;
  if (answer.candidates.length === 0) throw new ArgumentProblem('#N/A', answer.message ?? `No replacement for ${input}`);
  return buildReplacementTable(answer);
}
