/*
 * An enrichment's request plan, stated before anything is sent: the lookup of every part number,
 * then at most the Suggested column's searches. Which rows get a suggestion depends on what the
 * lookup finds, so the plan counts every row that may be asked about (a part number counts, as it
 * may not be found) and answers their searches as the suggestions will: one search each, or the
 * category files when those cost less or only they fit. A bound on the run's requests refuses a
 * plan over it before the first lookup; the suggestions then keep to what the lookups left.
 */
import type { Lang } from '../../api/vocabulary';
import type { BomClient } from '../client';
import { findSearches } from '../find/find-parts';
import { planRequests, type RequestPlan } from '../find/request-plan';

/** What an enrichment will send at most. */
export interface RunRequestPlan {
  /** Distinct part numbers looked up, and the requests their lookup sends at most. */
  lookup: { partNumbers: number; requests: number };
  /** The suggestions' plan for every row that may be asked about (when the columns plan them). */
  suggestions?: RequestPlan & { rows: number };
  /** Requests in all, at most. */
  requests: number;
  /** The plan in a sentence. */
  sentence: string;
}

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The plan of a run that looks up `inputs` and, when `suggestLines` is given, suggests for those
 * lines (each row that may be asked about). `canDownload`: the category files may be used.
 */
export function planEnrichmentRequests(
  client: Pick<BomClient, 'planLookup'>,
  inputs: readonly string[],
  options: { lang?: Lang; suggestLines?: readonly string[]; canDownload: boolean; maxRequests?: number },
): RunRequestPlan {
  const partNumbers = new Set(inputs).size;
  const lookups = inputs.length > 0 ? client.planLookup(inputs, { lang: options.lang }) : 0;
  const lookup = { partNumbers, requests: lookups };
  const looked = `${plural(lookups, 'request', 'requests')} to look up ${plural(partNumbers, 'part number', 'part numbers')}`;
  if (!options.suggestLines) return { lookup, requests: lookups, sentence: `At most ${plural(lookups, 'request', 'requests')} in all: ${looked}.` };
  const searches = [...findSearches(options.suggestLines, { lang: options.lang }).values()];
  const left = options.maxRequests === undefined ? undefined : Math.max(0, options.maxRequests - lookups);
  const suggestions = { ...planRequests(searches, options.canDownload, left), rows: options.suggestLines.length };
  const requests = lookups + suggestions.requests;
  const suggested = `${plural(suggestions.requests, 'request', 'requests')} for the suggestions of up to ${plural(suggestions.rows, 'row', 'rows')}`;
  return { lookup, suggestions, requests, sentence: `At most ${plural(requests, 'request', 'requests')} in all: ${looked}, ${suggested}.` };
}
