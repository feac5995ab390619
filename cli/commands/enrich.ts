import { cellAddress } from '../../core/address';
import type { CellValue } from '../../core/cells/cell-values';
import { buildEnrichmentColumns, buildEnrichmentRows, entryText, labelSkippedRows, type EnrichSet, type MatchOutcome } from '../../core/enrich/enrich-plan';
import { comparesWithLastRun, countSet, isNotOurs, lookupInputs, planSets, withChangesColumn } from '../../core/enrich/enrich-sets';
import { lifecycleRules, matchRules } from '../../core/enrich/highlight';
import { describeRowSummary } from '../../core/bom/bom-rows';
import { defaultPreferences } from '../../src/settings/settings';
import type { Client, Lang } from '../../api/node';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFieldList, parseFlags } from '../args';
import { describeAmbiguity, describeUnaskedAlternates, locateAlternateColumn, locatePartNumbers } from '../bom-layout';
import { connect, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { openBom } from '../io/bom';
import { formatOfBom, formatOfFile } from '../io/files';
import type { Command } from './command';
import { buildReplacementColumn } from '../../src/sheets/replacement-column';
import { compareWithFile, describeFailures, parseFailOn, type ChangesOfFile } from './enrich-changes';

const USAGE = `usage: partspec enrich BOM.xlsx|BOM.xlsm|BOM.csv|BOM.tsv|BOM.txt [options] --out OUT.xlsx|OUT.csv|OUT.tsv

Adds PartSpec columns to a BOM, exactly as the add-in's enrichment does: 'PartSpec: Match'
(Exact, Variant, Ambiguous, Not found, Invalid), one 'PartSpec: <Field> (<unit>)' column per
field, and optionally risk and alternatives. Running it again on its own output updates the same
columns in place (never duplicates them); the part numbers, the BOM's other cells and sheets are
kept as they were.

Options:
  --sheet S             the worksheet (default: the first one with a part-number header)
  --column "Part Number"  the part-number column by its header (or letters, e.g. C)
                        (default: the column whose header and cells look most like the
                        maker's part numbers: headers such as Part Number, MPN, Mfr Part #,
                        メーカー品番, 型号, in any of the first 30 rows, past a title block;
                        a distributor's number (Digi-Key, Mouser, LCSC) loses to the maker's;
                        generic headers (Field2) or a header over an empty column yield to
                        the column holding part numbers, said on stderr. When two columns
                        are about as likely, both are named on stderr with two values each)
  --column MPN --column MPN2  given again: a second-source column, enriched too, with its
                        own columns 'PartSpec (MPN2): Match', 'PartSpec (MPN2): <Field>'…
                        (updated in place on a re-run); every part number of every column
                        goes into one lookup
  --fields a,b,…        fields; FIELD:UNIT converts (Capacitance:nF)
                        (default: ${defaultPreferences().enrichFields.join(',')})
  --risk                add 'PartSpec: Risk' (EOL / Risk / Watch / OK, as =PART.RISK)
  --alternatives        add 'PartSpec: Alternatives'
  --replacements        add 'PartSpec: Replacement': for rows at Risk or EOL, the best drop-in
                        replacement In Production and how many more (see partspec replacements)
  --out FILE            .xlsx (.xlsm, .xltx, .xltm for a BOM of that kind), or a text table
                        like the BOM (.csv, .tsv, .txt); may be the BOM itself, which is
                        patched and keeps everything it holds
  --fail-on changes|risk|eol  exit 4 (after writing --out) when a row changed since the
                        last run, is at Risk or EOL, or is EOL; comma-separated for
                        several; every such row is named on stderr
${CONNECTION_HELP}

Rows marked not fitted (DNP, DNF, not fitted, Not populated, 未実装…), total rows, blank rows
and, where the BOM has a Manufacturer column, other makers' parts are not looked up; the
summary line counts them, and their Match cell reads 'Not fitted' or 'Other maker'. Murata is recognised in any spelling (MURATA, Murata Manufacturing,
村田製作所, Murata(村田), ムラタ). Where the BOM has no Manufacturer column, a part not found
whose number is not in Murata's numbering (GRM…, GCM…, LQM…, DFE…) is counted in the summary
line, not named; a not-found part in Murata's numbering (a typo, most likely) is named.

Text BOMs (.csv, .tsv, .txt) are read in UTF-8 (with or without a byte-order mark), UTF-16LE or
UTF-16BE with a byte-order mark, or, when the bytes are not UTF-8, Windows-1252 (said on stderr);
the delimiter is found among comma, semicolon and tab. They are written back the way they came:
the same encoding and byte-order mark, delimiter, line ends and quoting (a .tsv --out is
tab-separated).

xlsx output keeps text as text (a value starting with = stays text), numbers numeric, dates as
dates, links as hyperlinks. In CSV output, text PartSpec writes that starts with = + - @ (or a
tab or carriage return) gets a leading ' (the usual CSV-injection defence); the BOM's own cells
are written back as they were read.

Workbooks (.xlsx, .xlsm, .xltx, .xltm) are patched, never rewritten: only the PartSpec cells,
the strings and formats they need, their hyperlinks, highlights and widths change; every other
part (charts, pivot tables, macros, form controls, printer settings, other sheets, …) and every
other element of the sheet is kept byte for byte, so --out the BOM itself keeps everything. New
columns go right of everything on the sheet (values, notes, validations, merges, tables,
drawings). .xlsm and templates keep their kind; written to a new .xlsx, an .xlsm's macros are
named on stderr as not carried over. Refused (exit 2, the file unchanged, one sentence):
encrypted workbooks, .xlsb and .xls, and a PartSpec column that would fall inside a pivot table
(or a new one inside a table). Every file is written to a temporary file beside it and renamed
into place.

Run on its own output, enrich compares each value it overwrites with the one there (numbers by
value in the column's unit, dates as dates, lists as sets) and writes 'PartSpec: Changes':
'Status In Production → NRND; LastBuyDate — → 2027-03-31' (a blank shown as —; a value PartSpec
could not have written is marked '(edited by hand)'). In xlsx output changed cells are filled;
the fill of the last run is cleared first.

Exit codes: 0 every part matched, 1 some rows not found or invalid (named on stderr, or
counted as not in Murata's numbering),
2 usage or file error, 3 API, auth or network error (nothing is written), 4 --fail-on found a
row (the output is written; the rows are named on stderr).`;

/** The Replacement cells of the rows at Risk or EOL; a failed search is named in each of them and on stderr. */
async function replacementCells(client: Client, inputs: readonly string[], outcomes: ReadonlyMap<string, MatchOutcome>, today: Date, lang: Lang, context: CommandContext): Promise<Map<string, string>> {
  context.progress.update('Looking for replacements', 0);
  const { cells, answers } = await buildReplacementColumn(client, { inputs, outcomes, today, lang, signal: context.signal });
  context.progress.clear();
  if (cells.size > 0 && answers.size === 0) context.note(`Replacements: ${[...cells.values()][0]}`);
  return cells;
}

/**
 * One lookup for the whole BOM, as the add-in does: the client packs every part number into the
 * fewest URLs and runs them concurrently; splitting the BOM would cost requests and parallelism.
 */
async function lookupAll(client: Client, inputs: readonly string[], lang: Lang, context: CommandContext): Promise<Map<string, MatchOutcome>> {
  context.progress.update('Looking up', 0, inputs.length);
  const outcomes: Map<string, MatchOutcome> = await client.lookup([...inputs], { lang, signal: context.signal });
  context.progress.update('Looking up', inputs.length, inputs.length);
  return outcomes;
}

/** A part-number column's set (the first column's, or a second source's) and, for the first, what changed since the last run. */
interface SourceSet extends EnrichSet {
  changes?: ChangesOfFile;
}

export const enrichCommand: Command = {
  name: 'enrich',
  summary: 'add PartSpec columns to a BOM (.xlsx or .csv), as the add-in does',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(
      argv,
      { ...CONNECTION_OPTIONS, sheet: { type: 'string' }, column: { type: 'string', multiple: true }, fields: { type: 'string', multiple: true }, risk: { type: 'boolean' }, alternatives: { type: 'boolean' }, replacements: { type: 'boolean' }, out: { type: 'string' }, 'fail-on': { type: 'string', multiple: true } },
      { min: 1, max: 1, name: 'the BOM file' },
    );
    const input = flags.positionals[0];
    formatOfBom(input);
    const columns = flags.list('column');
    if (columns.some((c) => c.trim() === '')) throw new UsageError('--column needs a header (e.g. --column MPN) or column letters (--column E).');
    const [column, ...alternateColumns] = columns;

    const out = flags.required('out');
    formatOfFile(out, '--out', { bom: true });
    const specs = buildEnrichmentColumns({ fields: parseFieldList(flags.list('fields')) ?? defaultPreferences().enrichFields, risk: flags.bool('risk'), alternatives: flags.bool('alternatives'), replacements: flags.bool('replacements') });
    const failOn = parseFailOn(flags.list('fail-on').join(','));
    const { client, config } = connect(context, flags);

    const bom = await openBom(input, (message) => context.note(message));
    await bom.checkTarget(out);
    const wantedSheet = flags.string('sheet');
    if (wantedSheet !== undefined && !bom.sheetNames.includes(wantedSheet)) {
      throw new UsageError(`${input} has no sheet '${wantedSheet}'; it has ${bom.sheetNames.map((n) => `'${n}'`).join(', ')}.`, { showUsage: false });
    }
    let sheetName = wantedSheet ?? bom.sheetNames[0];
    let layout;
    if (wantedSheet === undefined && bom.sheetNames.length > 1) {
      // The first sheet whose part numbers can be found (the first may be prose); the first sheet's problem if none.
      let firstError: unknown;
      for (const name of bom.sheetNames) {
        try {
          layout = locatePartNumbers(bom.values(name), column, name);
          sheetName = name;
          break;
        } catch (error) {
          firstError ??= error;
        }
      }
      if (!layout) throw firstError;
    } else {
      layout = locatePartNumbers(bom.values(sheetName), column, sheetName);
    }
    const values = bom.values(sheetName);
    const alternates = alternateColumns.map((c) => locateAlternateColumn(values, layout, c, sheetName));
    // New columns go right of everything on the sheet: notes, validations, merges, tables and drawings too.
    const width = Math.max(0, ...values.map((r) => r.length), bom.occupiedWidth?.(sheetName) ?? 0);
    const headers = Array.from({ length: width }, (_, i) => values[layout.headerRow]?.[i]);
    // DNP, total and blank rows, and other makers' parts where the BOM names makers, are never looked up.
    const rows = Array.from({ length: layout.lastRow - layout.firstRow + 1 }, (_, i) => values[layout.firstRow + i] ?? []);
    const bomRows = { headers, headerOrigin: 0, lastColumn: width - 1, rows };
    let sets: SourceSet[] = planSets(bomRows, layout.partColumn, specs, alternates);
    if (comparesWithLastRun(sets[0].planned)) sets = planSets(bomRows, layout.partColumn, withChangesColumn(specs), alternates);

    if (layout.note) context.note(`Sheet '${sheetName}': ${layout.note}`);
    const ambiguity = describeAmbiguity(layout);
    if (ambiguity) context.note(`Sheet '${sheetName}': ${ambiguity}`);
    const unasked = column === undefined ? describeUnaskedAlternates(values, layout) : undefined;
    if (unasked) context.note(`Sheet '${sheetName}': ${unasked}`);
    for (const set of sets) {
      context.note(
        `Sheet '${sheetName}': ${set.source === undefined ? 'part numbers' : 'second-source part numbers'} in ${cellAddress(layout.firstRow, set.partColumn)}:${cellAddress(layout.lastRow, set.partColumn)} ${String(headers[set.partColumn] ?? '').trim() === '' ? 'under an empty header' : `under '${String(headers[set.partColumn])}'`}.`,
      );
    }

    // One lookup for every set: the client packs all part numbers into the fewest URLs.
    const inputs = lookupInputs(sets);
    const outcomes = await lookupAll(client, inputs, config.lang, context);
    const today = new Date();
    const replacements = flags.bool('replacements') ? await replacementCells(client, inputs, outcomes, today, config.lang, context) : undefined;
    for (const set of sets) {
      const rows = buildEnrichmentRows({ entries: set.entries, outcomes, columns: set.planned.map((p) => p.spec), mode: 'values', today, partColumn: set.partColumn, firstRow: layout.firstRow, replacements });
      labelSkippedRows(set, rows);
      set.changes = set.source === undefined && set.planned.some((p) => p.spec.special === 'changes') ? compareWithFile(values, headers, set.planned, rows, layout.firstRow, set.entries) : undefined;
      set.planned.forEach((p, c) => {
        const highlight = p.spec.special === 'risk' ? lifecycleRules() : p.spec.special === 'match' ? matchRules() : undefined;
        bom.writeColumn(sheetName, { column: p.column, headerRow: layout.headerRow, spec: p.spec, existing: p.existing, firstRow: layout.firstRow, cells: rows.map((r): CellValue => r[c]), highlight, changed: set.changes?.fills[c] });
      });
    }
    context.progress.update('Writing', 0, 1);
    const notCarried = await bom.save(out, sheetName);
    context.progress.clear();
    for (const what of notCarried) context.note(`${out}: not carried over from ${input}: ${what}.`);

    let problems = 0;
    const summaries = sets.map((set) => {
      problems += reportRows(set, values, layout.firstRow, outcomes, (line) => context.note(line));
      const { counts, kinds, notOurs } = countSet(set, bomRows, outcomes);
      return describeRowSummary({ rows: set.entries.length, ...counts, notOurs, kinds, makerHeader: set.makerColumn === undefined ? undefined : String(headers[set.makerColumn]) });
    });
    const allPlanned = sets.flatMap((s) => s.planned);
    const updated = allPlanned.filter((p) => p.existing).length;
    context.note(`${summaries[0]}. ${allPlanned.length} columns (${updated} updated in place) written to ${out}.`);
    sets.slice(1).forEach((set, i) => context.note(`Second source '${set.source}': ${summaries[i + 1]}.`));
    const changes = sets[0].changes;
    if (changes) {
      const n = changes.report.changedRows.length;
      const edits = changes.report.edits > 0 ? ` (${changes.report.edits} edited by hand)` : '';
      context.note(`${n} ${n === 1 ? 'row' : 'rows'} changed since the last run${edits}${n > 0 ? ": see 'PartSpec: Changes'" : ''}.`);
    }
    if (failOn.size > 0) {
      const found = sets.flatMap((set) => describeFailures({ failOn, entries: set.entries, outcomes, changes: set.changes?.report, firstRow: layout.firstRow, today, source: set.source }));
      for (const line of found) context.note(line);
      if (found.length > 0) {
        context.note(`--fail-on ${[...failOn].join(',')}: ${found.length} ${found.length === 1 ? 'finding' : 'findings'}; exit ${EXIT.failOn}.`);
        return EXIT.failOn;
      }
    }
    return problems > 0 ? EXIT.partial : EXIT.ok;
  },
};

/**
 * Names on stderr each row of a set that was ambiguous, invalid or not found, except a not-found
 * part that is neither named as our maker's nor in our maker's numbering (another maker's, most
 * likely): those are only counted (countSet). Returns how many failed at all.
 */
function reportRows(set: SourceSet, values: readonly (readonly unknown[])[], firstRow: number, outcomes: ReadonlyMap<string, MatchOutcome>, note: (line: string) => void): number {
  let failed = 0;
  const where = set.source === undefined ? '' : ` (${set.source})`;
  set.entries.forEach((entry, i) => {
    const text = entryText(entry);
    const outcome = text === undefined ? undefined : outcomes.get(text);
    if (!outcome || outcome.status === 'exact' || outcome.status === 'variant') return;
    const row = firstRow + i + 1;
    if (outcome.status === 'ambiguous') {
      note(`Row ${row}${where}: '${text}' is ambiguous${outcome.reason ? `: ${outcome.reason}` : ''}`);
      return;
    }
    failed++;
    if (outcome.status === 'notFound') {
      const maker = set.makerColumn === undefined ? undefined : values[firstRow + i]?.[set.makerColumn];
      if (isNotOurs(text, maker)) return;
    }
    note(`Row ${row}${where}: '${text}' ${outcome.status === 'notFound' ? 'not found' : `is invalid${outcome.reason ? `: ${outcome.reason}` : ''}`}`);
  });
  return failed;
}
