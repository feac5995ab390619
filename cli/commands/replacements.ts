import {
  DEFAULT_MAX_REPLACEMENTS,
  DIFFERS_SEPARATOR,
  MAX_REPLACEMENTS_LIMIT,
  findReplacements,
  formatFieldValue,
  readValue,
  replacementAnswerJson,
  replacementSpecFields,
  type FieldDef,
  type ReplacementAnswer,
} from '../../api/node';
import { NUMBER_FORMATS, type ColumnSpec } from '../../core/cells/columns';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, pathIn, print, readStdinLines, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { writeFileSafely } from '../../node/files/files';
import { writeTableFile } from '../../node/files/table-file';
import { formatTextTable } from '../table-text';
import type { Command } from './command';

const USAGE = `usage: partspec replacements <partno…> [options]
       partspec replacements - [options]        (part numbers from stdin, one a line)

Finds drop-in replacements In Production for parts that are ending, closest first: the maker's
own alternatives (marked), then tighter-or-equal tolerance, equal-or-higher max operating
temperature, AEC-Q200 kept, smaller thickness, same package type. A replacement matches the
original on:
  SMD capacitors     Capacitance, SizecodeMm, TemperatureCharacteristics, RatedVoltageClass,
                     RatedVoltage at least the original's
  leaded capacitors  Capacitance, LeadSpace, TemperatureCharacteristics, RatedVoltageClass,
                     RatedVoltage at least the original's
  inductors          Inductance, SizecodeMm, RatedCurrentItemp at least, Rdc at most the original's
(each where the original has a value). Each candidate says where it differs from the original.
Parts that share these values share one search.

Options:
  --max N               candidates per part, 1 to ${MAX_REPLACEMENTS_LIMIT} (default ${DEFAULT_MAX_REPLACEMENTS})
  --strict              also require equal tolerance and package type
  --json                JSON on stdout: one object per input, in input order
  --out FILE            .json, .csv or .xlsx instead of stdout
${CONNECTION_HELP}

Exit codes: 0 every part has a replacement, 1 some have none or were not found, 2 usage,
3 API, auth or network error.`;

/** The spec columns of a flat file: every judged field of the groups present, once, in rule order. */
function specFieldsOf(answers: readonly ReplacementAnswer[]): FieldDef[] {
  const groups = [...new Set(answers.flatMap((a) => (a.original ? [a.original.group] : [])))];
  const fields = groups.flatMap(replacementSpecFields);
  return fields.filter((f, i) => fields.findIndex((g) => g.key === f.key) === i);
}

/** One row per candidate (or one row saying why there is none), for the terminal and for files. */
function flatRows(answers: readonly ReplacementAnswer[], specs: readonly FieldDef[]): { header: string[]; rows: string[][] } {
  const header = ['Input', 'Original', 'Original status', 'Rank', 'Replacement', 'Status', ...specs.map((f) => f.name), 'Maker alternative', 'Differs in'];
  const rows: string[][] = [];
  for (const a of answers) {
    const head = [a.input, a.original?.partno ?? '', a.original ? String(readValue(a.original, 'Status') ?? '') : ''];
    if (a.candidates.length === 0) {
      rows.push([...head, '', '', '', ...specs.map(() => ''), '', a.message ?? '']);
      continue;
    }
    a.candidates.forEach((c, i) => {
      const p = c.product;
      const specTexts = specs.map((f) => {
        const v = readValue(p, f.key);
        return v === undefined ? '' : formatFieldValue(f, v);
      });
      rows.push([...head, String(i + 1), p.partno, String(readValue(p, 'Status') ?? ''), ...specTexts, c.makerAlternative ? 'yes' : '', c.differs.join(DIFFERS_SEPARATOR)]);
    });
    if (a.total > a.candidates.length) rows.push([...head, '', `… ${a.total - a.candidates.length} more (raise --max)`, '', ...specs.map(() => ''), '', '']);
  }
  return { header, rows };
}

const textColumn = (header: string, i: number): ColumnSpec => ({ id: `replacements-${i}`, header, kind: 'text', numberFormat: NUMBER_FORMATS.text });

export const replacementsCommand: Command = {
  name: 'replacements',
  summary: 'drop-in replacements In Production for parts that are ending',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(
      argv,
      { ...CONNECTION_OPTIONS, max: { type: 'string' }, strict: { type: 'boolean' }, json: { type: 'boolean' }, out: { type: 'string' } },
      { min: 1, max: Infinity, name: 'part numbers (or - to read them from stdin)' },
    );
    const inputs = flags.positionals.length === 1 && flags.positionals[0] === '-' ? await readStdinLines(context) : flags.positionals;
    if (inputs.length === 0) throw new UsageError('No part numbers were given.');
    const max = flags.integer('max', 1, MAX_REPLACEMENTS_LIMIT) ?? DEFAULT_MAX_REPLACEMENTS;
    const out = flags.string('out');
    const format = out === undefined ? undefined : /\.json$/i.test(out) ? 'json' : /\.(csv|xlsx)$/i.test(out) ? 'table' : undefined;
    if (out !== undefined && !format) throw new UsageError(`--out ${out}: the file must end in .json, .csv or .xlsx.`);
    const { client, config } = connect(context, flags);
    context.progress.update('Looking for replacements', 0);
    const { answers, stats } = await findReplacements(client, inputs, { max, strict: flags.bool('strict'), lang: config.lang, signal: context.signal });
    context.progress.clear();
    const list = [...answers.values()];

    if (format === 'json' || (flags.bool('json') && out === undefined)) {
      const text = `${JSON.stringify(list.map(replacementAnswerJson), null, 2)}\n`;
      if (out) await writeFileSafely(pathIn(context, out), text);
      else await print(context, text);
    } else {
      const { header, rows } = flatRows(list, out ? specFieldsOf(list) : []);
      if (out) await writeTableFile(pathIn(context, out), header.map(textColumn), rows, { sheetName: 'Replacements', about: [['Inputs', inputs.length], ['Language', config.lang], ['Strict', flags.bool('strict') ? 'yes' : 'no'], ['Searches', stats.groups + stats.nearMissSearches]], stdout: context.stdout });
      else await print(context, formatTextTable(header, rows));
    }

    const without = list.filter((a) => a.candidates.length === 0);
    for (const a of without) context.note(`${a.input}: ${a.message ?? 'no replacement'}`);
    if (out) context.note(`${list.length - without.length} of ${list.length} parts have a replacement; written to ${out}.`);
    return without.length > 0 ? EXIT.partial : EXIT.ok;
  },
};
