import { readValue } from '../../api/product';
import { DEFAULT_FIND_COUNT, FIND_CATEGORY_IDS, MAX_FIND_COUNT, findParts, type FindCategory } from '../../core/find/find-parts';
import { cellText, isBlank, readRange, resolveCategoryArgument, resolveCountArgument } from './arguments';
import { ArgumentProblem } from './errors';
import type { FunctionsRuntime } from './runtime';
import type { Client } from '../../api/client';
import { planTogether, type FindPlan } from '../../core/find/request-plan';

export interface FindArguments {
  text: unknown;
  category?: unknown;
  count?: unknown;
}

/** The header row PART.SUGGEST spills above its candidates. */
const FIND_HEADER = ['Partno', 'Status', 'Why', 'Understood'];

/** One shared plan per client: the cells of one recalculation are planned together. */
const PLANS = new WeakMap<Client, FindPlan>();

function planOf(client: Client): FindPlan {
  let plan = PLANS.get(client);
  if (!plan) PLANS.set(client, (plan = planTogether({ source: client })));
  return plan;
}

/**
 * PART.SUGGEST: a header row and the maker's candidates for one BOM line (a cell, or a row of cells
 * such as value, footprint and description, read as one line), closest fit first, each with one
 * line of why; the first row also says what was understood, so a person can check it. The search
 * is shared by every cell asking the same thing and cached by the client; the cells of one
 * recalculation are planned together, so many distinct lines are matched in the category file. No candidate is `#N/A`
 * with the reason (not the maker's kind, too vague, nothing fits).
 */
export async function evaluateSuggest(runtime: FunctionsRuntime, args: FindArguments): Promise<string[][]> {
  const text = readRange(args.text).cells.map(cellText).filter((t) => t !== '').join(' | ');
  if (text === '') throw new ArgumentProblem('#VALUE!', 'No BOM line given: a value, a description or another maker\'s part number');
  const category = isBlank(args.category) ? undefined : (resolveCategoryArgument(args.category, FIND_CATEGORY_IDS) as FindCategory);
  const count = resolveCountArgument(args.count, 'count', DEFAULT_FIND_COUNT, MAX_FIND_COUNT);
  const { client, lang } = await runtime.session();
  const { answers } = await findParts([text], client, { lang, count, category, plan: planOf(client) });
  const [answer] = answers;
  if (answer.candidates.length === 0) throw new ArgumentProblem('#N/A', `${answer.reason ?? 'No candidate'} (understood: ${answer.understoodText})`);
  return [FIND_HEADER, ...answer.candidates.map((c, i) => [c.Partno, String(readValue(c.product, 'Status') ?? ''), c.why, i === 0 ? answer.understoodText : ''])];
}
