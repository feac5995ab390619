import { Inflate } from 'fflate';
import { type EntryChunk, inflateKept } from './zip-entries';
import { ElementCutter, cellsOfRow, textOfRuns } from './xml-text';

/*
 * The rows of an xlsx's first sheet, from the stream of its ZIP entries. Shared strings are parsed
 * as they stream (the table itself is kept: cells refer to it by number). The first sheet is
 * inflated and parsed as it arrives whenever its rows can be resolved then:
 *   - the workbook (xl/workbook.xml and its relationships) came before the sheet, so it is known
 *     to be the first sheet (Excel's own order: workbook, rels, theme, worksheets, styles,
 *     sharedStrings); other sheets are then dropped as they stream;
 *   - and each row either uses no shared string (inline strings, numbers) or the shared strings
 *     came before the sheet.
 * When a row needs shared strings that have not come yet, the rows stop there and the rest of the
 * sheet is held as its compressed bytes, with the inflater paused, until the strings have been
 * read; then it resumes. When the workbook comes after the worksheets (ExcelJS's streaming writer,
 * the emulator's --download-format xlsx: sheet, sharedStrings, …, workbook), which sheet is first
 * is unknown while they stream, so every worksheet is kept compressed until the archive ends.
 *
 * Limit: memory is the string table, one row, and at most the compressed sheet (a seventh of its
 * XML for the emulator's SMD category: 14 MB for 104 MB of XML). Holding the sheet parsed instead,
 * its shared-string cells as indices, measured 45 MB of heap for the same sheet, so compressed
 * bytes are what is held.
 */

/** True for an archive entry that marks an xlsx package. */
export function isXlsxEntry(name: string): boolean {
  return name === '[Content_Types].xml' || name.startsWith('xl/');
}

/** What the xlsx reader wants of each entry. */
export function planXlsxEntry(name: string): 'stream' | 'keep' | 'skip' {
  if (name === 'xl/sharedStrings.xml' || name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels') return 'stream';
  if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) return 'keep';
  return 'skip';
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheetPath(workbookXml: string, relsXml: string, kept: readonly string[]): string | undefined {
  const rid = /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(workbookXml)?.[1] ?? /<(?:\w+:)?sheet\b[^>]*\bid="([^"]+)"/.exec(workbookXml)?.[1];
  if (rid) {
    for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
      if (new RegExp(`\\bId="${rid}"`).test(m[0])) {
        const target = /\bTarget="([^"]+)"/.exec(m[0])?.[1];
        if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    }
  }
  const number = (p: string): number => Number(/(\d+)\.xml$/.exec(p)?.[1] ?? Infinity);
  return [...kept].sort((a, b) => number(a) - number(b))[0];
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 represents a long
 * substring as a slice of its parent, so a table of substrings would keep every chunk of the
 * shared-strings XML alive (measured: 62 MB of heap for the emulator's SMD string table).
 */
function ownString(text: string): string {
  return text.length < 13 ? text : JSON.parse(JSON.stringify(text)) as string;
}

/** True when a row's XML has a shared-string cell. */
const usesSharedStrings = (rowXml: string): boolean => /<c\b[^>]*\bt="s"/.test(rowXml);

/**
 * The first sheet read as it arrives: inflated and cut into rows, each given out as soon as it can
 * be resolved; from the first row that waits for the shared strings, the compressed rest is held.
 */
class LiveSheet {
  private readonly waiting: string[] = [];
  private readonly held: { data: Uint8Array; final: boolean }[] = [];
  private blocked = false;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly cutter = new ElementCutter('row', (xml) => this.waiting.push(xml));
  private readonly inflate?: Inflate;

  constructor(
    compression: number,
    private readonly shared: readonly string[],
    private readonly stringsRead: () => boolean,
  ) {
    if (compression !== 0) this.inflate = new Inflate((data, final) => this.take(data, final));
  }

  /** The rows of the next chunk of the sheet's entry that can be given out now. */
  push(data: Uint8Array, final: boolean): string[][] {
    if (this.blocked) {
      this.held.push({ data, final });
      return [];
    }
    this.feed(data, final);
    return this.ready();
  }

  /** After the shared strings are read (or the archive ended without them): the held rest, chunk by chunk. */
  *resume(): Generator<string[][]> {
    this.blocked = false;
    yield this.ready();
    while (this.held.length > 0) {
      const { data, final } = this.held.shift()!;
      this.feed(data, final);
      yield this.ready();
    }
  }

  private feed(data: Uint8Array, final: boolean): void {
    if (this.inflate) this.inflate.push(data, final);
    else this.take(data, final);
  }

  private take(data: Uint8Array, final: boolean): void {
    this.cutter.push(this.decoder.decode(data, { stream: !final }));
  }

  private ready(): string[][] {
    const rows: string[][] = [];
    let i = 0;
    for (; i < this.waiting.length; i++) {
      if (!this.stringsRead() && usesSharedStrings(this.waiting[i])) {
        this.blocked = true;
        break;
      }
      rows.push(cellsOfRow(this.waiting[i], this.shared));
    }
    this.waiting.splice(0, i);
    return rows;
  }
}

/** The rows (cells as text) of the first sheet of an xlsx whose entries stream in `entries`. */
export async function* xlsxRows(entries: AsyncIterable<EntryChunk>): AsyncGenerator<string[]> {
  const shared: string[] = [];
  let stringsRead = false;
  const sharedCutter = new ElementCutter('si', (xml) => shared.push(ownString(textOfRuns(xml))));
  const decoders = new Map<string, TextDecoder>();
  const small = new Map<string, string>();
  const done = new Set<string>();
  const kept = new Map<string, { compression: number; parts: Uint8Array[] }>();
  /** The first sheet's path once the workbook and its relationships are both read. */
  let first: string | undefined;
  let live: LiveSheet | undefined;
  for await (const e of entries) {
    if (e.plan === 'keep') {
      if (first !== undefined) {
        if (e.name !== first) continue;
        live ??= new LiveSheet(e.compression, shared, () => stringsRead);
        yield* live.push(e.data, e.final).values();
        continue;
      }
      const entry = kept.get(e.name) ?? { compression: e.compression, parts: [] };
      if (e.data.length > 0) entry.parts.push(e.data);
      kept.set(e.name, entry);
      continue;
    }
    const decoder = decoders.get(e.name) ?? new TextDecoder('utf-8');
    decoders.set(e.name, decoder);
    const text = decoder.decode(e.data, { stream: !e.final });
    if (e.name === SHARED_STRINGS) sharedCutter.push(text);
    else small.set(e.name, (small.get(e.name) ?? '') + text);
    if (!e.final) continue;
    done.add(e.name);
    if (e.name === SHARED_STRINGS) {
      stringsRead = true;
      if (live) for (const rows of live.resume()) yield* rows.values();
    }
    if (first === undefined && kept.size === 0 && done.has(WORKBOOK) && done.has(WORKBOOK_RELS)) {
      first = firstSheetPath(small.get(WORKBOOK) ?? '', small.get(WORKBOOK_RELS) ?? '', []);
    }
  }
  stringsRead = true;
  if (live) {
    // The archive ended without (more) shared strings: what waited resolves against what there is.
    for (const rows of live.resume()) yield* rows.values();
    return;
  }
  const path = firstSheetPath(small.get(WORKBOOK) ?? '', small.get(WORKBOOK_RELS) ?? '', [...kept.keys()]);
  const sheet = path ? kept.get(path) : undefined;
  if (!sheet) return;
  kept.clear();
  const rows: string[][] = [];
  const rowCutter = new ElementCutter('row', (xml) => rows.push(cellsOfRow(xml, shared)));
  const decoder = new TextDecoder('utf-8');
  for await (const bytes of inflateKept(sheet.parts, sheet.compression)) {
    rowCutter.push(decoder.decode(bytes, { stream: true }));
    while (rows.length > 0) yield rows.shift()!;
  }
  rowCutter.push(decoder.decode());
  while (rows.length > 0) yield rows.shift()!;
}
