import { buildImportColumns } from '../../core/cells/columns';
import { DEFAULT_ENRICH_FIELDS } from '../../core/enrich/default-fields';
import { findMeantParts } from '../../core/enrich/misread-part-numbers';
import { parseFieldList } from '../../node/args';
import { lookupResultsJson } from '../../node/lookup-results';
import { counted, defineTool } from '../tool';
import { FIELDS_INPUT, MAX_PARTNOS, partnosInput } from './inputs';
import { LOOKUP_OUTPUT } from './outputs';

/** Products listed per part number (an ambiguous start can match thousands); the rest are counted. */
const MAX_PRODUCTS_PER_INPUT = 100;

export const lookupTool = defineTool({
  name: 'lookup',
  title: 'Look part numbers up',
  description:
    "Looks the maker's part numbers up with the same matching as the Excel add-in and `partspec lookup --json`: " +
    'Exact, Variant (a part number without its package code), Ambiguous (the start of several parts), Not found, Invalid. ' +
    'Returns, per distinct input, the match, a reason when not found, and each product as field → value, numbers in the unit named in the field ' +
    '(e.g. "Capacitance (µF)"). Use `fields` to choose the fields (FIELD or FIELD:UNIT, e.g. "Capacitance:nF"); ' +
    'the field vocabulary resource lists them. A part number not found one look-alike character from a real one (O for 0) is named in the text. ' +
    'For a part of another maker or a description, use find_parts when offered.',
  input: {
    partnos: partnosInput(MAX_PARTNOS),
    fields: FIELDS_INPUT,
  },
  output: LOOKUP_OUTPUT,
  async run(args, context) {
    const columns = buildImportColumns(parseFieldList(args.fields ?? []) ?? DEFAULT_ENRICH_FIELDS);
    const outcomes = await context.client.lookup(args.partnos, { lang: context.lang, signal: context.signal });
    const results = lookupResultsJson(args.partnos, outcomes, columns);
    const bounded = results.map((r) => (r.products.length > MAX_PRODUCTS_PER_INPUT ? { ...r, products: r.products.slice(0, MAX_PRODUCTS_PER_INPUT), moreProducts: r.products.length - MAX_PRODUCTS_PER_INPUT } : r));
    context.remember(bounded);
    const byMatch = new Map<string, number>();
    for (const r of results) byMatch.set(r.match, (byMatch.get(r.match) ?? 0) + 1);
    const tally = [...byMatch].map(([match, n]) => `${n} ${match}`).join(', ');
    // A number not found one look-alike character from a real one (O for 0) is named, as the command line names it.
    const notFound = [...new Set(args.partnos)].filter((p) => outcomes.get(p)?.status === 'notFound');
    const meant = await findMeantParts(notFound, (variants) => context.client.lookup(variants, { lang: context.lang, signal: context.signal }));
    const hints = [...meant].map(([input, real]) => ` '${input}' not found: did you mean '${real}'?`).join('');
    return { structured: { results: bounded }, text: `${counted(results.length, 'part number')} looked up: ${tally}.${hints}` };
  },
});
