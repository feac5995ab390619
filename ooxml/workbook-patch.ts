import { CHANGE_FILL } from '../core/enrich/changes';
import { workbookHeaderOf } from '../core/cells/datasheet';
import { columnLetters, intersectsBlock } from '../core/address';
import { fromExcelSerial } from '../core/dates';
import { NUMBER_FORMATS } from '../core/cells/columns';
import { enrichmentColumnWidth } from '../core/cells/rows';
import type { ColumnWrite } from '../core/enrich/document';
import type { CellType } from './cells';
import { CONTENT_TYPES, NS, relationshipType } from './namespaces';
import { relsPathOf } from './package-reader';
import { charsOfPoints, typedCellOf, type TypedCell } from './typed-cells';
import { ContentTypes, RelationshipsPart, relativeTarget, typeName } from './package-parts';
import { SharedStrings } from './shared-strings';
import { blocksOf, emptyWrites, lastColumnOf, patchSheet, rowsWithCellIn, UnsafeWriteError, type SheetWrites } from './sheet-patch';
import { findSheetNeighbours, type SheetNeighbours } from './sheet-parts';
import { cellsOfRow, scanSheet, type SheetScan } from './sheet-scan';
import { StylesPart } from './styles';
import { scanWorkbook } from './workbook-sheets';
import { PartReferences, type PartRole } from './part-references';
import { FileLimitError, isFileLimitError } from '../core/limits';
import { bytesSource, ZipPackage, type RandomAccess } from './zip-package';

/*
 * A workbook patched rather than rewritten. No maintained library edits an OOXML package in
 * place: ExcelJS, SheetJS and xlsx-populate load a model of the workbook and write a new package
 * from it (dropping, or re-serializing, whatever the model does not hold), and template fillers
 * such as xlsx-template do the same to the parts they touch. So this module reads only what an
 * enrichment needs (the workbook's sheet list, styles, shared strings and the target sheet, with
 * saxes) and writes back only what it changes; every other entry of the ZIP is copied as stored.
 */

const TEXT: CellType = { kind: 'text', numberFormat: NUMBER_FORMATS.text };

/** A worksheet as the workbook lists it. */
interface SheetRecord {
  name: string;
  path: string;
}

export { UnsafeWriteError };

/** The plain value of a typed cell, as a reader of the patched sheet would see it. */
function plainOf(typed: TypedCell | undefined): unknown {
  if (!typed) return undefined;
  return typed.type === 'date' ? fromExcelSerial(typed.value) : typed.value;
}

/** The result of patching: the new archive, and what a change of kind left out. */
export interface PatchedPackage {
  /** Read from the input as they are taken: write them before the input is replaced. */
  chunks: Iterable<Uint8Array>;
  /** Writes the new archive to a file, the kept entries through one reused buffer (memory that does not grow with the workbook). */
  write(file: string): Promise<void>;
  /** Phrases naming what was not carried over (the macros of an .xlsm written as .xlsx). */
  dropped: string[];
}

/** A workbook opened for patching. */
export class WorkbookPatch {
  private readonly zip: ZipPackage;
  private readonly types: ContentTypes;
  private readonly workbookPath: string;
  private readonly workbookRels: RelationshipsPart;
  private readonly sheets: SheetRecord[] = [];
  private readonly styles: StylesPart;
  private readonly strings: SharedStrings;
  private readonly date1904: boolean;
  private readonly scans = new Map<string, SheetScan>();
  private readonly neighbours = new Map<string, SheetNeighbours>();
  private readonly writes = new Map<string, SheetWrites>();
  private readonly sheetRels = new Map<string, RelationshipsPart>();
  /** The relationships namespace the package uses (a Strict Open XML workbook has its own). */
  private readonly relNamespace: string;
  /** The part whose text was read last: the one a parse that fails was reading. */
  private lastRead = '';

  /** Throws an Error (its message a reason for a sentence) when the source is not a readable workbook package. */
  constructor(source: Uint8Array | RandomAccess) {
    this.zip = new ZipPackage(source instanceof Uint8Array ? bytesSource(source) : source);
    try {
      this.types = new ContentTypes(this.requireText('[Content_Types].xml'));
      const root = new RelationshipsPart('', this.text('_rels/.rels'));
      const office = root.find('officeDocument');
      if (!office || !this.zip.has(office.path)) throw new Error('it holds no workbook part');
      this.workbookPath = office.path;
      this.relNamespace = office.type.slice(0, office.type.lastIndexOf('/'));
      this.workbookRels = new RelationshipsPart(this.workbookPath, this.text(relsPathOf(this.workbookPath)));
      let date1904 = false;
      scanWorkbook(this.requireText(this.workbookPath), (name, id) => {
        const rel = this.workbookRels.byId(id);
        if (rel && typeName(rel.type) === 'worksheet') this.sheets.push({ name, path: rel.path });
      }, (on) => (date1904 = on));
      this.date1904 = date1904;
      const main = this.relNamespace === NS.relationshipsStrict ? NS.mainStrict : NS.main;
      this.styles = new StylesPart(this.workbookPart('styles'), main);
      this.strings = new SharedStrings(this.workbookPart('sharedStrings'), main);
    } catch (error) {
      throw this.named(error);
    }
  }

  /**
   * The text of a part the workbook relates to by type, undefined when it has none. A target
   * outside the package, or a part the package lacks, is refused: reading it as absent would show
   * every cell that uses it blank, and writing it would add an entry under that name.
   */
  private workbookPart(type: string): string | undefined {
    const rel = this.workbookRels.find(type);
    if (!rel) return undefined;
    if (rel.external || rel.path.startsWith('../') || rel.path === '..') throw new Error(`its ${type} relationship points outside the package (${rel.target})`);
    const xml = this.text(rel.path);
    if (xml === undefined) throw new Error(`its ${type} part ${rel.path} is missing`);
    return xml;
  }

  /** A refusal for an XML part's depth or element count, naming the part read last (the one being parsed). */
  private named(error: unknown): unknown {
    if (isFileLimitError(error) && error.limit.startsWith('xml') && this.lastRead) return new FileLimitError(error.limit, `The part ${this.lastRead}`);
    return error;
  }

  private naming<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw this.named(error);
    }
  }

  /** Worksheet names in workbook order (chart and dialog sheets are not listed). */
  get sheetNames(): string[] {
    return this.sheets.map((s) => s.name);
  }

  /** The values of a worksheet from A1, 0-based; empty cells undefined. */
  values(name: string): unknown[][] {
    return this.naming(() => this.scanOf(name).values);
  }

  /**
   * How many columns from A hold something: a value or formula, a note, a hyperlink, a data
   * validation, a conditional format, merged cells, the autofilter, a table, a pivot table, or an
   * anchor of a chart, picture, shape or form control. New columns go to the right of all of it.
   */
  occupiedWidth(name: string): number {
    const scan = this.naming(() => this.scanOf(name));
    let width = Math.max(scan.valueWidth, this.naming(() => this.neighboursOf(name)).width);
    for (const area of scan.areas) for (const block of blocksOf(area)) width = Math.max(width, lastColumnOf(block) + 1);
    return width;
  }

  /** Records a column to write; throws UnsafeWriteError when it would fall inside a pivot table, or add a column inside a table. */
  writeColumn(name: string, write: ColumnWrite): void {
    const last = write.firstRow + write.cells.length - 1;
    const area = { row: Math.min(write.headerRow, write.firstRow), column: write.column, rowCount: Math.max(last, write.headerRow) - Math.min(write.headerRow, write.firstRow) + 1, columnCount: 1 };
    for (const table of this.neighboursOf(name).tables) {
      if (!intersectsBlock(table.block, area)) continue;
      if (table.kind === 'table' && write.existing && table.block.row === write.headerRow) continue;
      throw new UnsafeWriteError(`the column ${columnLetters(write.column)} that partspec writes on sheet '${name}' falls inside the ${table.kind} '${table.name}' (${table.ref}), which partspec does not ${table.kind === 'table' ? 'add columns to' : 'write into'}`);
    }
    const writes = this.writes.get(name) ?? emptyWrites();
    this.writes.set(name, writes);
    const occupied = rowsWithCellIn(this.scanOf(name), write.column, Math.min(write.headerRow, write.firstRow), Math.max(last, write.headerRow));
    const put = (row: number, typed: TypedCell | undefined, extra: { bold?: boolean; fill?: string | null } = {}): void => {
      if (!typed && !extra.fill && !occupied.has(row)) return; // a blank row of a sparse sheet (1,048,576 rows) costs nothing
      writes.cells.set(`${row}:${write.column}`, { row, column: write.column, typed, ...extra });
      const values = this.scanOf(name).values;
      const plain = plainOf(typed);
      if (plain !== undefined || values[row]?.[write.column] !== undefined) (values[row] ??= [])[write.column] = plain;
    };
    put(write.headerRow, typedCellOf(workbookHeaderOf(write.spec), TEXT), write.existing ? {} : { bold: true });
    const changeFill = `FF${CHANGE_FILL.slice(1).toUpperCase()}`;
    write.cells.forEach((value, i) => put(write.firstRow + i, typedCellOf(value, write.spec), write.changed ? { fill: write.changed[i] ? changeFill : null } : {}));
    writes.highlights.set(write.column, { column: write.column, firstRow: write.firstRow, lastRow: last, rules: write.highlight ?? [] });
    if (!write.existing) writes.widths.set(write.column, charsOfPoints(enrichmentColumnWidth(write.spec)));
  }

  /**
   * Whether a cell holds a formula: its value is what the formula last gave, so a replacement
   * written there would drop the formula.
   */
  hasFormula(name: string, row: number, column: number): boolean {
    const scan = this.naming(() => this.scanOf(name));
    const scanned = scan.rows.find((r) => r.row === row);
    return scanned !== undefined && cellsOfRow(scan, scanned).some((c) => c.column === column && c.hasFormula);
  }

  /**
   * Records new values for cells of the sheet's own (a part number replaced in place): text stays
   * text (a value starting with = is never a formula), a number a number; each cell keeps its
   * format, note and hyperlink. Nothing else of the sheet is written.
   */
  replaceCells(name: string, cells: readonly { row: number; column: number; value: string | number }[]): void {
    const scan = this.naming(() => this.scanOf(name));
    const writes = this.writes.get(name) ?? emptyWrites();
    this.writes.set(name, writes);
    for (const { row, column, value } of cells) {
      const typed: TypedCell = typeof value === 'number' ? { type: 'number', value, numFmt: NUMBER_FORMATS.general } : { type: 'text', value, numFmt: NUMBER_FORMATS.text };
      writes.cells.set(`${row}:${column}`, { row, column, typed, keepFormat: true });
      (scan.values[row] ??= [])[column] = value;
    }
  }

  /**
   * The patched package. `asWorkbook` writes a template or macro-enabled workbook as a plain
   * .xlsx: the workbook's content type changes and the VBA project is left out (and named).
   */
  patch(asWorkbook = false): PatchedPackage {
    // Every part written or kept is the one part its relationship names, inside the package.
    const references = this.naming(() => new PartReferences(this.zip.names, (path) => this.text(path)));
    const kept = this.partRoles();
    references.checkWritten(kept);
    const keptPaths = new Set(kept.map((k) => k.path));
    const replaced = new Map<string, Uint8Array>();
    const removed = new Set<string>();
    const dropped: string[] = [];
    const encode = (xml: string): Uint8Array => new TextEncoder().encode(xml);
    let overwroteFormula = false;
    for (const [name, writes] of this.writes) {
      const sheet = this.sheetOf(name);
      const rels = this.relsOf(sheet.path);
      const patched = patchSheet(this.scanOf(name), writes, { styles: this.styles, strings: this.strings, rels, relNamespace: this.relNamespace });
      overwroteFormula ||= patched.overwroteFormula;
      replaced.set(sheet.path, patched.bytes);
      if (rels.changed) {
        replaced.set(rels.path, encode(rels.toXml()));
        this.types.addDefault('rels', CONTENT_TYPES.relationships);
      }
    }
    /** A part of the workbook (styles, shared strings) written where it is, or created with its relationship and content type. */
    const putWorkbookPart = (type: string, newPath: string, contentType: string, xml: string): void => {
      const rel = this.workbookRels.find(type);
      const path = rel?.path ?? this.zip.freeName(newPath);
      if (!rel) {
        this.workbookRels.add(relationshipType(type, this.relNamespace), relativeTarget(this.workbookPath, path));
        this.types.setOverride(path, contentType);
      }
      replaced.set(path, encode(xml));
    };
    if (this.styles.changed) putWorkbookPart('styles', 'xl/styles.xml', CONTENT_TYPES.styles, this.styles.toXml());
    if (this.strings.changed) putWorkbookPart('sharedStrings', 'xl/sharedStrings.xml', CONTENT_TYPES.sharedStrings, this.strings.toXml());
    // The calculation chain lists formula cells; one that no longer holds a formula makes Excel
    // report the file as damaged, and Excel rebuilds a missing chain.
    const chain = this.workbookRels.find('calcChain');
    if (overwroteFormula && chain) this.removePart(chain.id, chain.path, removed, references, keptPaths);
    if (asWorkbook) {
      this.types.setOverride(this.workbookPath, CONTENT_TYPES.workbook);
      for (const rel of [...this.workbookRels.list]) {
        if (rel.external || !/vbaProject/i.test(typeName(rel.type))) continue;
        dropped.push(`VBA macros (${rel.path})`);
        this.removePart(rel.id, rel.path, removed, references, keptPaths);
      }
      // Excel's own .xlsm declares the VBA type as the default of .bin; a workbook has no such part.
      const orphan = !this.zip.names.some((n) => !removed.has(n) && n.toLowerCase().endsWith('.bin') && !this.types.hasOverride(n));
      if (/vbaProject/i.test(this.types.defaultOf('bin')) && orphan) this.types.removeDefault('bin');
    }
    if (this.workbookRels.changed) replaced.set(this.workbookRels.path, encode(this.workbookRels.toXml()));
    if (this.types.changed) replaced.set('[Content_Types].xml', encode(this.types.toXml()));
    return { chunks: this.zip.writeChunks(replaced, removed), write: (file) => this.zip.writeFile(file, replaced, removed), dropped };
  }

  /** Releases the input file. */
  close(): void {
    this.zip.close();
  }

  /**
   * Leaves a part out with its relationship, its content-type override and the parts only it
   * reaches. A part another relationship still names, or one the patch keeps (the workbook, a
   * sheet), stays: only the relationship goes.
   */
  private removePart(id: string, path: string, removed: Set<string>, references: PartReferences, kept: ReadonlySet<string>): void {
    this.workbookRels.remove(id);
    if (kept.has(path) || references.sourcesOf(path).length > 1) return;
    this.types.removeOverride(path);
    removed.add(path);
    const own = new RelationshipsPart(path, this.text(relsPathOf(path)));
    if (this.zip.has(own.path)) removed.add(own.path);
    for (const reached of references.onlyReachedFrom(path, own, kept)) if (this.zip.has(reached)) removed.add(reached);
  }

  /** The parts a patch writes or must keep, with what each is to the workbook. */
  private partRoles(): PartRole[] {
    const roles: PartRole[] = [
      { path: '[Content_Types].xml', role: 'the content types' },
      { path: this.workbookPath, role: 'the workbook' },
      { path: this.workbookRels.path, role: 'the workbook’s relationships' },
    ];
    for (const name of this.writes.keys()) {
      const sheet = this.sheetOf(name);
      roles.push({ path: sheet.path, role: `sheet '${name}'` }, { path: relsPathOf(sheet.path), role: `the relationships of sheet '${name}'` });
    }
    for (const [type, role] of [['styles', 'the styles'], ['sharedStrings', 'the shared strings']]) {
      const rel = this.workbookRels.find(type);
      if (rel) roles.push({ path: rel.path, role });
    }
    return roles;
  }

  private sheetOf(name: string): SheetRecord {
    const sheet = this.sheets.find((s) => s.name === name);
    if (!sheet) throw new Error(`no sheet '${name}'`);
    return sheet;
  }

  private relsOf(path: string): RelationshipsPart {
    let rels = this.sheetRels.get(path);
    if (!rels) {
      rels = new RelationshipsPart(path, this.text(relsPathOf(path)));
      this.sheetRels.set(path, rels);
    }
    return rels;
  }

  private scanOf(name: string): SheetScan {
    let scan = this.scans.get(name);
    if (!scan) {
      const sheet = this.sheetOf(name);
      const styles = this.styles;
      const offset = this.date1904 ? 1462 : 0;
      scan = scanSheet(this.requireText(sheet.path), { strings: this.strings.strings, isDate: (s) => styles.isDate(s), dateOf: (n) => fromExcelSerial(n + offset) });
      // Memory follows the sheets written, not the workbook: a sheet only read is kept until the next one is read.
      for (const other of this.scans.keys()) if (!this.writes.has(other)) this.scans.delete(other);
      this.scans.set(name, scan);
    }
    return scan;
  }

  private neighboursOf(name: string): SheetNeighbours {
    let found = this.neighbours.get(name);
    if (!found) {
      found = findSheetNeighbours(this.relsOf(this.sheetOf(name).path), (path) => this.text(path));
      this.neighbours.set(name, found);
    }
    return found;
  }

  /** The text of an XML part, undefined when absent. */
  private text(path: string): string | undefined {
    const bytes = this.zip.read(path);
    if (!bytes) return undefined;
    this.lastRead = path;
    try {
      // The byte-order mark, if any, stays: the part's text is written back as it was.
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch (error) {
      // Text longer than the runtime's longest string is a part too large, not one that is not UTF-8.
      if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_STRING_TOO_LONG') throw new FileLimitError('partBytes', `The part ${path}`);
      throw new Error(`its part ${path} is not UTF-8 text`);
    }
  }

  private requireText(path: string): string {
    const text = this.text(path);
    if (text === undefined) throw new Error(`it has no ${path}`);
    return text;
  }
}
