import { extname } from 'node:path';
import { isLang, type Lang } from '../../api/vocabulary';
import { checkWords, ruleLabel, rulesLabel } from '../../core/rules/check-words';
import { describeBomChecks } from '../../core/rules/judge';
import type { CheckLevel } from '../../core/rules/types';
import type { Portfolio } from '../../core/portfolio/types';
import { portfolioWords } from '../../core/portfolio/words';
import { rulesOf } from './rules-flags';
import { collectPortfolio, type PortfolioSource } from '../../core/portfolio/collect';
import { layoutPortfolio } from '../../core/portfolio/layout';
import { buildsOf, parseBuildPlan, type PlanLine } from '../../core/portfolio/plan';
import { MAX_BUILDS } from '../../core/report/quantities';
import type { SummaryPhase } from '../../core/report/summarize-document';
import { EXIT, FileError, UsageError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { expandBomPaths } from '../../node/files/bom-paths';
import { readCsv } from '../../node/files/csv';
import { formatOfBom, writeFileSafely } from '../../node/files/files';
import { refuseLockedTarget } from '../../node/files/lock-files';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, pathIn, print, type CommandContext } from '../context';
import { formatPortfolioText, renderPortfolioHtml, writePortfolioWorkbook } from '../portfolio/views';
import type { Command } from './command';
import { takeJsonFlag } from './report';
import { NOTE_WORDS } from '../note-words';
import { RUN_WORDS } from '../run-words';

/** The progress line's label of each phase, in the run's language. */
const phaseLabel = (phase: SummaryPhase, lang: Lang): string => {
  const words = RUN_WORDS[lang];
  return phase === 'looking up' ? words.lookingUp : phase === 'replacements' ? words.findingReplacements : words.findingSuggestions;
};

const USAGE = `usage: partspec portfolio PATH... [options]

Parts in use across BOMs: every BOM sheet of every workbook and text BOM named (files, folders,
which are searched for .xlsx, .xlsm, .csv, .tsv and .txt files, and globs such as 'boards/*.xlsx'),
read as partspec enrich reads one, and one line per part: where it is used (file, sheet, row as
the sheet numbers it, designators), the quantity per board in each BOM, the demand of the build
plan (quantity per board × builds, summed over the BOMs), lifecycle status, last buy, risk and
its reason, the last-time-buy quantity for the whole plan (rounded up to the minimum order once,
for the total) and replacements. Other makers' numbers and lines with no part number are listed
too (with the maker's suggestion, with --suggest). The part numbers of all the BOMs are looked up
once, together. The BOMs are only read.

Options:
  --plan FILE           the build plan: a CSV of BOM file name (or file#sheet) and builds, e.g.
                        "main-board.xlsx,250"; BOMs it does not name get --builds
  --builds N            builds of each BOM the plan does not name (default 1)
  --html FILE           a self-contained page (no scripts, nothing fetched) with the tables and charts
  --json [FILE.json]    the portfolio as JSON, on stdout or into FILE.json
  --out FILE.xlsx       a new workbook with the sheets Parts in use, Where used and At risk, each
                        with a native chart
  --suggest             find the maker's part for other makers' numbers, parts not found and
                        lines with no part number (as partspec enrich --suggest does)
  --column C            the part-number column by its header or letters, in every BOM
  --rules FILE          judge every row by the team's BOM rules in FILE (JSON; see
                        docs/bom-rules.md), as report does; default: the shipped rules. Each
                        part's checks, over all its rows, are in the Checks column and the JSON
  --fail-on fatal|error|warning  exit 4 (after writing) when a check at that level or worse
                        fires on a part (waived checks do not count); the parts are named on stderr
${CONNECTION_HELP}

Exit codes: 0 done, 2 usage or file error (nothing is written), 3 API, auth or network error
(nothing is written), 4 --fail-on found a part (everything is written).`;

const LEVELS: readonly CheckLevel[] = ['fatal', 'error', 'warning'];

/** `--fail-on` of a portfolio: one of the rules' levels. */
function parsePortfolioFailOn(text: string | undefined): CheckLevel | undefined {
  if (text === undefined) return undefined;
  const level = LEVELS.find((l) => l === text.trim());
  if (!level) throw new UsageError(`--fail-on takes fatal, error or warning here (the BOM rules' levels), not '${text}'.`);
  return level;
}

/** The parts whose checks reach `threshold`, each with the rows it fired on; empty when none does. */
function failingParts(portfolio: Portfolio, threshold: CheckLevel, lang: Lang): string[] {
  const words = checkWords(lang);
  const rowWord = portfolioWords(lang).row;
  const order: readonly string[] = LEVELS;
  const atLeast = (level: string): boolean => order.indexOf(level) >= 0 && order.indexOf(level) <= order.indexOf(threshold);
  return portfolio.parts.flatMap((part) => {
    const fired = (part.checks?.said ?? []).filter((c) => !c.waived && atLeast(c.level));
    if (fired.length === 0) return [];
    const said = [...new Set(fired.map((c) => `${ruleLabel(c.rule, lang)}: ${c.sentence}`))].join('; ');
    const where = [...new Set(fired.map((c) => `${c.file}#${c.sheet} ${rowWord(c.sheetRow)}`))].join(', ');
    return [`'${part.partNumber}' ${lang === 'en' ? part.checks!.level : words.levels[part.checks!.level]}: ${said} (${where})`];
  });
}

/** The plan's lines, read from its CSV file; a line that does not read as a BOM and its builds is refused. */
async function readPlan(file: string, context: CommandContext): Promise<PlanLine[]> {
  const table = await readCsv(pathIn(context, file));
  const plan = parseBuildPlan(table.rows);
  if (!plan.ok) throw new UsageError(`--plan ${file}: ${plan.message}.`, { showUsage: false });
  return plan.lines;
}

export const portfolioCommand: Command = {
  name: 'portfolio',
  summary: 'parts in use across BOMs: where used, demand for a build plan, last buys, risk',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const { rest, json } = takeJsonFlag(argv);
    const flags = parseFlags(
      rest,
      { ...CONNECTION_OPTIONS, column: { type: 'string' }, builds: { type: 'string' }, plan: { type: 'string' }, suggest: { type: 'boolean' }, html: { type: 'string' }, out: { type: 'string' }, rules: { type: 'string' }, 'fail-on': { type: 'string' } },
      { min: 1, max: Infinity, name: 'the BOM files, folders or globs' },
    );
    const out = flags.nonEmpty('out');
    if (out !== undefined && extname(out).toLowerCase() !== '.xlsx') throw new UsageError(`--out ${out}: the portfolio is written as a new .xlsx workbook; use --html or --json for a page or data.`, { showUsage: false });
    const html = flags.nonEmpty('html');
    if (json?.file !== undefined && json.file.trim() === '') throw new UsageError('--json= needs a file name.');
    const column = flags.nonEmpty('column', '--column needs a header (e.g. --column MPN) or column letters (--column E).');
    const fallback = flags.integer('builds', 1, MAX_BUILDS) ?? 1;
    const planFile = flags.nonEmpty('plan');
    const written = [out, html, json?.file].filter((f): f is string => f !== undefined);
    const files = expandBomPaths(context.cwd, flags.positionals, planFile ? [planFile] : []);
    // The BOMs are only read: a file written here that is one of them is refused before anything is read.
    const overwritten = written.find((w) => files.some((f) => pathIn(context, f) === pathIn(context, w)));
    if (overwritten !== undefined) throw new UsageError(`${overwritten} is one of the BOMs read; the BOMs are only read: write the portfolio to another file.`, { showUsage: false });
    const plan = planFile === undefined ? [] : await readPlan(planFile, context);
    // The rules file is read and checked before anything is looked up.
    const rules = rulesOf(context, flags.nonEmpty('rules'));
    const threshold = parsePortfolioFailOn(flags.string('fail-on'));
    if (out !== undefined) refuseLockedTarget(pathIn(context, out));
    const { client, config } = connect(context, flags);
    const lang = isLang(config.lang) ? config.lang : 'en';

    const used = new Set<PlanLine>();
    const sources: PortfolioSource[] = files.map((file) => ({
      file,
      open: async () => {
        const bom = await openBom({ file: pathIn(context, file), format: formatOfBom(pathIn(context, file)), lang }, (message) => context.note(message));
        return { document: bom, close: () => bom.close() };
      },
    }));
    let collected;
    try {
      collected = await collectPortfolio(sources, client, {
        ...(column === undefined ? {} : { column: { name: column } }),
        buildsOf: (file, sheet) => buildsOf(plan, file, sheet, fallback, used),
        today: new Date(),
        rules,
        lang,
        shell: 'cli',
        fetchedAt: new Date().toISOString(),
        suggest: flags.bool('suggest'),
        signal: context.signal,
        onPhase: (phase, count) => context.progress.update(phaseLabel(phase, lang), 0, count),
      });
    } finally {
      context.progress.clear();
    }
    const { portfolio, skipped } = collected;
    if (portfolio.boms.length === 0) throw new FileError(NOTE_WORDS[lang].noBomIn(files, skipped[0]));
    for (const sheet of skipped) context.note(NOTE_WORDS[lang].notReadAsBom(sheet));
    for (const line of plan.filter((l) => !used.has(l))) context.note(NOTE_WORDS[lang].planLineUnused(line.line, `${line.file}${line.sheet ? `#${line.sheet}` : ''}`));

    const sheets = layoutPortfolio(portfolio, lang);
    if (out !== undefined) {
      await writePortfolioWorkbook(pathIn(context, out), sheets);
      context.note(NOTE_WORDS[lang].workbookWritten(out, sheets.map((s) => s.name), sheets.length));
    }
    if (html !== undefined) {
      await writeFileSafely(pathIn(context, html), renderPortfolioHtml(portfolio, sheets, lang));
      context.note(NOTE_WORDS[lang].pageWritten(html));
    }
    const jsonText = `${JSON.stringify(portfolio, null, 2)}\n`;
    if (json?.file !== undefined) {
      await writeFileSafely(pathIn(context, json.file), jsonText);
      context.note(NOTE_WORDS[lang].jsonWritten(json.file));
    }
    await print(context, json && json.file === undefined ? jsonText : formatPortfolioText(portfolio, sheets, lang));
    context.note(`${describeBomChecks(portfolio.checks, lang)}${lang === 'en' ? '.' : ''}`);
    if (threshold) {
      const found = failingParts(portfolio, threshold, lang);
      for (const line of found) context.note(line);
      if (found.length > 0) {
        context.note(checkWords(lang).failOnTotal(threshold, found.length, rulesLabel(portfolio.checks.rules, lang), EXIT.failOn));
        return EXIT.failOn;
      }
    }
    return EXIT.ok;
  },
};
