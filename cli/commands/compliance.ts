import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isLang, type Lang } from '../../api/vocabulary';
import { compileCompliance } from '../../core/compliance/compile';
import { layoutPack, packSentences, type PackLayout } from '../../core/compliance/pack-layout';
import type { CompliancePack, PackSource } from '../../core/compliance/pack';
import { readBom, type ReadBom } from '../../core/report/look-up-bom';
import { DEFAULT_DOCUMENT_LIMITS, fetchDocuments, type FetchedDocument } from '../../node/compliance/documents';
import { discardPack, finishPack, hashFiles, packTarget, packWorkspace } from '../../node/compliance/pack-output';
import { EXIT, FileError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { expandBomPaths } from '../../node/files/bom-paths';
import { formatOfBom } from '../../node/files/files';
import { writePackWorkbook } from '../../node/compliance/pack-workbook';
import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { renderPackHtml } from '../compliance/pack-html';
import { connect, pathIn, print, type CommandContext } from '../context';
import { NOTE_WORDS } from '../note-words';
import { RUN_WORDS } from '../run-words';
import { formatTextTable } from '../table-text';
import type { Command } from './command';

const USAGE = `usage: partspec compliance PATH… --out FOLDER|PACK.zip [options]

A compliance pack of one BOM or many: every line with the maker's RoHS, REACH, lead-free and
AEC-Q200 flags and its document links (RoHS certificate, REACH declaration, conflict-minerals
report, SVHC document), and per flag how many lines are confirmed, not compliant, unknown (the
maker gives no value) or missing (no part of the maker's was found for the line). PATH is a BOM
file, a folder of BOMs or a glob (BOM*.xlsx); every BOM sheet of every workbook is read, the
BOMs are only read, and the parts are looked up once for all of them.

The pack holds compliance.xlsx (Compliance, Compliance summary, Documents), compliance.html,
compliance.json and manifest.json (each file's size and SHA-256). It is built beside --out and
moved there when complete: a new (or empty) folder, or a .zip file.

Options:
  --out FOLDER|PACK.zip  where the pack goes (required)
  --documents           also fetch each linked document once into documents/ (https only, or
                        http to this machine; at most 20 MB each and 500 in all; redirects only
                        within the link's own site), each with its SHA-256 in the manifest; a
                        link that breaks a rule is refused in a sentence and the rest are fetched
  --json                print the pack's lines and totals as JSON on stdout
  --column C            the part-number column by its header or letters (as for enrich)
  --sheet S             only this worksheet of each workbook
${CONNECTION_HELP}
  The pack's words follow --lang too.

Exit codes: 0 done, 2 usage or file error, 3 API, auth or network error (nothing is written).`;

/** Every BOM the paths hold: each BOM sheet of each workbook (or the one --sheet names). */
async function readBoms(files: readonly string[], options: { sheet?: string; column?: string; lang: Lang }, context: CommandContext): Promise<{ source: PackSource; read: ReadBom }[]> {
  const boms: { source: PackSource; read: ReadBom }[] = [];
  for (const path of files) {
    const file = await openBom({ file: pathIn(context, path), format: formatOfBom(pathIn(context, path)), lang: options.lang }, (message) => context.note(message));
    try {
      const sheets = options.sheet !== undefined ? [options.sheet] : file.sheetNames;
      const found = [];
      let why: { message: string; said?: string } | undefined;
      for (const sheet of sheets) {
        const read = await readBom(file.searchIn(sheet), options.column === undefined ? undefined : { name: options.column }, { lang: options.lang, shell: 'cli' });
        if (read.ok) found.push({ source: { file: basename(path), sheet: read.bom.region.sheetName }, read });
        else why ??= read;
      }
      if (found.length === 0) context.note(NOTE_WORDS[options.lang].complianceNoBom(path, why?.message, why?.said));
      boms.push(...found);
    } finally {
      file.close();
    }
  }
  return boms;
}

function totalsText(layout: PackLayout): string {
  const totals = layout.tables[1];
  return `${layout.title}: ${layout.lines[0]}\n${formatTextTable(totals.header, totals.rows.map((row) => row.map((cell) => (cell === undefined ? '' : typeof cell === 'object' ? cell.link : String(cell)))))}`;
}

export const complianceCommand: Command = {
  name: 'compliance',
  summary: 'a compliance pack of BOMs: RoHS, REACH, lead-free, AEC-Q200, SVHC and documents',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, out: { type: 'string' }, documents: { type: 'boolean' }, json: { type: 'boolean' }, column: { type: 'string' }, sheet: { type: 'string' } }, { min: 1, max: 10_000, name: 'the BOM files' });
    const out = flags.nonEmpty('out', '--out needs a folder or a .zip file: where the pack goes.');
    if (out === undefined) throw new FileError('partspec compliance needs --out FOLDER or --out PACK.zip: where the pack goes.');
    const target = packTarget(pathIn(context, out));
    const files = expandBomPaths(context.cwd, flags.positionals);
    const column = flags.nonEmpty('column', '--column needs a header (e.g. --column MPN) or column letters (--column E).');
    const sheet = flags.nonEmpty('sheet', '--sheet needs a worksheet name.');
    const { client, config } = connect(context, flags);
    const lang = isLang(config.lang) ? config.lang : 'en';

    // The pack's folder is made first, so a folder it cannot be written to is said before anything is asked.
    const workspace = await packWorkspace(target);
    let documents: FetchedDocument[] = [];
    let pack: CompliancePack;
    let layout: PackLayout;
    const fetchedAt = new Date().toISOString();
    try {
      const boms = await readBoms(files, { sheet, column, lang }, context);
      if (boms.length === 0) throw new FileError(NOTE_WORDS[lang].complianceNoBomIn(files));
      try {
        pack = await compileCompliance(boms, client, { lang, signal: context.signal, onLookup: (count) => context.progress.update(RUN_WORDS[lang].lookingUp, 0, count) });
      } finally {
        context.progress.clear();
      }
      layout = layoutPack(pack, lang, { fetchedAt });
      if (flags.bool('documents')) {
        await mkdir(join(workspace, 'documents'));
        context.progress.update(packSentences(lang).fetching, 0, pack.documents.length);
        try {
          documents = await fetchDocuments(pack.documents, join(workspace, 'documents'), { ...DEFAULT_DOCUMENT_LIMITS, signal: context.signal }, (sentence) => context.note(sentence), lang);
        } finally {
          context.progress.clear();
        }
      }
      const local = new Map(documents.flatMap((d) => (d.file ? [[d.url, d.file] as const] : [])));
      await writePackWorkbook(join(workspace, 'compliance.xlsx'), layout);
      await writeFile(join(workspace, 'compliance.html'), renderPackHtml(layout, lang, (url) => local.get(url)));
      await writeFile(join(workspace, 'compliance.json'), `${JSON.stringify({ fetchedAt, ...pack }, null, 2)}\n`);
      const manifest = { fetchedAt, boms: pack.sources, files: await hashFiles(workspace, []), ...(flags.bool('documents') ? { documents } : {}) };
      await writeFile(join(workspace, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    } catch (error) {
      await discardPack(workspace);
      throw error;
    }
    await finishPack(workspace, target);
    const fetched = documents.filter((d) => d.file).length;
    context.note(packSentences(lang).written(pack.lines.length, pack.sources.length, out, flags.bool('documents') ? { fetched, of: documents.length } : undefined));
    await print(context, flags.bool('json') ? `${JSON.stringify({ fetchedAt, ...pack }, null, 2)}\n` : `${totalsText(layout)}\n`);
    return EXIT.ok;
  },
};
