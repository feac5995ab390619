import { escapeXml } from './xml-text';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Zip } from 'fflate';
import { columnLetters } from '../core/address';
import type { SummaryChart } from '../core/report/sheet-layout';
import { chartPartXml, type ChartCells } from './chart-part';
import { drawingPartXml } from './drawing-part';
import { highlightMarkup, type ColumnHighlight } from './conditional-formats';
import { CONTENT_TYPES, NS, relationshipType, XML_HEAD } from './namespaces';
import { StylesPart } from './styles';
import type { TypedCell } from './typed-cells';
import { DeflateEntry, Sink } from './zip-stream';

/*
 * An xlsx package (SpreadsheetML) written as its rows arrive, in memory that does not grow with
 * the rows: each sheet is one entry of fflate's streaming Zip, straight into the file, waiting for
 * the file to drain whenever it falls behind. Entries are deflated by Node's zlib rather than
 * fflate's ZipDeflate: the same bytes, but native and off the main thread (fflate's deflate took
 * 7 of the SMD category's 18 s; zlib leaves the main thread to parsing). Cells are typed as
 * typed-cells.ts decides (inline strings, never formulas). Hyperlinks must follow the rows in the
 * sheet and need a relationship each in another entry, so they are spilled to two temporary files
 * as the rows go and copied in at the end of the sheet. Cell formats (number format, bold, link,
 * fill) and highlight rules come from the patcher's style book (styles.ts, conditional-formats.ts),
 * so a new workbook and a patched one format the same cell the same way; the styles part is
 * written after the sheets. This is the one writer of new workbooks: product tables, replacements
 * and text BOMs saved as .xlsx all go through it.
 */

/** A cell to write: a typed value, optionally bold or filled (a solid ARGB fill, such as a changed cell's). */
export type XlsxCell = TypedCell & { bold?: boolean; fill?: string };

export interface XlsxSheetOptions {
  /** Column widths in characters, from the first column. */
  widths?: readonly number[];
  /** Rows kept in view at the top (a frozen header). @default 0 */
  frozenRows?: number;
}

/** Native charts of a sheet: each over blocks of `cells`, the sheet's values (for the charts' caches). */
export interface XlsxSheetCharts {
  charts: readonly (Omit<SummaryChart, 'name'> & { name: string })[];
  cells: ChartCells;
}

const REL_HYPERLINK = relationshipType('hyperlink');

interface SheetState {
  name: string;
  entry: DeflateEntry;
  rows: number;
  columns: number;
  links: number;
  /** `<hyperlink>` elements and their relationships, spilled until the rows are done. */
  linkRefs?: Sink;
  linkRels?: Sink;
  autoFilter: boolean;
}

/** The bytes of text in UTF-8. */
function utf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/**
 * Writes an xlsx package to `file` sheet by sheet, row by row. Call `startSheet`, `writeRows` (any
 * number of times), `endSheet` for each sheet, then `close`; `abort` removes what it spilled.
 */
export class XlsxStreamWriter {
  private readonly sink: Sink;
  private readonly zip: Zip;
  /** The same style book the patcher appends to, starting from Excel's defaults. */
  private readonly styles = new StylesPart(undefined);
  private readonly styleIndex = new Map<string, number>();
  private readonly sheets: { name: string; filter?: string }[] = [];
  private sheet: SheetState | undefined;
  private spillDir: string | undefined;
  private zipFailure: Error | undefined;
  private readonly finished: Promise<void>;
  private letters: string[] = [];
  /** Content-type overrides of the drawings and charts written. */
  private readonly drawingTypes: string[] = [];
  private charts = 0;

  /**
   * Opens `file` for writing (created or truncated). `level` is zlib's: 3 deflates the SMD
   * category's 206 MB sheet in a third of level 6's time, to 14.6 MB instead of 12.9 MB.
   */
  constructor(file: string, private readonly level = 3) {
    this.sink = new Sink(createWriteStream(file));
    let finish: () => void = () => undefined;
    this.finished = new Promise((resolve) => (finish = resolve));
    this.zip = new Zip((error, data, final) => {
      if (error) this.zipFailure ??= error;
      else this.sink.put(data);
      if (final) finish();
    });
  }

  private async putEntry(name: string, text: string): Promise<void> {
    const entry = this.addEntry(name);
    await entry.push(utf8(text));
    await entry.finish();
    await this.settle();
  }

  private addEntry(name: string): DeflateEntry {
    const entry = new DeflateEntry(name, this.level);
    this.zip.add(entry);
    return entry;
  }

  private async settle(): Promise<void> {
    if (this.zipFailure) throw this.zipFailure;
    await this.sink.settle();
  }

  /** Starts the next sheet (sheets are written one after another). */
  async startSheet(name: string, options: XlsxSheetOptions = {}): Promise<void> {
    if (this.sheet) throw new Error(`xlsx: sheet '${this.sheet.name}' is not ended`);
    const index = this.sheets.length + 1;
    this.sheets.push({ name });
    const entry = this.addEntry(`xl/worksheets/sheet${index}.xml`);
    this.sheet = { name, entry, rows: 0, columns: 0, links: 0, autoFilter: false };
    const frozen = options.frozenRows ?? 0;
    const pane = frozen > 0 ? `<pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A${frozen + 1}" sqref="A${frozen + 1}"/>` : '';
    const cols = (options.widths ?? []).map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
    await entry.push(utf8(`${XML_HEAD}<worksheet xmlns="${NS.main}" xmlns:r="${NS.relationships}"><sheetViews><sheetView workbookViewId="0"${index === 1 ? ' tabSelected="1"' : ''}>${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`));
    await this.settle();
  }

  private letter(column: number): string {
    while (this.letters.length <= column) this.letters.push(columnLetters(this.letters.length));
    return this.letters[column];
  }

  private cellXml(cell: XlsxCell, ref: string, sheet: SheetState): string {
    const link = cell.type === 'text' && cell.link !== undefined;
    // Most cells differ only in their number format: that alone is the key, with no object made per cell.
    const key = link || cell.bold || cell.fill ? `${cell.numFmt}|${link ? 'link' : 'bold'}|${cell.fill ?? ''}` : cell.numFmt;
    let style = this.styleIndex.get(key);
    if (style === undefined) {
      // General is what the default format already shows.
      style = this.styles.styleOf(0, { numFmt: cell.numFmt === 'General' ? undefined : cell.numFmt, bold: cell.bold && !link, link, fill: cell.fill });
      this.styleIndex.set(key, style);
    }
    const s = style === 0 ? '' : ` s="${style}"`;
    switch (cell.type) {
      case 'number':
      case 'date':
        return Number.isFinite(cell.value) ? `<c r="${ref}"${s}><v>${cell.value}</v></c>` : '';
      case 'boolean':
        return `<c r="${ref}"${s} t="b"><v>${cell.value ? 1 : 0}</v></c>`;
      default: {
        if (cell.link !== undefined) this.spillLink(sheet, ref, cell.link);
        const text = escapeXml(cell.value);
        const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
        return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
      }
    }
  }

  private spillLink(sheet: SheetState, ref: string, link: string): void {
    sheet.links++;
    const id = `rId${sheet.links}`;
    sheet.linkRefs!.put(utf8(`<hyperlink ref="${ref}" r:id="${id}"/>`));
    sheet.linkRels!.put(utf8(`<Relationship Id="${id}" Type="${REL_HYPERLINK}" Target="${escapeXml(link)}" TargetMode="External"/>`));
  }

  private async openSpill(sheet: SheetState): Promise<void> {
    if (!this.spillDir) {
      this.spillDir = await mkdtemp(join(tmpdir(), 'partspec-xlsx-'));
      // A second Ctrl+C exits at once; the spilled links go with the process all the same.
      process.once('exit', this.removeSpillNow);
    }
    sheet.linkRefs = new Sink(createWriteStream(join(this.spillDir, `links${this.sheets.length}.xml`)));
    sheet.linkRels = new Sink(createWriteStream(join(this.spillDir, `rels${this.sheets.length}.xml`)));
  }

  /** Appends rows to the current sheet (`undefined` cells stay empty), waiting while the file catches up. */
  async writeRows(rows: readonly (readonly (XlsxCell | undefined)[])[]): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('xlsx: no sheet started');
    if (!sheet.linkRefs && rows.some((r) => r.some((c) => c?.type === 'text' && c.link !== undefined))) await this.openSpill(sheet);
    const parts: string[] = [];
    for (const cells of rows) {
      const r = ++sheet.rows;
      parts.push(`<row r="${r}">`);
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        if (cell) parts.push(this.cellXml(cell, `${this.letter(i)}${r}`, sheet));
      }
      parts.push('</row>');
      if (cells.length > sheet.columns) sheet.columns = cells.length;
    }
    await sheet.entry.push(utf8(parts.join('')));
    await this.settle();
    await sheet.linkRefs?.settle();
    await sheet.linkRels?.settle();
  }

  /**
   * Ends the current sheet, with a filter on its first row over `autoFilterColumns` columns, the
   * highlight rules of some columns and native charts when asked.
   */
  async endSheet(options: { autoFilterColumns?: number; highlights?: readonly ColumnHighlight[]; charts?: XlsxSheetCharts } = {}): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('xlsx: no sheet started');
    let tail = '</sheetData>';
    const columns = options.autoFilterColumns ?? 0;
    if (columns > 0) {
      const range = `A1:${this.letter(columns - 1)}${Math.max(1, sheet.rows)}`;
      tail += `<autoFilter ref="${range}"/>`;
      this.sheets[this.sheets.length - 1].filter = `'${sheet.name.replace(/'/g, "''")}'!${range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}`;
    }
    let priority = 0;
    for (const highlight of options.highlights ?? []) tail += highlightMarkup('', highlight, this.styles, () => ++priority);
    if (sheet.links > 0) {
      await sheet.entry.push(utf8(`${tail}<hyperlinks>`));
      await this.settle();
      await this.copySpill(sheet.linkRefs!, sheet.entry);
      tail = '</hyperlinks>';
    }
    const drawingId = options.charts && options.charts.charts.length > 0 ? `rId${sheet.links + 1}` : undefined;
    await sheet.entry.push(utf8(`${tail}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>${drawingId ? `<drawing r:id="${drawingId}"/>` : ''}</worksheet>`));
    await sheet.entry.finish();
    await this.settle();
    if (sheet.links > 0 || drawingId) {
      const rels = this.addEntry(`xl/worksheets/_rels/sheet${this.sheets.length}.xml.rels`);
      await rels.push(utf8(`${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}">`));
      if (sheet.links > 0) await this.copySpill(sheet.linkRels!, rels);
      if (drawingId) await rels.push(utf8(`<Relationship Id="${drawingId}" Type="${relationshipType('drawing')}" Target="../drawings/drawing${this.sheets.length}.xml"/>`));
      await rels.push(utf8('</Relationships>'));
      await rels.finish();
      await this.settle();
    }
    if (drawingId && options.charts) await this.putCharts(sheet.name, options.charts);
    this.sheet = undefined;
  }

  /** The drawing of the sheet just ended (named after its sheet's number) and its chart parts. */
  private async putCharts(sheetName: string, { charts, cells }: XlsxSheetCharts): Promise<void> {
    const drawing = `drawing${this.sheets.length}.xml`;
    const drawn = charts.map((chart, i) => ({ name: chart.name, relationshipId: `rId${i + 1}`, anchor: chart.anchor, part: `chart${++this.charts}.xml` }));
    for (const [i, chart] of charts.entries()) {
      await this.putEntry(`xl/charts/${drawn[i].part}`, chartPartXml(chart, sheetName, cells));
      this.drawingTypes.push(`<Override PartName="/xl/charts/${drawn[i].part}" ContentType="${CONTENT_TYPES.chart}"/>`);
    }
    await this.putEntry(`xl/drawings/${drawing}`, drawingPartXml(drawn));
    const rels = drawn.map((d) => `<Relationship Id="${d.relationshipId}" Type="${relationshipType('chart')}" Target="../charts/${d.part}"/>`).join('');
    await this.putEntry(`xl/drawings/_rels/${drawing}.rels`, `${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}">${rels}</Relationships>`);
    this.drawingTypes.push(`<Override PartName="/xl/drawings/${drawing}" ContentType="${CONTENT_TYPES.drawing}"/>`);
  }

  /** Copies a spill file into a ZIP entry, chunk by chunk, waiting for the output. */
  private async copySpill(spill: Sink, entry: DeflateEntry): Promise<void> {
    await spill.end();
    for await (const chunk of createReadStream(spill.stream.path as string)) {
      await entry.push(chunk as Buffer);
      await this.settle();
    }
  }

  /** Writes the package's remaining parts and closes the file. */
  async close(): Promise<void> {
    if (this.sheet) await this.endSheet();
    const sheets = this.sheets;
    const overrides = sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CONTENT_TYPES.worksheet}"/>`).join('');
    await this.putEntry(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="${NS.contentTypes}"><Default Extension="rels" ContentType="${CONTENT_TYPES.relationships}"/><Default Extension="xml" ContentType="${CONTENT_TYPES.xml}"/><Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPES.workbook}"/>${overrides}${this.drawingTypes.join('')}<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPES.styles}"/></Types>`,
    );
    await this.putEntry('_rels/.rels', `${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}"><Relationship Id="rId1" Type="${relationshipType('officeDocument')}" Target="xl/workbook.xml"/></Relationships>`);
    const names = sheets.map((s, i) => (s.filter ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(s.filter)}</definedName>` : '')).join('');
    await this.putEntry(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS.main}" xmlns:r="${NS.relationships}"><bookViews><workbookView/></bookViews><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>${names ? `<definedNames>${names}</definedNames>` : ''}<calcPr calcId="191029"/></workbook>`,
    );
    const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${relationshipType('worksheet')}" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
    await this.putEntry('xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}">${rels}<Relationship Id="rId${sheets.length + 1}" Type="${relationshipType('styles')}" Target="styles.xml"/></Relationships>`);
    await this.putEntry('xl/styles.xml', this.styles.toXml());
    this.zip.end();
    await this.finished;
    if (this.zipFailure) throw this.zipFailure;
    await this.sink.end();
    await this.removeSpill();
  }

  /** Stops writing (the caller removes the file) and removes what was spilled. */
  async abort(): Promise<void> {
    this.zip.terminate();
    this.sheet?.entry.terminate();
    this.sink.stream.destroy();
    this.sheet?.linkRefs?.stream.destroy();
    this.sheet?.linkRels?.stream.destroy();
    await this.removeSpill();
  }

  private async removeSpill(): Promise<void> {
    if (this.spillDir) await rm(this.spillDir, { recursive: true, force: true });
    this.spillDir = undefined;
    process.off('exit', this.removeSpillNow);
  }

  private readonly removeSpillNow = (): void => {
    if (this.spillDir) rmSync(this.spillDir, { recursive: true, force: true });
  };
}
