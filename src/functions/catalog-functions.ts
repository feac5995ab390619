import type { Client } from '../../api/client';
import type { ProductRecord } from '../../api/product';
import type { DisplayUnit } from '../../api/units';
import {
  CATEGORIES,
  DOWNLOAD_CATEGORY_IDS,
  FILTER_FIELDS,
  GROUPS,
  GROUP_LABELS,
  MAX_PRODUCTS_PER_CALL,
  VALUE_FIELDS,
  isFilterFieldUsable,
  type CategoryId,
  type FieldDef,
} from '../../api/vocabulary';
import { toCellValue, type CellValue } from '../../core/cells/cell-values';
import { headerOf, resolveFieldUnit } from '../../core/cells/columns';
import { readableColumnUnit } from '../../core/cells/datasheet';
import {
  cellText,
  checkFieldAppliesToAny,
  isBlank,
  readNameList,
  resolveCategoryArgument,
  resolveCountArgument,
  resolveFieldArgument,
  resolveLangArgument,
} from './arguments';
import { ArgumentProblem } from './errors';
import { defaultSearchFields } from '../../api/vocabulary/key-fields';
import type { FunctionsRuntime } from './runtime';

/** The PART functions about categories rather than parts: QUERY, DOWNLOADURL and FIELDS. */

/**
 * Most rows PART.QUERY returns. Excel on the web caps a result at 5 MB; a whole category
 * belongs in a table (Search & import) or the download file.
 */
const QUERY_MAX_ROWS = 20_000;

export interface SearchArguments {
  category: unknown;
  filter?: unknown;
  fields?: unknown;
  orderby?: unknown;
  max?: unknown;
  lang?: unknown;
}

async function fetchMatches(client: Client, query: Parameters<Client['search']>[0], max: number): Promise<ProductRecord[]> {
  if (max <= MAX_PRODUCTS_PER_CALL) return (await client.search(query)).products.slice(0, max);
  return (await client.harvest(query, { max })).products.slice(0, max);
}

/** A cell of PART.QUERY: a value, or a number with the format that shows its datasheet unit. */
export type SearchCell = CellValue | Excel.FormattedNumberCellValue;

/**
 * The unit of a PART.QUERY column: a custom function cannot give its cells number formats, so a
 * numeric field's column takes the one unit of its datasheet ladder in which these products'
 * values read between 1 and 999 (core/cells/datasheet.ts); other columns keep their unit.
 */
function queryColumnOf(field: FieldDef, products: readonly ProductRecord[]): { field: FieldDef; unit?: DisplayUnit } {
  const { unit, datasheet } = resolveFieldUnit(field);
  if (!datasheet) return { field, unit };
  const values = products.filter((p) => field.groups.includes(p.group)).map((p) => toCellValue(p, field));
  return { field, unit: readableColumnUnit(field, values.filter((v): v is number => typeof v === 'number')) ?? unit };
}

/**
 * PART.QUERY: a header row naming each field in the session's language and the unit its numbers
 * are in, chosen per column so they read between 1 and 999 (`Capacitance (µF)` over 10 and 4.7,
 * `Capacitance (pF)` over 100), then one row per matching product, every number in the unit its
 * header names.
 */
export async function evaluateQuery(runtime: FunctionsRuntime, args: SearchArguments): Promise<SearchCell[][]> {
  const category = resolveCategoryArgument(args.category);
  const groups = CATEGORIES[category].groups;
  const named = readNameList(args.fields).cells.filter((c) => !isBlank(c));
  const fields = named.length > 0 ? named.map(resolveFieldArgument) : defaultSearchFields(category);
  fields.forEach((f) => checkFieldAppliesToAny(f, groups));
  const filter = cellText(args.filter) || undefined;
  const orderby = cellText(args.orderby) || undefined;
  const max = resolveCountArgument(args.max, 'max', MAX_PRODUCTS_PER_CALL, QUERY_MAX_ROWS);
  const { client, lang } = await runtime.session();
  const valuesLang = resolveLangArgument(args.lang, lang);
  const products = await fetchMatches(client, { category, filter, orderby, lang: valuesLang }, max);
  if (products.length === 0) throw new ArgumentProblem('#N/A', `No ${category} products match${filter ? ` '${filter}'` : ''}`);
  const columns = fields.map((field) => queryColumnOf(field, products));
  const rows = products.map((p) => columns.map(({ field, unit }): SearchCell => (field.groups.includes(p.group) ? (toCellValue(p, field, unit) ?? '') : '')));
  return [columns.map(({ field, unit }) => headerOf(field, unit, '', valuesLang)), ...rows];
}

/** PART.DOWNLOADURL: the category's all-products link (the client keeps it until it expires). */
export async function evaluateDownloadUrl(runtime: FunctionsRuntime, args: { category: unknown; lang?: unknown }): Promise<string> {
  const category = resolveCategoryArgument(args.category, DOWNLOAD_CATEGORY_IDS);
  const { client, lang } = await runtime.session();
  const link = await client.getDownloadUrl(category, resolveLangArgument(args.lang, lang));
  return link.url;
}

/** Header of PART.FIELDS. */
const FIELD_FINDER_HEADER = ['Field', 'Key', 'Type', 'Unit', 'Applies to', 'Filter name', 'Meaning'] as const;

function appliesTo(field: FieldDef): string {
  return field.groups.length === GROUPS.length ? 'all' : field.groups.map((g) => GROUP_LABELS[g].en).join(', ');
}

function filterNameOf(field: FieldDef, category: CategoryId | undefined): string {
  const filter = FILTER_FIELDS.find((f) => f.responseKey === field.key);
  if (!filter) return '';
  return category === undefined || isFilterFieldUsable(filter, category) ? filter.name : '';
}

function meaningOf(field: FieldDef): string {
  if (field.meaning) return field.meaning;
  if (field.textOf) return `${field.textOf} as text`;
  return '';
}

/**
 * PART.FIELDS: one row per field (name, key, type, SI unit, the groups it applies to, its filter
 * name where it can be filtered, meaning), for one category or for all.
 */
function buildFieldFinder(category?: CategoryId): string[][] {
  const groups = category ? CATEGORIES[category].groups : GROUPS;
  const rows = VALUE_FIELDS.filter((f) => f.groups.some((g) => groups.includes(g))).map((f) => [
    f.name,
    f.key,
    f.type,
    f.unit ?? '',
    appliesTo(f),
    filterNameOf(f, category),
    meaningOf(f),
  ]);
  return [[...FIELD_FINDER_HEADER], ...rows];
}

/** PART.FIELDS with its optional category argument. */
export function evaluateFields(args: { category?: unknown }): string[][] {
  return buildFieldFinder(isBlank(args.category) ? undefined : resolveCategoryArgument(args.category));
}
