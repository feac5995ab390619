import type { LookupOutcome } from '../../api/node';
import { buildImportColumns } from '../../core/cells/columns';
import { matchLabel } from '../../core/enrich/enrich-plan';
import { buildProductRow } from '../../core/cells/rows';
import { DEFAULT_ENRICH_FIELDS } from '../../core/enrich/default-fields';
import { findMeantParts } from '../../core/enrich/misread-part-numbers';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, print, readStdinLines, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { plainText } from '../../ooxml/cells';
import { lookupResultsJson } from '../../node/lookup-results';
import { formatTextTable } from '../table-text';
import type { Command } from './command';
import { parseFieldList } from '../../node/args';
import { describeUncoveredSeries } from '../../core/bom/maker-numbering';
import { lookupReasonIn } from '../../core/enrich/reason-words';
import { NOTE_WORDS } from '../note-words';

const USAGE = `usage: partspec lookup <partno…> [options]
       partspec lookup - [options]        (part numbers from stdin, one a line)

Looks part numbers up with the same matching as the add-in: Exact, Variant (a part number
without its package code), Ambiguous (the start of several parts), Not found, Invalid.

Options:
  --fields a,b,…        fields to show; FIELD:UNIT converts (Capacitance:nF)
                        (default: the add-in's enrichment fields)
  --json                JSON on stdout instead of a table
${CONNECTION_HELP}

Exit codes: 0 all found, 1 some not found or invalid, 2 usage, 3 API, auth or network error.`;


/** Products shown per part number in the table (JSON has all of them). */
const TABLE_PRODUCTS_PER_INPUT = 10;

export const lookupCommand: Command = {
  name: 'lookup',
  summary: 'look part numbers up: a table on stdout, or JSON',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, fields: { type: 'string', multiple: true }, json: { type: 'boolean' } }, { min: 1, max: Infinity, name: 'part numbers (or - to read them from stdin)' });
    const inputs = flags.positionals.length === 1 && flags.positionals[0] === '-' ? await readStdinLines(context) : flags.positionals;
    if (inputs.length === 0) throw new UsageError('No part numbers were given.');
    const choices = parseFieldList(flags.list('fields')) ?? DEFAULT_ENRICH_FIELDS;
    // Fields and units are checked before the key is.
    buildImportColumns(choices);
    const { client, config } = connect(context, flags);
    const columns = buildImportColumns(choices, config.lang);
    const outcomes = await client.lookup(inputs, { lang: config.lang, signal: context.signal });
    const unique = [...new Set(inputs)];
    const results = unique.map((input) => ({ input, outcome: outcomes.get(input) as LookupOutcome }));

    if (flags.bool('json')) {
      await print(context, `${JSON.stringify(lookupResultsJson(inputs, outcomes, columns), null, 2)}\n`);
    } else {
      const rows: string[][] = [];
      const headers = NOTE_WORDS[config.lang].lookupHeaders;
      for (const { input, outcome } of results) {
        const label = matchLabel(outcome, input, config.lang);
        if (outcome.products.length === 0) {
          rows.push([input, label, ...columns.map(() => ''), lookupReasonIn(outcome.reason, config.lang) ?? '']);
          continue;
        }
        outcome.products.slice(0, TABLE_PRODUCTS_PER_INPUT).forEach((p, i) => {
          const values = buildProductRow(p, columns);
          const texts = values.map((v, c) => plainText(v, columns[c].kind));
          rows.push([i === 0 ? input : '', i === 0 ? label : '', ...texts, i === 0 ? (lookupReasonIn(outcome.reason, config.lang) ?? '') : '']);
        });
        const more = outcome.products.length - TABLE_PRODUCTS_PER_INPUT;
        if (more > 0) rows.push(['', '', ...columns.map(() => ''), NOTE_WORDS[config.lang].lookupMore(more)]);
      }
      await print(context, formatTextTable([headers.input, headers.match, ...columns.map((c) => c.header), headers.note], rows));
    }

    const problems = results.filter(({ outcome }) => outcome.status === 'notFound' || outcome.status === 'invalid');
    const meant = await findMeantParts(problems.filter(({ outcome }) => outcome.status === 'notFound').map(({ input }) => input), (variants) => client.lookup(variants, { lang: config.lang, signal: context.signal }));
    for (const { input, outcome } of problems) {
      const reason = (outcome.status === 'notFound' ? describeUncoveredSeries(input, config.lang) : undefined) ?? lookupReasonIn(outcome.reason, config.lang);
      context.note(NOTE_WORDS[config.lang].lookupProblem(input, outcome.status === 'notFound', reason, meant.get(input)));
    }
    return problems.length > 0 ? EXIT.partial : EXIT.ok;
  },
};
