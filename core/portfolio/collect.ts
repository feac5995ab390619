/*
 * Parts in use across BOMs, read and looked up through the core's ports: every BOM sheet of every
 * document is located as `enrich` and `report` locate one, its rows planned the same way, and the
 * part numbers of all of them looked up in ONE lookup of their union (the client packs it into as
 * few requests as the URL budget allows), replacements searched once for the union's parts at
 * risk, and suggestions (when asked) found once for the distinct lines. The shells only render.
 */
import type { Lang } from '../../api/vocabulary';
import type { BomClient } from '../client';
import type { BomDocument, BomRegion } from '../enrich/document';
import type { EnrichSet, MatchOutcome } from '../enrich/enrich-plan';
import { lookupInputs, type PlanningRows } from '../enrich/enrich-sets';
import { isAutomotiveBom, rowsToSuggest } from '../enrich/enrich-suggest';
import type { NamedColumn } from '../enrich/locate';
import type { LocateShell } from '../enrich/locate-words';
import { buildReplacementColumn } from '../enrich/replacement-column';
import { findParts } from '../find/find-parts';
import { isSummarySheetName } from '../names';
import { readBom as readOneBom, type SayIn } from '../report/look-up-bom';
import type { SummaryPhase } from '../report/summarize-document';
import { summaryRowsOf } from '../report/summary-rows';
import type { SummaryRow } from '../report/types';
import { buildPortfolio, portfolioKey } from './portfolio';
import type { BomRules } from '../rules/types';
import { PORTFOLIO_SHEET_NAMES_ALL } from './words';
import { type Portfolio, type PortfolioBom, type PortfolioSuggestion } from './types';

/** One document of the portfolio (a BOM file, or the open workbook) and the name it is shown by. */
export interface PortfolioSource {
  file: string;
  /** Opens the document; `close` lets it go once its sheets are read (before the lookup), so many files never stay open at once. */
  open(): Promise<{ document: BomDocument; close(): void }>;
}

export interface CollectOptions {
  /** The part-number column by its header or letters, in every BOM; else each BOM's own look. */
  column?: NamedColumn;
  /** Builds of a BOM sheet in the plan. @default 1 */
  buildsOf?: (file: string, sheet: string) => number;
  today: Date;
  /** Language of the data asked of the service, and of the reasons. */
  lang?: Lang;
  fetchedAt?: string;
  /** Also find the maker's parts for other makers' numbers, not-found parts and generic lines. @default false */
  suggest?: boolean;
  /** The team's rules every row is judged by. @default the shipped rules */
  rules?: BomRules;
  /** Language of why a sheet holds no BOM (a skipped sheet's `said`). @default lang */
  labels?: Lang;
  /** The shell that says why a sheet holds no BOM, in `labels` (a skipped sheet's `said`). */
  shell?: LocateShell;
  signal?: AbortSignal;
  onPhase?: (phase: SummaryPhase, count: number) => void;
}

/** A sheet that holds no BOM PartSpec can read, and why: the locator's sentence, and in Japanese or Chinese `said`. */
export interface SkippedSheet {
  file: string;
  sheet: string;
  message: string;
  said?: string;
}

export interface CollectedPortfolio {
  portfolio: Portfolio;
  skipped: SkippedSheet[];
}

interface ReadBom {
  file: string;
  sheet: string;
  firstRow: number;
  bomRows: PlanningRows;
  set: EnrichSet;
}

/** The document as seen through one of its regions, so each BOM sheet is located on its own. */
function oneRegion(document: BomDocument, region: BomRegion): BomDocument {
  return { regions: async () => [region], read: (sheet, block) => document.read(sheet, block), write: () => Promise.reject(new Error('a portfolio only reads its BOMs')) };
}

/** Every BOM sheet of a document, located and read; the sheets that hold none go to `skipped`. */
async function readBoms(source: PortfolioSource, column: NamedColumn | undefined, say: SayIn | undefined, skipped: SkippedSheet[]): Promise<ReadBom[]> {
  const { document, close } = await source.open();
  try {
    return await readSheets(source.file, document, column, say, skipped);
  } finally {
    close();
  }
}

async function readSheets(file: string, document: BomDocument, column: NamedColumn | undefined, say: SayIn | undefined, skipped: SkippedSheet[]): Promise<ReadBom[]> {
  const out: ReadBom[] = [];
  for (const region of await document.regions()) {
    if (isSummarySheetName(region.sheetName) || PORTFOLIO_SHEET_NAMES_ALL.has(region.sheetName)) continue;
    const read = await readOneBom(oneRegion(document, region), column, say);
    if (!read.ok) {
      skipped.push({ file, sheet: region.sheetName, message: read.message, ...(read.said === undefined ? {} : { said: read.said }) });
      continue;
    }
    out.push({ file, sheet: region.sheetName, firstRow: read.bom.layout.firstRow, bomRows: read.bomRows, set: read.set });
  }
  return out;
}

/** One search per distinct line that asks for a suggestion, over every BOM; the best candidate by portfolio key. */
async function suggestAll(read: readonly ReadBom[], rows: readonly SummaryRow[][], outcomes: ReadonlyMap<string, MatchOutcome>, client: BomClient, options: CollectOptions): Promise<Map<string, PortfolioSuggestion>> {
  const lines: string[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  read.forEach((bom, b) => {
    for (const { index, line } of rowsToSuggest(bom.set, bom.bomRows.headers, bom.bomRows.rows, outcomes)) {
      const key = portfolioKey(rows[b][index]);
      if (key === undefined || seen.has(key)) continue;
      seen.add(key);
      lines.push(line);
      keys.push(key);
    }
  });
  const out = new Map<string, PortfolioSuggestion>();
  if (lines.length === 0) return out;
  options.onPhase?.('suggestions', lines.length);
  const { answers } = await findParts(lines, client, { lang: options.lang, count: 1, automotive: isAutomotiveBom(outcomes), signal: options.signal });
  answers.forEach((answer, i) => {
    const best = answer.candidates[0];
    if (best) out.set(keys[i], { partno: best.Partno, why: best.why });
  });
  return out;
}

/** Parts in use across the BOM sheets of `sources`, looked up once for their union. */
export async function collectPortfolio(sources: readonly PortfolioSource[], client: BomClient, options: CollectOptions): Promise<CollectedPortfolio> {
  const skipped: SkippedSheet[] = [];
  const read: ReadBom[] = [];
  const say = options.shell ? { lang: options.labels ?? options.lang, shell: options.shell } : undefined;
  for (const source of sources) read.push(...(await readBoms(source, options.column, say, skipped)));
  const inputs = lookupInputs(read.map((r) => r.set));
  options.onPhase?.('looking up', inputs.length);
  const outcomes: Map<string, MatchOutcome> = inputs.length > 0 ? await client.lookup(inputs, { lang: options.lang, signal: options.signal }) : new Map();
  options.onPhase?.('replacements', inputs.length);
  const { answers } = await buildReplacementColumn(client, { inputs, outcomes, today: options.today, lang: options.lang, signal: options.signal });
  const rows = read.map((bom) => summaryRowsOf({ set: bom.set, bom: bom.bomRows, firstRow: bom.firstRow, outcomes, replacements: answers }));
  const suggestions = options.suggest ? await suggestAll(read, rows, outcomes, client, options) : undefined;
  const boms: PortfolioBom[] = read.map((bom, b) => ({ file: bom.file, sheet: bom.sheet, rows: rows[b], builds: options.buildsOf?.(bom.file, bom.sheet) ?? 1 }));
  const portfolio = buildPortfolio(boms, { today: options.today, lang: options.lang, fetchedAt: options.fetchedAt, lookedUp: inputs.length, ...(options.rules ? { rules: options.rules } : {}), ...(suggestions ? { suggestions } : {}) });
  return { portfolio, skipped };
}
