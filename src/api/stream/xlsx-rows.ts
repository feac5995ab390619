import { type EntryChunk, inflateKept } from './zip-entries';
import { ElementCutter, cellsOfRow, textOfRuns } from './xml-text';

/*
 * The rows of an xlsx's first sheet, from the stream of its ZIP entries. Shared strings are parsed
 * as they stream (the table itself is kept: cells refer to it by number). Worksheets are kept
 * compressed while the archive streams, because writers put them before or after the shared
 * strings as they like (ExcelJS's streaming writer puts them first); the first sheet is then
 * inflated and parsed row by row. Memory: the compressed sheet (a tenth of its XML or less), the
 * string table and one row.
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

/** The rows (cells as text) of the first sheet of an xlsx whose entries stream in `entries`. */
export async function* xlsxRows(entries: AsyncIterable<EntryChunk>): AsyncGenerator<string[]> {
  const shared: string[] = [];
  const sharedCutter = new ElementCutter('si', (xml) => shared.push(textOfRuns(xml)));
  const decoders = new Map<string, TextDecoder>();
  const small = new Map<string, string>();
  const kept = new Map<string, { compression: number; parts: Uint8Array[] }>();
  for await (const e of entries) {
    if (e.plan === 'keep') {
      const entry = kept.get(e.name) ?? { compression: e.compression, parts: [] };
      if (e.data.length > 0) entry.parts.push(e.data);
      kept.set(e.name, entry);
      continue;
    }
    const decoder = decoders.get(e.name) ?? new TextDecoder('utf-8');
    decoders.set(e.name, decoder);
    const text = decoder.decode(e.data, { stream: !e.final });
    if (e.name === 'xl/sharedStrings.xml') sharedCutter.push(text);
    else small.set(e.name, (small.get(e.name) ?? '') + text);
  }
  const path = firstSheetPath(small.get('xl/workbook.xml') ?? '', small.get('xl/_rels/workbook.xml.rels') ?? '', [...kept.keys()]);
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
