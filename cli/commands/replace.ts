import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { judgeReplacement, partNumberKey } from '../../core/replace/replace-plan';
import { parseReplaceLog, REPLACE_LOG_KIND, REPLACE_LOG_VERSION, type ReplaceLog } from '../../core/replace/replace-log';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { connect, pathIn, print, type CommandContext } from '../context';
import { EXIT, FileError, UsageError } from '../../node/errors';
import { expandBomPaths } from '../../node/files/bom-paths';
import { formatOfBom, writeFileSafely } from '../../node/files/files';
import { refuseLockedTarget } from '../../node/files/lock-files';
import { replaceInFile, restoreFile, sha256OfFile, type FileReplacement } from '../../node/files/replace-files';
import { displayWidth, escapeControls } from '../../node/terminal-text';
import type { Command } from './command';
import { NOTE_WORDS } from '../note-words';
import { REPLACE_COMMAND_WORDS } from '../replace-words';
import { RUN_WORDS } from '../run-words';
import { REPLACE_WORDS } from '../../core/replace/replace-words';
import { resolveLang } from '../../node/config';
import type { Lang } from '../../api/vocabulary';

const USAGE = `usage: partspec replace OLD NEW PATH… [--dry-run] [--accept-differences] [--log FILE] [options]
       partspec replace --undo LOG

Replaces the part OLD by NEW in every BOM under PATH…: files, folders (every BOM file below
them; links inside them are not followed) and globs ('boms/*.xlsx': * and ? in the last part).
Every sheet of every workbook (.xlsx, .xlsm, .xltx, .xltm) that holds a BOM and every text BOM
(.csv, .tsv, .txt) is searched; the part-number column is found as enrich finds it (and its
second sources, MPN2 beside MPN). A cell matches when its part number is OLD as the lookup reads
it (case and spaces aside), the whole number: OLD never matches inside a longer part number.

NEW must be a drop-in for OLD: both are looked up (one request), and NEW must be In Production,
of the same kind, and meet or better every spec OLD states (the rule behind every "drop-in"
PartSpec says). When it does not, the command names what differs and stops (exit 2) unless
--accept-differences is given. When OLD or NEW is not found, it says so (exit 1).

Options:
  --dry-run             list every file, sheet and cell that would change (before and after) and
                        write nothing
  --accept-differences  replace even where NEW is not a drop-in (what differs is said and logged)
  --log FILE            where the log goes (default: partspec-replace-<time>.json beside the first
                        PATH); it must not exist yet
  --undo LOG            put back every cell the log records; a file that changed since the log
                        was written is refused (exit 2) and nothing is written
${CONNECTION_HELP}

The cells that change are listed on stdout (File, Sheet, Cell, Before, After), with or without
--dry-run. Workbooks are patched, never rewritten: only the changed cells and the shared strings
change; each cell keeps its format, note and hyperlink, and every other part of the workbook is
kept byte for byte. A cell that holds OLD through a formula is named and left as it is. Text
BOMs keep every byte but the changed fields (encoding, byte-order mark, delimiter, quoting, line
ends). Every file is written through a temporary file and renamed into place; the log (JSON: each
file, sheet, cell, before and after, and each file's SHA-256 before and after) is written first.

Exit codes: 0 cells replaced (or listed), 1 OLD or NEW not found, or no cell holds OLD (nothing is
written), 2 usage or file error, NEW not a drop-in without --accept-differences, or --undo refused
(nothing is written), 3 API, auth or network error.`;

/** A log file name for now: sortable, and safe in any file system. */
function defaultLogName(now: Date): string {
  return `partspec-replace-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '')}.json`;
}

/** Where the log goes by default: beside the first path (in it, when it is a folder; in a glob's first fixed folder). */
function defaultLogFolder(first: string, cwd: string): string {
  try {
    if (lstatSync(resolve(cwd, first)).isDirectory()) return first;
    return dirname(first);
  } catch {
    const parts = first.split(/[\\/]/);
    const fixed = parts.findIndex((p) => /[*?[]/.test(p));
    return parts.slice(0, Math.max(0, fixed)).join('/') || '.';
  }
}

/** Refuses a log file (in the run's folder `cwd`) that is there already, a link above all: it would be written through, or an earlier log lost. */
function checkNewLog(log: string, cwd: string, lang: Lang): void {
  const there = lstatSync(resolve(cwd, log), { throwIfNoEntry: false });
  if (!there) return;
  const words = REPLACE_COMMAND_WORDS[lang];
  throw new FileError(there.isSymbolicLink() ? words.logIsLink(log) : words.logExists(log));
}

/**
 * The changes as the table on stdout: aligned, but never cut (a file's path is what the user
 * checks, whatever its length), each cell's controls escaped.
 */
function changeTable(files: readonly FileReplacement[], lang: Lang): string {
  const rows = [[...REPLACE_COMMAND_WORDS[lang].headers], ...files.flatMap((f) => f.changes.map((c) => [f.file, c.sheet, c.cell, String(c.before), c.after]))].map((row) => row.map(escapeControls));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i]))));
  const line = (r: readonly string[]): string => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - displayWidth(c)))).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n') + '\n';
}

/** `--undo LOG`: every file checked first, then each one put back. */
async function undo(logFile: string, context: CommandContext, lang: Lang): Promise<number> {
  const words = REPLACE_COMMAND_WORDS[lang];
  let text: string;
  try {
    text = readFileSync(pathIn(context, logFile), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? words.logMissing(logFile) : words.logUnreadable(logFile, code ?? 'error'));
  }
  const parsed = parseReplaceLog(text);
  if (!parsed.ok) throw new FileError(words.logNotUndoable(logFile, REPLACE_WORDS[lang].logProblem(parsed.problem)));
  const { log } = parsed;
  const restores = [];
  for (const entry of log.files) restores.push({ entry, restore: await restoreFile(entry, lang) });
  const refused = restores.flatMap((r) => (r.restore.kind === 'refused' ? [r.restore.sentence] : []));
  if (refused.length > 0) {
    for (const sentence of refused.slice(0, -1)) context.note(sentence);
    throw new FileError(words.nothingPutBack(refused[refused.length - 1]));
  }
  let cells = 0;
  let files = 0;
  for (const { entry, restore } of restores) {
    if (restore.kind === 'already') {
      context.note(words.alreadyBack(entry.file));
      continue;
    }
    if (restore.kind !== 'restore') continue;
    refuseLockedTarget(entry.file);
    await writeFileSafely(entry.file, restore.bytes);
    cells += entry.changes.length;
    files++;
  }
  context.note(words.putBack(cells, files, log.new, log.old, logFile));
  return EXIT.ok;
}

export const replaceCommand: Command = {
  name: 'replace',
  summary: 'replace a part by a drop-in in every BOM, with a preview and a log (--undo puts it back)',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, 'dry-run': { type: 'boolean' }, 'accept-differences': { type: 'boolean' }, log: { type: 'string' }, undo: { type: 'string' } }, { min: 0, max: Infinity, name: 'OLD, NEW and the BOMs' });
    const undoLog = flags.nonEmpty('undo', '--undo needs the log file of a replacement.');
    if (undoLog !== undefined) {
      if (flags.positionals.length > 0 || flags.bool('dry-run') || flags.has('log')) throw new UsageError('--undo takes only the log file: no OLD, NEW, PATH, --dry-run or --log.');
      return undo(undoLog, context, resolveLang(flags.connection(), context.env, context.cwd));
    }
    if (flags.positionals.length < 3) throw new UsageError('Give OLD, NEW and at least one BOM file, folder or glob.');
    const [oldInput, newInput, ...paths] = flags.positionals;
    // The run's language is known before the parts are checked, so every refusal below is said in it.
    const sayLang = resolveLang(flags.connection(), context.env, context.cwd);
    const words = REPLACE_COMMAND_WORDS[sayLang];
    // The pointer to --help is English, as the help is: a Japanese or Chinese refusal stands alone.
    const refusal = { showUsage: sayLang === 'en' };
    const oldPart = partNumberKey(oldInput);
    const newPart = partNumberKey(newInput);
    if (oldPart === undefined) throw new UsageError(words.notPart(oldInput), refusal);
    if (newPart === undefined) throw new UsageError(words.notPart(newInput), refusal);
    if (oldPart === newPart) throw new UsageError(words.samePart(oldPart), refusal);
    const dryRun = flags.bool('dry-run');
    const logFile = dryRun ? undefined : (flags.nonEmpty('log', '--log needs a file name.') ?? join(defaultLogFolder(paths[0], context.cwd), defaultLogName(new Date())));
    if (dryRun && flags.has('log')) throw new UsageError('--dry-run writes nothing, no log either: leave out --log.');

    const files = expandBomPaths(context.cwd, paths);
    for (const file of files) formatOfBom(pathIn(context, file));
    if (logFile !== undefined) checkNewLog(logFile, context.cwd, sayLang);

    const { client, config } = connect(context, flags);
    const noteLang = config.lang;
    context.progress.update(RUN_WORDS[noteLang].lookingUp, 0, 2);
    const outcomes = await client.lookup([oldPart, newPart], { lang: config.lang, signal: context.signal });
    context.progress.clear();
    const verdict = judgeReplacement(oldPart, newPart, outcomes, config.lang);
    if (!verdict.ok) {
      context.note(words.nothingWritten(verdict.sentence));
      return EXIT.partial;
    }
    if (!verdict.dropIn && !flags.bool('accept-differences')) {
      throw new UsageError(words.giveAccept(verdict.sentence!), { showUsage: false });
    }
    if (!verdict.dropIn) context.note(words.replacedAnyway(verdict.sentence!));

    const replaced: FileReplacement[] = [];
    for (const file of files) {
      context.progress.update(words.reading, replaced.length, files.length);
      // The file as the user named it, for the table and the notes; read and written at its place in the run's folder.
      replaced.push({ ...(await replaceInFile(pathIn(context, file), oldPart, newPart, noteLang)), file });
    }
    context.progress.clear();
    for (const f of replaced) if (f.boms.length === 0) context.note(NOTE_WORDS[noteLang].replaceNoBom(f.file, f.notFound));
    for (const f of replaced) for (const cell of f.formulas) context.note(words.formula(f.file, cell, oldPart));
    const changed = replaced.filter((f) => f.changes.length > 0);
    const cells = changed.reduce((n, f) => n + f.changes.length, 0);
    const searched = { boms: replaced.reduce((n, f) => n + f.boms.length, 0), files: files.length };
    if (cells === 0) {
      context.note(words.noCell(oldPart, searched));
      return EXIT.partial;
    }
    await print(context, changeTable(changed, noteLang));
    if (dryRun) {
      context.note(words.wouldChange(cells, changed.length, searched));
      return EXIT.ok;
    }

    // The log first: a run stopped half-way leaves files that are either as before or as logged, and --undo tells which.
    const log: ReplaceLog = { kind: REPLACE_LOG_KIND, version: REPLACE_LOG_VERSION, written: new Date().toISOString(), old: oldPart, new: newPart, acceptedDifferences: verdict.dropIn ? [] : verdict.differs, files: changed.map((f) => f.logged!) };
    for (const f of changed) refuseLockedTarget(f.logged!.file);
    // The log is named by where it is (the way back), so it is placed without pathIn's naming as given.
    const logPath = resolve(context.cwd, logFile!);
    checkNewLog(logFile!, context.cwd, noteLang);
    await writeFileSafely(logPath, `${JSON.stringify(log, null, 2)}\n`);
    for (const f of changed) {
      if (sha256OfFile(f.logged!.file) !== f.logged!.sha256Before) throw new FileError(words.changedWhileRead(f.file, logFile!));
      await writeFileSafely(f.logged!.file, f.bytes!);
    }
    context.note(words.replaced(oldPart, newPart, cells, changed.length, searched, logPath));
    return EXIT.ok;
  },
};
