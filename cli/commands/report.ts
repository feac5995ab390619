import { createWriteStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isLang } from '../../api/vocabulary';
import { MAX_BUILDS } from '../../core/report/quantities';
import { checkThreshold, noteChecks, rulesOf, RULES_HELP } from './rules-flags';
import { layoutSummarySheet } from '../../core/report/sheet-layout';
import { EXIT, FileError, UsageError } from '../../node/errors';
import { patchSummaryWorkbook } from '../../ooxml/summary-package';
import { fileSource } from '../../ooxml/zip-package';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, pathIn, print, type CommandContext } from '../context';
import { openBom } from '../../node/files/bom';
import { checkOutputKind, formatOfBom, writeFileSafely } from '../../node/files/files';
import { refuseLockedTarget } from '../../node/files/lock-files';
import { summarizeBomDocument } from '../../node/files/bom-summary';
import { renderHtmlReport } from '../report/html-report';
import { formatTextReport } from '../report/text-report';
import type { SummaryPhase } from '../../core/report/summarize-document';
import type { Command } from './command';
import { describeFailures, parseFailOn } from './enrich-changes';
import { RUN_WORDS, type RunWords } from '../run-words';

/** The progress line of each phase of the summary. */
function phaseLabel(phase: SummaryPhase, words: RunWords): string {
  return phase === 'looking up' ? words.lookingUp : phase === 'replacements' ? words.findingReplacements : words.findingSuggestions;
}

const USAGE = `usage: partspec report BOM.xlsx|BOM.xlsm|BOM.csv|BOM.tsv|BOM.txt [options]

The BOM at a glance, as the add-in's PartSpec Summary sheet shows it: rows and placed quantity
by lifecycle status; parts whose last-buy or production-end date is past or within 6, 12 and 24
months, with their designators, quantity per board and last-time-buy quantity; RoHS, REACH,
lead-free (and AEC-Q200) coverage with the parts that fail or are unknown; every part at Risk or
EOL with the maker's alternatives and PartSpec's replacement candidates (drop-in or not); and
what changed since the last enrich; and every line the team's BOM rules find something on, with
its level and checks (the shipped rules, or --rules FILE). The BOM is read and looked up as
partspec enrich reads it.

A workbook gets a 'PartSpec Summary - <BOM sheet>' sheet (one per BOM sheet), added or updated
in place (or written to --out), printing one page wide, with three native charts (status, last buy by quarter, compliance) that Excel and LibreOffice
open as charts. Only that sheet, its drawing and charts, the entries that list them (the
workbook's sheet list, its relationships, the content types) and two cell formats appended to
the styles change; every other part is kept
byte for byte, and a re-run rewrites the same sheet and charts. A text BOM is only read.
The summary is printed as text on stdout (unless --json goes there).

Options:
  --builds N            builds to compute last-time-buy quantities for (quantity per board × N)
  --automotive          call out AEC-Q200 (default: when most parts found are automotive grade)
  --html FILE           a self-contained page (no scripts, nothing fetched; light and dark;
                        printable) with the same figures and the three charts as SVG
  --json [FILE.json]    the summary as JSON, on stdout or into FILE.json
  --out FILE            write the workbook with its summary sheet here instead of in place
                        (a workbook BOM only; the same kind: .xlsx, .xlsm, .xltx, .xltm)
  --fail-on changes|risk|eol  exit 4 (after writing) when a row changed since the last
                        enrich, is at Risk or EOL, or is EOL; comma-separated for several
${RULES_HELP}
  --suggest             count the rows with no maker part number (or another maker's) that
                        have a suggestion (as partspec enrich --suggest finds them)
  --column C            the part-number column by its header or letters (as for enrich)
  --sheet S             the worksheet (default: the first with a part-number header)
${CONNECTION_HELP}
  The summary's labels follow --lang too.

Exit codes: 0 done, 2 usage or file error, 3 API, auth or network error (nothing is
written), 4 --fail-on found a row (everything is written; the rows are named on stderr).`;

/** `--json` alone (stdout) or followed by a .json file: taken out of argv before the flags are parsed. */
export function takeJsonFlag(argv: readonly string[]): { rest: string[]; json?: { file?: string } } {
  const rest: string[] = [];
  let json: { file?: string } | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith('--json=')) json = { file: arg.slice('--json='.length) };
    else if (arg === '--json') json = /\.json$/i.test(argv[i + 1] ?? '') ? { file: argv[++i] } : {};
    else rest.push(arg);
  }
  return { rest, json };
}

/** The workbook with its summary sheet, written through a temporary file beside `out`. */
async function writeSummaryWorkbook(input: string, out: string, layout: ReturnType<typeof layoutSummarySheet>, bomSheet: string): Promise<void> {
  let patched;
  try {
    patched = patchSummaryWorkbook(fileSource(input), layout, bomSheet);
  } catch (error) {
    throw new FileError(`${input} is left as it was: ${(error as Error).message}.`);
  }
  try {
    await writeFileSafely(out, (temp) => pipeline(Readable.from(patched.chunks), createWriteStream(temp)));
  } finally {
    patched.close();
  }
}

export const reportCommand: Command = {
  name: 'report',
  summary: 'the BOM at a glance: a summary sheet with charts, an HTML page or JSON',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const { rest, json } = takeJsonFlag(argv);
    const flags = parseFlags(
      rest,
      { ...CONNECTION_OPTIONS, sheet: { type: 'string' }, column: { type: 'string' }, builds: { type: 'string' }, automotive: { type: 'boolean' }, suggest: { type: 'boolean' }, html: { type: 'string' }, out: { type: 'string' }, 'fail-on': { type: 'string', multiple: true }, rules: { type: 'string' } },
      { min: 1, max: 1, name: 'the BOM file' },
    );
    const input = flags.positionals[0];
    const inputPath = pathIn(context, input);
    const format = formatOfBom(inputPath);
    const workbook = format === 'xlsx';
    const out = flags.nonEmpty('out');
    if (out !== undefined && !workbook) throw new UsageError('--out is for a workbook BOM: a text BOM is only read (use --html or --json for files).');
    if (out !== undefined) checkOutputKind(input, out);
    if (out !== undefined && extname(out).toLowerCase() !== extname(input).toLowerCase()) {
      throw new UsageError(`--out ${out}: the workbook with its summary sheet is written as a ${extname(input).toLowerCase()} file, like the BOM; use --html or --json for a page or data.`, { showUsage: false });
    }
    const html = flags.nonEmpty('html');
    if (json?.file !== undefined && json.file.trim() === '') throw new UsageError('--json= needs a file name.');
    const column = flags.nonEmpty('column', '--column needs a header (e.g. --column MPN) or column letters (--column E).');
    const builds = flags.integer('builds', 1, MAX_BUILDS);
    const failOn = parseFailOn(flags.list('fail-on').join(','));
    // The rules file is read and checked before the key is, and before any request.
    const rules = rulesOf(context, flags.nonEmpty('rules', '--rules needs a rules file (JSON; see docs/bom-rules.md).'));
    const { client, config } = connect(context, flags);
    const lang = isLang(config.lang) ? config.lang : 'en';
    const words = RUN_WORDS[lang];
    const today = new Date();

    const file = await openBom({ file: inputPath, format, lang }, (message) => context.note(message));
    let result;
    try {
      result = await summarizeBomDocument(file.searchIn(flags.string('sheet')), client, {
        column,
        file: basename(input),
        builds,
        automotive: flags.bool('automotive') ? true : 'auto',
        lang,
        today,
        suggest: flags.bool('suggest'),
        rules,
        signal: context.signal,
        onPhase: (phase, count) => context.progress.update(phaseLabel(phase, words), 0, count),
      });
    } finally {
      context.progress.clear();
      file.close();
    }
    const { summary, bom, set, outcomes, changes, suggestions } = result;
    // The paper is the locale's (LC_ALL, LC_PAPER, LANG as POSIX orders them): Letter for en_US, A4 for most.
    const layout = layoutSummarySheet(summary, lang, { locale: context.env.LC_ALL || context.env.LC_PAPER || context.env.LANG });
    const bomSheet = bom.region.sheetName;

    // A BOM that cannot take its summary sheet in place (a read-only folder, a workbook open in
    // Excel) still gets its summary printed; the sentence of why it was not written comes after it.
    let unwritten: unknown;
    if (workbook) {
      const target = out ?? input;
      try {
        const targetPath = pathIn(context, target);
        refuseLockedTarget(targetPath);
        await writeSummaryWorkbook(inputPath, targetPath, layout, bomSheet);
        context.note(words.summarySheet(layout.name, target, summary.rows, bomSheet, layout.charts.length));
      } catch (error) {
        if (out !== undefined) throw error;
        unwritten = error;
      }
    }
    if (html !== undefined) {
      await writeFileSafely(pathIn(context, html), renderHtmlReport(layout, lang, { synthetic: summary.synthetic }));
      context.note(words.htmlWritten(html));
    }
    const jsonText = `${JSON.stringify(suggestions ? { ...summary, suggestions } : summary, null, 2)}\n`;
    if (json?.file !== undefined) {
      await writeFileSafely(pathIn(context, json.file), jsonText);
      context.note(words.jsonWritten(json.file));
    }
    await print(context, json && json.file === undefined ? jsonText : formatTextReport(layout));
    if (suggestions) context.note(words.reportSuggested(suggestions.suggested, suggestions.asked));
    if (unwritten !== undefined) throw unwritten;

    // The team's rules first: how the BOM fared and, under --fail-on a level, each line at it or worse.
    const checksFailed = summary.checks && noteChecks(summary.checks, checkThreshold(failOn), context, undefined, lang);
    if (failOn.size > 0) {
      const report = changes && { texts: [...changes], changes: changes.map(() => []), changedRows: changes.flatMap((t, i) => (t ? [i] : [])), edits: 0 };
      const found = describeFailures({ failOn, entries: set.entries, outcomes, changes: report, firstRow: bom.layout.firstRow, today, lang });
      for (const line of found) context.note(line);
      if (found.length > 0) {
        context.note(words.failOnTotal([...failOn].join(','), found.length, EXIT.failOn));
        return EXIT.failOn;
      }
    }
    return checksFailed ?? EXIT.ok;
  },
};
