/*
 * The one enrichment sequence of the add-in and `partspec enrich`: locate the BOM, read its rows,
 * plan the sets once, look every part number up in one go, search the replacements and
 * suggestions the columns plan, build the rows, compare with the last run, write through the
 * BomDocument port and summarise. Every API call goes through the client port and is decided
 * here; the shells only turn options into this call and its report into cells, messages and exit codes.
 */
import type { Lang } from '../../api/vocabulary';
import { cellAddress } from '../address';
import type { BomClient } from '../client';
import type { ColumnSpec } from '../cells/columns';
import type { ColumnWrite, BomDocument } from './document';
import { planEnrichmentColumns, type EnrichMode, type EnrichSet, type MatchOutcome } from './enrich-plan';
import { comparesWithLastRun, lookupInputs, planSets, withChangesColumn } from './enrich-sets';
import { isCancellation } from './failures';
import { isSyntheticMatch } from '../cells/synthetic';
import { locateBom, type LocateFailure, type LocatedBom, type NamedColumn } from './locate';
import { resolveAlternates, type AlternatePick } from './alternates';
import { findLargeChange, keepPreviousAnswers, type LargeChange } from './keep-answers';
import { buildSetRows, compareSet, setColumnWrites, type SetChanges } from './set-columns';
import { summarizeSets, type SetSummary } from './set-summary';
import { buildSuggestionCells, fillSuggestions, plansSuggestions, rowsToSuggest, suggestedRows, type SuggestedRow, type SuggestOptions, type SuggestionCells } from './enrich-suggest';
import { buildReplacementColumn } from './replacement-column';
import { planEnrichmentRequests, type RunRequestPlan } from './request-bound';
import { RequestBoundError } from '../find/request-plan';
import { findMeantParts } from './misread-part-numbers';
import { uncoveredSeriesOf } from '../bom/maker-numbering';
import { fillChecks, judgeEnrichment, plansChecks } from '../rules/enrich-checks';
import { DEFAULT_RULES } from '../rules/default-rules';
import type { BomChecks, BomRules } from '../rules/types';

/** How far a run is: the shells show it as a progress bar. */
export interface EnrichmentProgress {
  /** `searching`: the replacements' and suggestions' searches, when the columns plan them. */
  phase: 'reading' | 'looking up' | 'searching' | 'writing';
  rowsWritten: number;
  /** Rows of the BOM (0 while still reading). */
  totalRows: number;
}

export interface EnrichmentOptions {
  /** The columns of the first set, in order (buildEnrichmentColumns); Changes is added when the run compares. */
  columns: readonly ColumnSpec[];
  /** @default 'values' */
  mode?: EnrichMode;
  /** Language of the data asked of the service. @default the client's */
  lang?: Lang;
  /** The part-number column by its header or letters; else the region's selection, else the BOM's own look. */
  column?: NamedColumn;
  /** Second-source columns, each with its own PartSpec columns. */
  alternates?: readonly AlternatePick[];
  /** Highlight risk levels, problem matches and changed cells. @default true */
  highlight?: boolean;
  today: Date;
  signal?: AbortSignal;
  /**
   * How `PartSpec: Suggested` is filled when the columns plan it (buildEnrichmentColumns'
   * `suggest`): for rows with no maker part number or another maker's, the maker's best
   * candidate and why (core/find). The Replacement column is filled whenever it is planned.
   */
  suggest?: Omit<SuggestOptions, 'lang'>;
  /**
   * Refuse a run whose request plan (planEnrichmentRequests: the lookups, then the suggestions at
   * most) is over this many requests, with a RequestBoundError before anything is sent; the
   * suggestions then keep to what the lookups left. @default no bound
   */
  maxRequests?: number;
  /**
   * The team's BOM rules (core/rules): the run judges the first set's rows by them, fills
   * `PartSpec: Checks` when the columns plan it (buildEnrichmentColumns' `checks`) and reports the
   * checks. @default the shipped rules when the columns plan Checks; else no checks
   */
  rules?: BomRules;
  /** Builds the minimum-order rule weighs a line's need by. @default 1 */
  builds?: number;
  /** Whether the BOM is automotive for the AEC-Q200 rule, as the report's option. @default 'auto' */
  automotive?: boolean | 'auto';
  /** Hears the run's request plan before the first request (the command line prints its sentence). */
  onRequestPlan?: (plan: RunRequestPlan) => void;
  /**
   * Turns a failed lookup or write into the report (the add-in: the result is 'failed' or
   * 'cancelled' with the sentence, and a failed lookup writes nothing, so every cell keeps the
   * last good run's value) instead of rethrowing it (the command line's exit codes).
   */
  describeFailure?: (error: unknown) => string;
  /** Hears where the BOM and the sets are before anything is looked up (the command line says so on stderr). */
  onPlanned?: (bom: LocatedBom, sets: readonly EnrichSet[]) => void;
  onProgress?: (progress: EnrichmentProgress) => void;
  /**
   * Hears, before anything is written, that the run changes most of the last run's Match answers;
   * false stops the run with nothing written (the pane asks; the command line notes it and goes on).
   * Without it the run goes on.
   */
  confirmLargeChange?: (change: LargeChange) => boolean | Promise<boolean>;
}

/** A set of the run with what was built for it. */
export interface EnrichedSet extends EnrichSet {
  /** Its counts and summary sentence. */
  tally: SetSummary;
  /** The part numbers' cells, absolute A1 (`C2:C41`). */
  partNumbers: string;
  /** What changed since the last run (the first set, values mode, when PartSpec columns were there). */
  changes?: SetChanges;
}

export interface EnrichmentReport {
  ok: true;
  status: 'done' | 'cancelled' | 'failed';
  /** Why the run did not finish, in a sentence. */
  message?: string;
  error?: unknown;
  bom: LocatedBom;
  sets: EnrichedSet[];
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** Every column planned, header and address, in writing order. */
  columns: { header: string; address: string; existing: boolean }[];
  /** Part numbers answered with the emulator's synthetic (decoded) data: the shells say so once per run. */
  synthetic: number;
  /** Rows written (all of them unless cancelled; a cancelled run leaves the rows not reached as they were). */
  written: number;
  /** Why the replacements' search failed, when it did (each risky row's Replacement cell says so too). */
  replacementFailure?: string;
  /** The Suggested column's rows: asked about, and with a candidate (when the run suggests). */
  suggestions?: Pick<SuggestionCells, 'asked' | 'suggested'> & {
    /** Each row asked about (of the first set): its Suggested cell and the core's answer, so a shell lists and picks without searching again. */
    rows: SuggestedRow[];
  };
  /** The first set's lines judged by the team's rules, when the run judged them. */
  checks?: BomChecks;
}

export type EnrichmentRun = EnrichmentReport | LocateFailure;

const CANCELLED = 'The enrichment was cancelled before anything was written.';

/** The sentence of a run cancelled while writing: which sheet rows (1-based) were written and which kept their values. */
function describeCancelledWrite(firstRow: number, written: number, rowCount: number): string {
  const rows = (from: number, to: number): string => (from === to ? `row ${from}` : `rows ${from}–${to}`);
  const first = firstRow + 1;
  const last = firstRow + rowCount;
  const kept = `${rows(first + written, last)} kept ${rowCount - written === 1 ? 'its' : 'their'} previous values`;
  return written === 0
    ? `The enrichment was cancelled before any row was written; ${kept}.`
    : `The enrichment was cancelled after ${written} of ${rowCount} rows: ${rows(first, first + written - 1)} ${written === 1 ? 'was' : 'were'} written, ${kept}.`;
}

/** The part numbers whose every product the emulator decoded from the number alone. */
function countSynthetic(outcomes: ReadonlyMap<string, MatchOutcome> | undefined): number {
  return outcomes ? [...outcomes.values()].filter((o) => isSyntheticMatch(o.products)).length : 0;
}

/**
 * The outcomes with `meant` on each part number not found that is one misread character from a
 * real part (findMeantParts: one request for all of them); a number of the maker's series outside
 * the API is not a typo and is not checked.
 */
async function withMeantParts(
  client: BomClient,
  outcomes: Map<string, MatchOutcome>,
  ask: { lang?: Lang; signal?: AbortSignal },
  withinBound: (variants: readonly string[]) => boolean,
): Promise<Map<string, MatchOutcome>> {
  const notFound = [...outcomes].filter(([input, o]) => o.status === 'notFound' && !uncoveredSeriesOf(input)).map(([input]) => input);
  if (notFound.length === 0) return outcomes;
  const meant = await findMeantParts(notFound, async (variants) => (withinBound(variants) ? client.lookup(variants, ask) : new Map()));
  if (meant.size === 0) return outcomes;
  return new Map([...outcomes].map(([input, o]) => [input, meant.has(input) ? { ...o, meant: meant.get(input) } : o]));
}

/** The sets of a run, planned once: with `PartSpec: Changes` when the first set overwrites compared PartSpec columns (values only). */
function planRun(bom: LocatedBom, rows: readonly (readonly unknown[])[], options: EnrichmentOptions, alternates: Parameters<typeof planSets>[3]): { sets: EnrichSet[]; compare: boolean } {
  const { layout, headers, headerOrigin, region } = bom;
  const first = planEnrichmentColumns(options.columns, headers, headerOrigin, region.lastColumn, layout.partColumn);
  const compare = (options.mode ?? 'values') === 'values' && comparesWithLastRun(first);
  const columns = compare ? withChangesColumn(options.columns, options.lang) : options.columns;
  return { sets: planSets({ headers, headerOrigin, lastColumn: region.lastColumn, rows }, layout.partColumn, columns, alternates), compare };
}

/** Enriches the BOM of `document`: see the module comment. Resolves to a LocateFailure when the BOM or a second source is not found. */
export async function runEnrichment(document: BomDocument, client: BomClient, options: EnrichmentOptions): Promise<EnrichmentRun> {
  const mode = options.mode ?? 'values';
  const highlight = options.highlight !== false;
  options.onProgress?.({ phase: 'reading', rowsWritten: 0, totalRows: 0 });
  // A run that suggests parts reads a generic BOM's Value or Description column as its input.
  const bom = await locateBom(document, options.column, { describedParts: options.columns.some((c) => c.special === 'suggested') });
  if (!bom.ok) return bom;
  const { layout, region, headerOrigin } = bom;
  const alternates = resolveAlternates(bom, options.alternates ?? []);
  if ('message' in alternates) return { ok: false, kind: 'column', sheetName: region.sheetName, message: alternates.message, fact: alternates.fact };
  // Whole rows: a DNP mark or the manufacturer may be in any column, and the last run's values are compared.
  const rowCount = layout.lastRow - layout.firstRow + 1;
  const rows = await document.read(region.sheetName, { row: layout.firstRow, column: headerOrigin, rowCount, columnCount: region.lastColumn - headerOrigin + 1 });
  const { sets, compare } = planRun(bom, rows, options, alternates);
  const inputs = lookupInputs(sets);
  options.onPlanned?.(bom, sets);
  const place = { headerRow: layout.headerRow, firstRow: layout.firstRow };
  const rangeOf = (column: number): string => `${cellAddress(layout.firstRow, column)}:${cellAddress(layout.lastRow, column)}`;
  const report = (status: EnrichmentReport['status'], extra: Partial<EnrichmentReport>, enriched: EnrichedSet[] = []): EnrichmentReport => ({
    ok: true,
    status,
    bom,
    sets: enriched,
    outcomes: new Map(),
    columns: sets.flatMap((s) => s.planned).map((p) => ({ header: p.spec.header, address: `${cellAddress(layout.headerRow, p.column)}:${cellAddress(layout.lastRow, p.column)}`, existing: p.existing })),
    written: 0,
    ...extra,
    synthetic: countSynthetic(extra.outcomes),
  });
  const write = (columns: readonly ColumnWrite[], onRows?: (n: number) => void, signal?: AbortSignal): Promise<number> =>
    document.write({ sheetName: region.sheetName, ...place, rowCount, mode, columns, signal, onRows });

  const { lang, signal } = options;
  const wantsReplacements = sets.some((set) => set.planned.some((p) => p.spec.special === 'replacement'));
  const wantsSuggestions = plansSuggestions(sets[0]);
  // The plan is stated, and held to its bound, before the first request.
  let suggestBound: number | undefined;
  // Under --max-requests, the likely parts of misread numbers are asked only within what the plan leaves.
  let slack = Infinity;
  if (options.maxRequests !== undefined || options.onRequestPlan) {
    const suggestLines = wantsSuggestions ? rowsToSuggest(sets[0], bom.headers, rows, undefined).map((a) => a.line) : undefined;
    const plan = planEnrichmentRequests(client, inputs, { lang, suggestLines, canDownload: options.suggest?.source !== undefined, maxRequests: options.maxRequests });
    options.onRequestPlan?.(plan);
    if (options.maxRequests !== undefined && plan.requests > options.maxRequests) throw new RequestBoundError(plan, options.maxRequests);
    if (options.maxRequests !== undefined) {
      suggestBound = options.maxRequests - plan.lookup.requests;
      slack = options.maxRequests - plan.requests;
    }
  }
  const withinBound = (variants: readonly string[]): boolean => {
    if (slack === Infinity) return true;
    const cost = client.planLookup(variants, { lang });
    if (cost > slack) return false;
    slack -= cost;
    return true;
  };
  // One lookup for every set: the client packs all part numbers into the fewest URLs.
  options.onProgress?.({ phase: 'looking up', rowsWritten: 0, totalRows: rowCount });
  let outcomes: Map<string, MatchOutcome>;
  try {
    outcomes = inputs.length > 0 ? await client.lookup(inputs, { lang, signal }) : new Map();
  } catch (error) {
    if (!options.describeFailure) throw error;
    if (isCancellation(error, options.signal)) return report('cancelled', { message: CANCELLED });
    // Nothing is written: every cell keeps what the last good run put there, and the report says why once.
    return report('failed', { message: options.describeFailure(error), error });
  }
  // A part number one misread character from a real one (O for 0): its Match cell names the part it likely is.
  // The check is a hint: when it fails, the rows say Not found as they would without it; only a cancel stops the run.
  try {
    outcomes = await withMeantParts(client, outcomes, { lang, signal }, withinBound);
  } catch (error) {
    if (isCancellation(error, options.signal)) {
      if (!options.describeFailure) throw error;
      return report('cancelled', { message: CANCELLED });
    }
  }
  // The searches the columns plan; a failed one says so in its cells, only a cancel stops the run.
  if (wantsReplacements || wantsSuggestions) options.onProgress?.({ phase: 'searching', rowsWritten: 0, totalRows: rowCount });
  let replacements: Awaited<ReturnType<typeof buildReplacementColumn>> | undefined;
  let suggestions: SuggestionCells | undefined;
  try {
    if (wantsReplacements) replacements = await buildReplacementColumn(client, { inputs, outcomes, today: options.today, lang, signal });
    if (wantsSuggestions) suggestions = await buildSuggestionCells(sets[0], { headers: bom.headers, rows, outcomes }, client, { ...options.suggest, lang }, signal, suggestBound);
  } catch (error) {
    if (!options.describeFailure) throw error;
    return report('cancelled', { message: CANCELLED, error, outcomes });
  }

  const built = sets.map((set) => buildSetRows(set, { outcomes, mode, today: options.today, firstRow: layout.firstRow, replacements: replacements?.cells, lang }));
  if (suggestions) fillSuggestions(sets[0], built[0], suggestions.cells);
  // A row the lookup found nothing for keeps the last good run's answers: nothing filled becomes blank.
  sets.forEach((set, i) => keepPreviousAnswers(set, built[i].rows, outcomes, { headerOrigin, rows }, lang));
  const changes = compare ? compareSet(sets[0], built[0].rows, { headers: bom.headers, headerOrigin, rows }, lang) : undefined;
  const large = changes && options.confirmLargeChange ? findLargeChange(sets[0], changes, { headerOrigin, rows }) : undefined;
  if (large && !(await options.confirmLargeChange!(large))) return report('cancelled', { message: `${large.message} Nothing was written.`, outcomes });
  // The team's rules judge the first set's rows as the summary judges them (core/rules).
  const rules = options.rules ?? (plansChecks(sets[0]) ? DEFAULT_RULES : undefined);
  const suggested = suggestions && new Map([...suggestions.answers].map(([r, answer]) => [r, answer.candidates.length > 0]));
  const judged = rules && judgeEnrichment({ set: sets[0], bom: { headers: bom.headers, headerOrigin, rows }, firstRow: layout.firstRow, outcomes, suggested, rules, today: options.today, builds: options.builds, automotive: options.automotive, sheet: region.sheetName, lang: options.lang });
  if (judged) fillChecks(sets[0], built[0], judged.cells);
  const summaries = summarizeSets(sets, bom, rows, outcomes);
  const enriched: EnrichedSet[] = sets.map((set, i) => ({ ...set, tally: summaries[i], partNumbers: rangeOf(set.partColumn), ...(i === 0 && changes ? { changes } : {}) }));
  const done = { outcomes, written: rowCount, ...(replacements?.failure ? { replacementFailure: replacements.failure } : {}), ...(suggestions ? { suggestions: { asked: suggestions.asked, suggested: suggestions.suggested, rows: suggestedRows(sets[0], suggestions.answers, layout.firstRow) } } : {}), ...(judged ? { checks: judged.checks } : {}) };
  // Every set's columns side by side in one write: one sync per chunk of rows in Excel, not per set.
  const columns = sets.flatMap((set, i) => setColumnWrites(set, built[i], place, i === 0 ? changes : undefined, highlight));
  let written: number;
  try {
    written = await write(columns, (n) => options.onProgress?.({ phase: 'writing', rowsWritten: n, totalRows: rowCount }), signal);
  } catch (error) {
    if (!options.describeFailure) throw error;
    return report('failed', { ...done, written: 0, message: `Writing to the sheet failed: ${options.describeFailure(error)}`, error }, enriched);
  }
  if (written < rowCount) {
    // Rows not reached keep what they had (the last run's values or nothing): the report says once which rows were written.
    return report('cancelled', { ...done, written, message: describeCancelledWrite(layout.firstRow, written, rowCount) }, enriched);
  }
  return report('done', done, enriched);
}
