/*
 * The summary of a BOM, read and looked up as an enrichment reads it, for every shell: the core
 * locates the BOM through the BomDocument port (the Excel adapter in the add-in, the file adapter
 * on the command line), plans its first part-number set, looks its part numbers up once, finds
 * replacement candidates for the parts at risk, asks for suggestions when told, and counts: every
 * API call through the client port. The shells only render the result.
 */
import type { Lang } from '../../api/vocabulary';
import type { BomClient } from '../client';
import type { BomDocument } from '../enrich/document';
import type { EnrichSet, MatchOutcome } from '../enrich/enrich-plan';
import type { LocatedBom, NamedColumn } from '../enrich/locate';
import type { LocateShell } from '../enrich/locate-words';
import { buildReplacementColumn } from '../enrich/replacement-column';
import { buildSuggestionCells } from '../enrich/enrich-suggest';
import { lookUpBom, type BomNotFound } from './look-up-bom';
import { summaryRowsOf } from './summary-rows';
import { summarizeBom } from './summary';
import type { BomSummary } from './types';
import type { BomRules } from '../rules/types';
import { DEFAULT_RULES } from '../rules/default-rules';
import { withChecks } from '../rules/judge';

/** The phases of a summary that wait on the service. */
export type SummaryPhase = 'looking up' | 'replacements' | 'suggestions';

export interface DocumentSummaryOptions {
  /** The part-number column by its header or letters; else the region's selection, else the BOM's own look. */
  column?: NamedColumn;
  /** Builds to compute last-time-buy quantities for. */
  builds?: number;
  /** @default 'auto' */
  automotive?: boolean | 'auto';
  /** Language of the data asked of the service. */
  lang?: Lang;
  /** Language of the summary's own words (risk reasons, what differs in a candidate), as its labels'. @default lang */
  labels?: Lang;
  today: Date;
  /** When the data was fetched (ISO); the shells that know it pass it on. */
  fetchedAt?: string;
  /** The BOM file's name, for the summary to say which BOM it is of, when the shell knows it. */
  file?: string;
  /** Also ask for the maker's parts for the rows that name none (as `PartSpec: Suggested` would), and count them. @default false */
  suggest?: boolean;
  /** The team's rules: the summary's checks judge each line by them (core/rules). @default the shipped rules */
  rules?: BomRules;
  /** The shell that says why no BOM was found, in the labels' language (the failure's `said`). */
  shell?: LocateShell;
  signal?: AbortSignal;
  onPhase?: (phase: SummaryPhase, count: number) => void;
}

/** The summary and what it was computed from, for the shells' messages and `--fail-on`. */
export interface DocumentSummary {
  ok: true;
  summary: BomSummary;
  bom: LocatedBom;
  set: EnrichSet;
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** The Changes cells an earlier enrichment wrote, one per BOM row ('' for none), when the BOM has that column. */
  changes?: readonly string[];
  /** With `suggest`: the rows asked about and those with a candidate. */
  suggestions?: { asked: number; suggested: number };
}

/** Summarizes the BOM of `document`; resolves to a BomNotFound when no BOM is found (the summary sheet is never one). */
export async function summarizeDocument(document: BomDocument, client: BomClient, options: DocumentSummaryOptions): Promise<DocumentSummary | BomNotFound> {
  const say = options.shell ? { lang: options.labels ?? options.lang, shell: options.shell } : undefined;
  const looked = await lookUpBom(document, client, {
    column: options.column,
    lang: options.lang,
    signal: options.signal,
    ...(say ? { say } : {}),
    describedParts: options.suggest === true,
    onLookup: (count) => options.onPhase?.('looking up', count),
  });
  if (!looked.ok) return looked;
  const { bom, bomRows, set, inputs, outcomes, changes } = looked;
  const { layout, region, headers } = bom;
  const { rows } = bomRows;
  options.onPhase?.('replacements', inputs.length);
  const { answers } = await buildReplacementColumn(client, { inputs, outcomes, today: options.today, lang: options.lang, signal: options.signal });
  let suggestions: DocumentSummary['suggestions'];
  let suggested: Map<number, boolean> | undefined;
  if (options.suggest) {
    options.onPhase?.('suggestions', inputs.length);
    const cells = await buildSuggestionCells(set, { headers, rows, outcomes }, client, { lang: options.lang }, options.signal);
    suggestions = { asked: cells.asked, suggested: cells.suggested };
    suggested = new Map([...cells.answers].map(([r, answer]) => [r, answer.candidates.length > 0]));
  }
  const summaryRows = summaryRowsOf({ set, bom: bomRows, firstRow: layout.firstRow, outcomes, replacements: answers, ...(changes ? { changes } : {}), ...(suggested ? { suggested } : {}) });
  const counted = summarizeBom(summaryRows, {
    today: options.today,
    builds: options.builds,
    automotive: options.automotive,
    fetchedAt: options.fetchedAt,
    lang: options.labels ?? options.lang,
    source: { ...(options.file ? { file: options.file } : {}), sheet: region.sheetName },
  });
  const summary = withChecks(counted, summaryRows, options.rules ?? DEFAULT_RULES, options.today, options.labels ?? options.lang);
  return { ok: true, summary, bom, set, outcomes, ...(changes ? { changes } : {}), ...(suggestions ? { suggestions } : {}) };
}
