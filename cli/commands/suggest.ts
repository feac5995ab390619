import { readValue } from '../../api/node';
import { locateNamedColumns, rowLine } from '../../core/find/bom-lines';
import { DEFAULT_FIND_COUNT, MAX_FIND_COUNT, findAnswerJson, findParts, isFindCategory } from '../../core/find/find-parts';
import { isRequestBoundError, planByCategoryFile, type RequestPlan } from '../../core/find/request-plan';
import type { FindAnswer, FindLine } from '../../core/find/types';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, pathIn, print, readStdinLines, type CommandContext } from '../context';
import { EXIT, UsageError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { formatTextTable } from '../table-text';
import type { Command } from './command';

const USAGE = `usage: partspec suggest TEXT… [options]
       partspec suggest - [options]                           (one line a row from stdin)
       partspec suggest BOM.csv|BOM.xlsx --column H [--column H2…] [options]

Finds the maker's parts for BOM lines that name none: a value and footprint ("100n
C_0402_1005Metric"), a description ("CAP CER 0.1UF 16V X7R 0402", "贴片电容 0402 100nF 16V
X7R ±10%", "積層セラミックコンデンサ 0.1μF 50V"), or another maker's number (CL05B104KO5NNNC,
CC0402KRX7R7BB104, C1608X5R1E106M080AC, EMK107BJ105KA-T, C0603C104K5RACTU, 0603YC104KAT2A,
0402B104K160CT, SRN4018-100M, XAL4020-222MEB…). Each line is read into the API's constraints
(category, capacitance or inductance, rated voltage at least, temperature characteristic, size,
tolerance or tighter, rated current at least), shown so you can check them; every candidate
meets every one of them, In Production, the closest rating first. Lines asking the same thing
share one search. Resistors, electrolytic and tantalum capacitors, beads and crystals get no
candidate and a sentence.

Options:
  --column H            read the lines from a BOM file: the cells under header H (or column
                        letters), several --column joined into one line per row
  --sheet S             the worksheet of a workbook (default: the first that has the columns)
  --count N             candidates per line, 1 to ${MAX_FIND_COUNT} (default ${DEFAULT_FIND_COUNT})
  --category C          what lines that do not say are: ceramicCapacitors or inductors
  --automotive          only automotive-grade (AEC-Q200) parts
  --json                JSON on stdout: per line its input, what was understood, the
                        candidates (Partno, why, Status, Specs) and the reason when there are none
  --max-requests N      send at most N requests: a plan over N is refused before anything is
                        sent (exit 2)
${CONNECTION_HELP}

Before any request, stderr states the plan: one search per distinct line, or, when the distinct
searches would cost more, each category's file (2 requests: its link and the file) read as it
streams and matched here, with the same candidates the searches would give ("412 distinct
searches: 2 requests (the ceramicCapacitorsSMD file) instead of 412 searches.").

Exit codes: 0 every line of the maker's kinds has a candidate, 1 some have none (or the line
is too vague or not the maker's kind), 2 usage (or the plan is over --max-requests), 3 API,
auth or network error.`;

/** The lines of a BOM file under the named columns, with their 1-based sheet rows. */
async function linesOfFile(file: string, names: readonly string[], sheet: string | undefined, context: CommandContext): Promise<{ lines: string[]; rows: number[] }> {
  const bom = await openBom(pathIn(context, file), (line) => context.note(line));
  try {
    let message = '';
    for (const name of bom.searchIn(sheet).searchedSheets) {
      const values = bom.values(name);
      const found = locateNamedColumns(values, names);
      if (!found.ok) {
        message = found.message;
        continue;
      }
      const lines: string[] = [];
      const rows: number[] = [];
      values.forEach((row, r) => {
        if (r <= found.headerRow) return;
        const line = rowLine(row ?? [], found.columns);
        if (line === '') return;
        lines.push(line);
        rows.push(r + 1);
      });
      return { lines, rows };
    }
    throw new UsageError(`${file}: ${message}`, { showUsage: false });
  } finally {
    bom.close();
  }
}

/** One table row per candidate, or one saying why there is none. */
function tableRows(answers: readonly FindAnswer[], rows: readonly number[] | undefined): string[][] {
  const out: string[][] = [];
  answers.forEach((a, i) => {
    const head = [...(rows ? [String(rows[i])] : []), a.input, a.understoodText];
    if (a.candidates.length === 0) out.push([...head, '', '', '', a.reason ?? '']);
    a.candidates.forEach((c, n) => out.push([...(n === 0 ? head : head.map(() => '')), String(n + 1), c.Partno, String(readValue(c.product, 'Status') ?? ''), n === 0 ? `${c.why}${a.reason ? ` (${a.reason})` : ''}` : c.why]));
  });
  return out;
}

export const suggestCommand: Command = {
  name: 'suggest',
  summary: "the maker's parts for generic BOM lines and other makers' numbers",
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(
      argv,
      { ...CONNECTION_OPTIONS, column: { type: 'string', multiple: true }, sheet: { type: 'string' }, count: { type: 'string' }, category: { type: 'string' }, automotive: { type: 'boolean' }, json: { type: 'boolean' }, 'max-requests': { type: 'string' } },
      { min: 1, max: Infinity, name: 'BOM lines (or - to read them from stdin, or a BOM file with --column)' },
    );
    const count = flags.integer('count', 1, MAX_FIND_COUNT) ?? DEFAULT_FIND_COUNT;
    const maxRequests = flags.integer('max-requests', 0, Number.MAX_SAFE_INTEGER);
    const category = flags.string('category');
    if (category !== undefined && !isFindCategory(category)) throw new UsageError(`--category ${category}: use ceramicCapacitors or inductors.`);
    const columns = flags.list('column');
    let lines: FindLine[];
    let rows: number[] | undefined;
    if (columns.length > 0) {
      if (flags.positionals.length !== 1) throw new UsageError('--column reads one BOM file: give exactly one file.');
      ({ lines, rows } = await linesOfFile(flags.positionals[0], columns, flags.string('sheet'), context));
    } else {
      lines = flags.positionals.length === 1 && flags.positionals[0] === '-' ? await readStdinLines(context) : flags.positionals;
    }
    if (lines.length === 0) throw new UsageError('No BOM lines were given.');
    const { client, config } = connect(context, flags);
    context.progress.update('Finding parts', 0, lines.length);
    const planned: { way?: RequestPlan['way'] } = {};
    const { answers, searches } = await findParts(lines, client, {
      lang: config.lang,
      count,
      category,
      automotive: flags.bool('automotive'),
      signal: context.signal,
      plan: planByCategoryFile({
        source: client,
        maxRequests,
        onPlan: (plan) => {
          planned.way = plan.way;
          context.note(plan.sentence);
        },
      }),
    }).catch((error: unknown) => {
      if (isRequestBoundError(error)) throw new UsageError(error.message, { showUsage: false });
      throw error;
    });
    context.progress.clear();
    if (flags.bool('json')) {
      await print(context, `${JSON.stringify(answers.map((a, i) => ({ ...(rows ? { row: rows[i] } : {}), ...findAnswerJson(a) })), null, 2)}\n`);
    } else {
      await print(context, formatTextTable([...(rows ? ['Row'] : []), 'Input', 'Understood', 'Rank', 'Partno', 'Status', 'Why'], tableRows(answers, rows)));
    }
    const without = answers.filter((a) => a.candidates.length === 0).length;
    context.note(`${answers.length - without} of ${answers.length} lines have a suggestion (${searches} ${searches === 1 ? 'search' : 'searches'}${planned.way === 'categoryFiles' ? ', matched in the category files' : ''}).`);
    return without > 0 ? EXIT.partial : EXIT.ok;
  },
};
