/*
 * A BOM located, read and looked up once, as an enrichment reads it: the part every judged view
 * (the summary, the compliance pack, the parts in use, a replacement) starts from. A BOM not found
 * carries its sentence in the language asked for, so every command says it alike. Every API call
 * goes through the client port.
 */
import type { Lang } from '../../api/vocabulary';
import type { BomClient } from '../client';
import type { BomDocument } from '../enrich/document';
import type { EnrichSet, MatchOutcome } from '../enrich/enrich-plan';
import { lookupInputs, planSets, withChangesColumn, type PlanningRows } from '../enrich/enrich-sets';
import { locateBom, type LocateFailure, type LocatedBom, type LocateOptions, type NamedColumn } from '../enrich/locate';
import { describeLocateFact, type LocateShell } from '../enrich/locate-words';
import { describeRefusal } from '../enrich/refusal-words';

export interface BomLookupOptions {
  /** The part-number column by its header or letters; else the region's selection, else the BOM's own look. */
  column?: NamedColumn;
  /** Language of the data asked of the service. */
  lang?: Lang;
  signal?: AbortSignal;
  /** The language and shell a BOM not found is said for (its `said`). */
  say?: SayIn;
  /** Called before the lookup with the number of distinct part numbers. */
  onLookup?: (count: number) => void;
  /** The summary suggests parts: a generic BOM's picked Value column is its input (LocateOptions). */
  describedParts?: boolean;
}

/** The located BOM, its rows and what the lookup found for each distinct part number. */
export interface LookedUpBom {
  ok: true;
  bom: LocatedBom;
  /** The rows as planSets and summaryRowsOf take them. */
  bomRows: PlanningRows;
  set: EnrichSet;
  /** The distinct part numbers asked for. */
  inputs: string[];
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** The Changes cells an earlier enrichment wrote, one per BOM row ('' for none), when the BOM has that column. */
  changes?: string[];
}

/** A BOM located and read, before its lookup: several BOMs can be looked up at once for the union of their `inputs`. */
export type ReadBom = Omit<LookedUpBom, 'outcomes'>;

/** The language and shell that say why no BOM was found. */
export interface SayIn {
  lang?: Lang;
  shell: LocateShell;
}

/** A BOM not found, and in Japanese or Chinese the sentence that says why (`said`); English keeps each shell's own sentence. */
export type BomNotFound = LocateFailure & { said?: string };

/** Why no BOM was found in `say.lang`, as `say.shell` says it: a refused column or the locator's fact; undefined in English. */
function sayNotFound(failure: LocateFailure, say: SayIn | undefined): BomNotFound {
  const lang = say?.lang;
  if (!say || lang === undefined || lang === 'en') return failure;
  const said = failure.refusal ? describeRefusal(failure.refusal, lang) : describeLocateFact(failure, lang, say.shell);
  return said === undefined ? failure : { ...failure, said };
}

/** Locates the BOM of `document` as an enrichment does; when none is found, why, in the language of `say`. */
export async function findBom(document: BomDocument, column?: NamedColumn, say?: SayIn, locate: LocateOptions = {}): Promise<LocatedBom | BomNotFound> {
  const bom = await locateBom(document, column, locate);
  return bom.ok ? bom : sayNotFound(bom, say);
}

/** Locates the BOM of `document` and reads its rows and part numbers; a BomNotFound when no BOM is found. */
export async function readBom(document: BomDocument, column?: NamedColumn, say?: SayIn, locate: LocateOptions = {}): Promise<ReadBom | BomNotFound> {
  const bom = await findBom(document, column, say, locate);
  if (!bom.ok) return bom;
  const { layout, region, headers, headerOrigin } = bom;
  const rowCount = layout.lastRow - layout.firstRow + 1;
  const rows = await document.read(region.sheetName, { row: layout.firstRow, column: headerOrigin, rowCount, columnCount: region.lastColumn - headerOrigin + 1 });
  const bomRows = { headers, headerOrigin, lastColumn: region.lastColumn, rows };
  // Planned with the Changes column only, so an existing 'PartSpec: Changes' column is found by the core's own rule.
  const [set] = planSets(bomRows, layout.partColumn, withChangesColumn([]), []);
  const changesColumn = set.planned.find((p) => p.spec.special === 'changes' && p.existing);
  const changes = changesColumn && rows.map((row) => String(row[changesColumn.column - headerOrigin] ?? '').trim());
  const inputs = lookupInputs([set]);
  return { ok: true, bom, bomRows, set, inputs, ...(changes ? { changes } : {}) };
}

/** Locates the BOM of `document`, reads its rows and looks its part numbers up in one go; a BomNotFound when no BOM is found. */
export async function lookUpBom(document: BomDocument, client: BomClient, options: BomLookupOptions): Promise<LookedUpBom | BomNotFound> {
  const read = await readBom(document, options.column, options.say, { describedParts: options.describedParts });
  if (!read.ok) return read;
  options.onLookup?.(read.inputs.length);
  const outcomes: Map<string, MatchOutcome> = read.inputs.length > 0 ? await client.lookup(read.inputs, { lang: options.lang, signal: options.signal }) : new Map();
  return { ...read, outcomes };
}
