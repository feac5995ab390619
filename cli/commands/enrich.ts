import type { Lang } from '../../api/vocabulary';
import { describeRefusal } from '../../core/enrich/refusal-words';
import { describeLocateFact } from '../../core/enrich/locate-words';
import { checkWords } from '../../core/rules/check-words';
import { cellAddress } from '../../core/address';
import { buildEnrichmentColumns, type EnrichSet } from '../../core/enrich/enrich-plan';
import { runEnrichment } from '../../core/enrich/run-enrichment';
import type { LocatedBom, LocateFailure } from '../../core/enrich/locate';
import { DEFAULT_ENRICH_FIELDS } from '../../core/enrich/default-fields';
import { noteChecks, rulesOf, RULES_HELP, checkThreshold } from './rules-flags';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { describeAmbiguity, describeUnaskedAlternates } from '../bom-layout';
import { NOTE_WORDS } from '../note-words';
import { describeLayoutNotice } from '../../core/bom/layout-notes';
import { connect, pathIn, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { checkBomOutput, formatOfBom } from '../../node/files/files';
import type { Command } from './command';
import { parseFieldList } from '../../node/args';
import { describeSyntheticAnswers } from '../../core/cells/synthetic';
import { isRequestBoundError } from '../../core/find/request-plan';
import { describeFailures, describeProblemRows, parseFailOn } from './enrich-changes';
import { describeRowSummary } from '../../core/bom/bom-rows';
import { RUN_WORDS, type RunWords } from '../run-words';

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
                        (default: ${DEFAULT_ENRICH_FIELDS.join(',')})
  --risk                add 'PartSpec: Risk' (EOL / Risk / Watch / Unknown / OK, as =PART.RISK;
                        in the --lang language: 生産終了, リスクあり… / 停产, 有风险…)
  --alternatives        add 'PartSpec: Alternatives'
  --replacements        add 'PartSpec: Replacement': for rows at Risk or EOL, the best drop-in
                        replacement In Production and how many more (see partspec replacements)
  --suggest             add 'PartSpec: Suggested': for rows with no maker part number (a
                        value, a description) or another maker's, the maker's best part and
                        why, or why there is none (see partspec suggest); stderr states
                        the run's request plan (the lookups, then the suggestions for
                        every row that may be asked about) before its first request
  --max-requests N      with --suggest: the run sends at most N requests, lookups and
                        suggestions together; a plan over N stops the run before its
                        first request and writes nothing (exit 2). Not with --replacements
  --out FILE            .xlsx (.xlsm, .xltx, .xltm for a BOM of that kind), or a text table
                        like the BOM (.csv, .tsv, .txt); may be the BOM itself, which is
                        patched and keeps everything it holds
  --fail-on changes|risk|eol  exit 4 (after writing --out) when a row changed since the
                        last run, is at Risk or EOL, or is EOL; comma-separated for
                        several; every such row is named on stderr
  --checks              add 'PartSpec: Checks': each line judged by the team's BOM rules,
                        its worst level (Fatal, Error, Warning, OK) and every check that
                        fired, filled in the level's colour in a workbook; --rules and a
                        --fail-on level add it too
${RULES_HELP}
${CONNECTION_HELP}

Rows marked not fitted (DNP, DNF, not fitted, Not populated, 未実装…), total rows, blank rows
and, where the BOM has a Manufacturer column, other makers' parts are not looked up; the
summary line counts them, and their Match cell reads 'Not fitted' or 'Other maker'. Murata is recognised in any spelling (MURATA, Murata Manufacturing,
村田製作所, Murata(村田), ムラタ). Where the BOM has no Manufacturer column, a part not found
whose number is not in Murata's numbering (GRM…, GCM…, LQM…, DFE…) is counted in the summary
line, not named; a not-found part in Murata's numbering (a typo, most likely) is named.

Text BOMs (.csv, .tsv, .txt) are read in UTF-8 (with or without a byte-order mark), UTF-16LE or
UTF-16BE (with or without one), or, when the bytes are not UTF-8, Shift_JIS or Windows-1252 (said
on stderr); the delimiter is found among comma, semicolon, tab and bar. They are written back the
way they came: every original line byte for byte with its own line end, the new columns after it
(a .tsv --out is tab-separated). An unclosed quote (its line named) or odd-length UTF-16 is refused.

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
2 usage or file error (or the run's plan over --max-requests; nothing is sent or written), 3 API, auth or network error (nothing is written), 4 --fail-on found a
row (the output is written; the rows are named on stderr), 130 cancelled with Ctrl-C (--out is
not written: it keeps what it had).`;

/** The sentence for a BOM or column that was not found, as the command line says it, in `lang`. */
function locateError(failure: LocateFailure, lang: Lang): UsageError {
  const message =
    (failure.refusal ? undefined : describeLocateFact(failure, lang, 'cli')) ??
    (failure.kind === 'empty'
      ? `The sheet '${failure.sheetName}' is empty.`
      : failure.kind === 'column'
        ? failure.refusal ? describeRefusal(failure.refusal, lang) : failure.message
        : `Sheet '${failure.sheetName}': ${failure.message.replace(/select the part numbers \(one column\), or name/, 'give --column, or name')}`);
  return new UsageError(message, { showUsage: false });
}

/** What the run found before looking up, on stderr: how the column was found, a close runner-up, unasked second sources, where each set's part numbers are. */
function noteLayout(bom: LocatedBom, sets: readonly EnrichSet[], named: boolean, values: readonly (readonly unknown[])[], note: (line: string) => void, words: RunWords, lang: Lang): void {
  const { layout, region, headers } = bom;
  const onSheet = (text: string): void => note(NOTE_WORDS[lang].onSheet(region.sheetName, text));
  if (layout.notice) onSheet(describeLayoutNotice(layout.notice, lang));
  const ambiguity = describeAmbiguity(layout, lang);
  if (ambiguity) onSheet(ambiguity);
  const unasked = named ? undefined : describeUnaskedAlternates(values, layout, lang);
  if (unasked) onSheet(unasked);
  for (const set of sets) {
    const header = String(headers[set.partColumn - bom.headerOrigin] ?? '');
    const where = `${cellAddress(layout.firstRow, set.partColumn)}:${cellAddress(layout.lastRow, set.partColumn)}`;
    note(words.partNumbersIn(region.sheetName, set.source !== undefined, where, header));
  }
}

export const enrichCommand: Command = {
  name: 'enrich',
  summary: 'add PartSpec columns to a BOM (.xlsx or .csv), as the add-in does',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(
      argv,
      { ...CONNECTION_OPTIONS, sheet: { type: 'string' }, column: { type: 'string', multiple: true }, fields: { type: 'string', multiple: true }, risk: { type: 'boolean' }, alternatives: { type: 'boolean' }, replacements: { type: 'boolean' }, suggest: { type: 'boolean' }, 'max-requests': { type: 'string' }, out: { type: 'string' }, 'fail-on': { type: 'string', multiple: true }, checks: { type: 'boolean' }, rules: { type: 'string' } },
      { min: 1, max: 1, name: 'the BOM file' },
    );
    const input = flags.positionals[0];
    const format = formatOfBom(pathIn(context, input));
    const columns = flags.list('column');
    if (columns.some((c) => c.trim() === '')) throw new UsageError('--column needs a header (e.g. --column MPN) or column letters (--column E).');
    const [column, ...alternateColumns] = columns;

    const out = flags.required('out');
    const target = checkBomOutput(input, pathIn(context, out));
    const failOn = parseFailOn(flags.list('fail-on').join(','));
    const threshold = checkThreshold(failOn);
    const rulesFile = flags.nonEmpty('rules', '--rules needs a rules file (JSON; see docs/bom-rules.md).');
    const checks = flags.bool('checks') || rulesFile !== undefined || threshold !== undefined;
    const chosen = { fields: parseFieldList(flags.list('fields')) ?? DEFAULT_ENRICH_FIELDS, risk: flags.bool('risk'), alternatives: flags.bool('alternatives'), replacements: flags.bool('replacements'), suggest: flags.bool('suggest'), checks };
    // Fields, units and the rules file are checked before the key is.
    buildEnrichmentColumns(chosen);
    const rules = checks ? rulesOf(context, rulesFile) : undefined;
    const maxRequests = flags.integer('max-requests', 0, Number.MAX_SAFE_INTEGER);
    if (maxRequests !== undefined && !flags.bool('suggest')) throw new UsageError('--max-requests bounds the searches of --suggest: give --suggest too.');
    if (maxRequests !== undefined && flags.bool('replacements')) throw new UsageError("--max-requests cannot bound --replacements' searches (a group's harvest is not known before it runs): leave one of them out.");
    const { client, config } = connect(context, flags);
    const specs = buildEnrichmentColumns({ ...chosen, lang: config.lang });

    const bom = await openBom({ file: pathIn(context, input), format, out: target, lang: config.lang }, (message) => context.note(message));
    const wantedSheet = flags.string('sheet');
    const today = new Date();
    const lang = config.lang;
    const words = RUN_WORDS[lang];
    // Ctrl-C writes nothing: --out keeps what it had, as a cancelled run in the add-in leaves the rows it did not reach.
    const cancelled = (): number => {
      context.progress.clear();
      context.note(words.cancelled(out));
      return EXIT.interrupted;
    };
    const run = await runEnrichment(bom.searchIn(wantedSheet), client, {
      columns: specs,
      column: column === undefined ? undefined : { name: column },
      alternates: alternateColumns.map((name) => ({ name })),
      lang,
      today,
      signal: context.signal,
      onPlanned: (found, sets) => noteLayout(found, sets, column !== undefined, bom.values(found.region.sheetName), (line) => context.note(line), words, lang),
      // Said before --out is written; the run goes on, the last answers are in the input file.
      confirmLargeChange: (change) => {
        context.note(words.largeChange(change.changed, change.answered));
        return true;
      },
      suggest: flags.bool('suggest') ? { source: client, onPlan: (plan) => context.note(NOTE_WORDS[lang].suggestPlan(plan, false)) } : undefined,
      maxRequests,
      rules,
      onRequestPlan: flags.bool('suggest')
        ? (plan) => {
            if (plan.suggestions) context.note(NOTE_WORDS[lang].suggestPlan(plan.suggestions, true));
            context.note(NOTE_WORDS[lang].runPlan(plan));
          }
        : undefined,
      onProgress: (progress) => {
        if (progress.phase === 'looking up') context.progress.update(words.lookingUp, 0, progress.totalRows);
        else if (progress.phase === 'searching') context.progress.update(words.searching, 0);
        else context.progress.clear();
      },
    }).catch((error: unknown) => {
      if (context.signal.aborted) return undefined;
      if (isRequestBoundError(error)) throw new UsageError(`${error.message.replace(/\.$/, '')}; ${out} was not written.`, { showUsage: false });
      throw error;
    });
    if (run === undefined || context.signal.aborted) return cancelled();
    if (!run.ok) throw locateError(run, config.lang);
    if (run.replacementFailure) context.note(words.replacementsFailed(run.replacementFailure));
    const values = bom.values(run.bom.region.sheetName);

    context.progress.update(words.writing, 0, 1);
    const notCarried = await bom.save(target.file, run.bom.region.sheetName);
    context.progress.clear();
    for (const what of notCarried) context.note(words.notCarried(out, input, what));

    const { layout } = run.bom;
    let problems = 0;
    // The team's rules first: how the BOM fared and, under --fail-on a level, each line at it or worse.
    const checksFailed = run.checks && noteChecks(run.checks, threshold, context, checkWords(lang).seeColumn, lang);
    // A part number one misread character from a real one (O for 0) is named with the part it likely is, as its Match cell does.
    const meant = new Map([...run.outcomes].flatMap(([input, o]) => (o.meant ? [[input, o.meant] as const] : [])));
    for (const set of run.sets) problems += describeProblemRows(set, values, layout.firstRow, run.outcomes, (line) => context.note(line), meant, lang);
    const updated = run.columns.filter((c) => c.existing).length;
    const summaryOf = (set: (typeof run.sets)[number]): string => describeRowSummary(set.tally.line, undefined, lang);
    context.note(words.written(summaryOf(run.sets[0]), run.columns.length, updated, out));
    run.sets.slice(1).forEach((set) => context.note(words.secondSource(set.source ?? '', summaryOf(set))));
    if (run.synthetic > 0) context.note(describeSyntheticAnswers(run.synthetic, lang));
    if (run.suggestions) context.note(words.enrichSuggested(run.suggestions.suggested, run.suggestions.asked));
    const changes = run.sets[0].changes?.report;
    if (changes) context.note(words.changedRows(changes.changedRows.length, changes.edits));
    if (failOn.size > 0) {
      const found = run.sets.flatMap((set) => describeFailures({ failOn, entries: set.entries, outcomes: run.outcomes, changes: set.changes?.report, firstRow: layout.firstRow, today, source: set.source, lang }));
      for (const line of found) context.note(line);
      if (found.length > 0) {
        context.note(words.failOnTotal([...failOn].join(','), found.length, EXIT.failOn));
        return EXIT.failOn;
      }
    }
    return checksFailed ?? (problems > 0 ? EXIT.partial : EXIT.ok);
  },
};
