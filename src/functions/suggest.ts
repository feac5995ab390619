import { readValue } from '../../api/product';
import type { Client } from '../../api/client';
import { DEFAULT_FIND_COUNT, MAX_FIND_COUNT, findParts, type FindOptions, type FindSearch } from '../../core/find/find-parts';
import { cellText, isBlank, readRange, resolveCategoryArgument, resolveCountArgument } from './arguments';
import { ArgumentProblem } from './errors';
import type { FunctionsRuntime } from './runtime';

export interface FindArguments {
  text: unknown;
  category?: unknown;
  count?: unknown;
}

/** The header row PART.SUGGEST spills above its candidates. */
export const FIND_HEADER = ['Partno', 'Status', 'Why', 'Understood'];

/** What a category argument tells the finder the line is. */
const CATEGORY_KINDS: Readonly<Record<string, FindOptions['kind']>> = { ceramicCapacitors: 'ceramicCapacitor', ceramicCapacitorsSMD: 'ceramicCapacitor', inductors: 'inductor' };

/** One search function per client, so cells asking the same thing at once share one request (findParts shares by search function). */
const SEARCHES = new WeakMap<Client, FindSearch>();

function searchOf(client: Client): FindSearch {
  let search = SEARCHES.get(client);
  if (!search) SEARCHES.set(client, (search = (query, signal) => client.search({ ...query, signal })));
  return search;
}

/**
 * PART.SUGGEST: a header row and the maker's candidates for one BOM line (a cell, or a row of cells
 * such as value, footprint and description, read as one line), closest fit first, each with one
 * line of why; the first row also says what was understood, so a person can check it. The search
 * is shared by every cell asking the same thing and cached by the client. No candidate is `#N/A`
 * with the reason (not the maker's kind, too vague, nothing fits).
 */
export async function evaluateSuggest(runtime: FunctionsRuntime, args: FindArguments): Promise<string[][]> {
  const text = readRange(args.text).cells.map(cellText).filter((t) => t !== '').join(' | ');
  if (text === '') throw new ArgumentProblem('#VALUE!', 'No BOM line given: a value, a description or another maker\'s part number');
  const category = isBlank(args.category) ? undefined : resolveCategoryArgument(args.category, ['ceramicCapacitors', 'ceramicCapacitorsSMD', 'inductors']);
  const count = resolveCountArgument(args.count, 'count', DEFAULT_FIND_COUNT, MAX_FIND_COUNT);
  const { client, lang } = await runtime.session();
  const { answers } = await findParts([text], searchOf(client), { lang, count, kind: category === undefined ? undefined : CATEGORY_KINDS[category] });
  const [answer] = answers;
  if (answer.candidates.length === 0) throw new ArgumentProblem('#N/A', `${answer.reason ?? 'No candidate'} (understood: ${answer.understoodText})`);
  return [FIND_HEADER, ...answer.candidates.map((c, i) => [c.Partno, String(readValue(c.product, 'Status') ?? ''), c.why, i === 0 ? answer.understoodText : ''])];
}
