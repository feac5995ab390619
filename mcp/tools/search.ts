import { z } from 'zod';
import { CATEGORY_IDS, getFilterField, quote, where, type ProductRecord } from '../../api/node';
import { defaultSearchFields } from '../../api/vocabulary/key-fields';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRow } from '../../core/cells/rows';
import { jsonValue } from '../../ooxml/cells';
import { parseFieldList } from '../../node/args';
import { counted, defineTool } from '../tool';
import { FIELDS_INPUT } from './inputs';
import { SEARCH_OUTPUT } from './outputs';
import { CURSOR_REFUSED, decodeCursor, encodeCursor, MAX_CURSOR_CHARS, type SearchIdentity } from './search-cursor';

/** Products per answer at most; the rest come with `next.cursor`. */
const MAX_SEARCH_LIMIT = 200;
const DEFAULT_SEARCH_LIMIT = 50;

const OPERATORS = ['eq', 'startswith', 'contains', 'ge', 'le', 'gt', 'lt'] as const;
/** A number as a user types it, with an SI prefix or unit: 100n, 4.7uF, 1e-7. */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*[A-Za-zµμΩ°℃]*$/;

const CONDITION = z.object({
  field: z
    .string({ error: 'Each condition needs a field, e.g. "Capacitance".' })
    .regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, { error: 'A field is a name such as "Capacitance" or "Status" (letters and digits).' }),
  op: z.enum(OPERATORS, { error: `op is one of ${OPERATORS.join(', ')}.` }),
  value: z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(200)).min(1).max(50)], {
    error: 'value is text, a number, true/false, or a list of texts (any of them matches).',
  }),
});

type SearchCondition = z.output<typeof CONDITION>;

/**
 * One condition in the filter language a user types (`Capacitance ge 100n`), so the service's own
 * parser and validator check it and say what is wrong in the command line's words. Field names are
 * letters and digits and every text is quoted, so no value can change the filter's shape.
 */
function conditionText(c: SearchCondition): string {
  const values = Array.isArray(c.value) ? c.value : [c.value];
  const texts = values.map(String);
  // A value holding the separator is refused as the filter builder refuses it.
  where(c.field).in(texts);
  if (c.op === 'startswith' || c.op === 'contains') return `${c.op}(${c.field},${quote(texts.join('|'))})`;
  if (typeof c.value === 'boolean' || typeof c.value === 'number') return `${c.field} ${c.op} ${String(c.value)}`;
  if (typeof c.value === 'string' && getFilterField(c.field)?.type === 'Double' && NUMBER_TEXT.test(c.value.trim())) return `${c.field} ${c.op} ${c.value.trim()}`;
  return `${c.field} ${c.op} ${quote(texts.join('|'))}`;
}

export const searchTool = defineTool({
  name: 'search',
  title: 'Search products by specification',
  description:
    "Finds the maker's products of one category that meet every condition (conditions are joined by AND), in part-number order, " +
    'with the same columns as `partspec search`. Each condition is {field, op, value}: op eq, startswith or contains for text ' +
    "(a list of values means any of them), eq/ge/le/gt/lt for numbers, which may carry an SI prefix or unit (\"100n\", \"4.7uF\", 50). " +
    'Example: [{"field":"Capacitance","op":"ge","value":"100n"},{"field":"RatedVoltage","op":"ge","value":50},{"field":"Status","op":"eq","value":"In Production"}]. ' +
    'Conditions are checked before anything is fetched; a wrong field or value is answered with a sentence naming it. ' +
    'At most `limit` products are returned; when more match, `next.cursor` continues the list after the last product returned ' +
    '(send it with the same category and conditions; `fields` and `limit` may change). A page at any depth costs the same as the first.',
  input: {
    category: z.enum(CATEGORY_IDS, { error: `category is one of ${CATEGORY_IDS.join(', ')}.` }).describe('The product category.'),
    conditions: z.array(CONDITION).max(20, { error: 'At most 20 conditions.' }).default([]).describe('Conditions, all of which a product meets.'),
    fields: FIELDS_INPUT.describe("Columns to return (FIELD or FIELD:UNIT); default: part number, status and the category's key specs."),
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT, { error: `limit is 1 to ${MAX_SEARCH_LIMIT}.` }).default(DEFAULT_SEARCH_LIMIT).describe(`Products per answer, 1 to ${MAX_SEARCH_LIMIT}.`),
    cursor: z.string().max(MAX_CURSOR_CHARS, { error: CURSOR_REFUSED }).optional().describe('next.cursor of the previous answer, to continue.'),
  },
  output: SEARCH_OUTPUT,
  async run(args, context) {
    const filter = args.conditions.map(conditionText).join(' and ');
    const identity: SearchIdentity = { category: args.category, filter, lang: context.lang };
    const position = args.cursor === undefined ? undefined : decodeCursor(args.cursor, identity);
    const offset = position?.shown ?? 0;
    const columns = buildImportColumns(parseFieldList(args.fields ?? []) ?? defaultSearchFields(args.category).map((f) => f.key));
    // The walk resumes after the cursor's part number: one page's calls at any depth.
    const pages = context.client.harvestPages(
      { category: args.category, filter: filter === '' ? undefined : filter, lang: context.lang },
      { max: args.limit, startAfter: position?.after, alphabet: position?.alphabet, signal: context.signal },
    );
    const shown: ProductRecord[] = [];
    for await (const page of pages) for (const product of page) if (shown.length < args.limit) shown.push(product);
    const more = pages.hasMoreHits || shown.length < pages.products;
    const rows = shown.map((p) => {
      const row = buildProductRow(p, columns);
      return Object.fromEntries(columns.map((c, i) => [c.header, jsonValue(row[i], c.kind)]));
    });
    const structured: Record<string, unknown> = { category: args.category, filter, products: rows, more };
    if (more && shown.length > 0) {
      structured.next = { cursor: encodeCursor(identity, { after: shown[shown.length - 1].partno, shown: offset + shown.length, alphabet: pages.alphabet }) };
    }
    const text = `${counted(rows.length, 'product')} of ${args.category}${offset > 0 ? ` from number ${offset + 1}` : ''}${more ? '; more match (continue with next.cursor)' : ''}.`;
    return { structured, text };
  },
});
