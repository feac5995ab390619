/*
 * Opens an .xlsx in the workbench: the archive unzipped in the page (fflate), then the workbook,
 * shared strings, styles and sheets read by the project's own SpreadsheetML readers (ooxml/), the
 * same ones `partspec enrich` reads a workbook with, so a cell has the value here that it has on
 * the command line. The file's sheets are added to the workbook double with their values, dates
 * as dates, and columns wide enough for what they hold.
 */
import { strFromU8, unzipSync } from 'fflate';
import { uniqueSheetName } from '../../core/names';
import { fromExcelSerial, toExcelSerial } from '../../core/dates';
import { SharedStrings } from '../../ooxml/shared-strings';
import { scanSheet } from '../../ooxml/sheet-scan';
import { StylesPart } from '../../ooxml/styles';
import { scanWorkbook } from '../../ooxml/workbook-sheets';
import { scanXml } from '../../ooxml/xml-scan';
import type { ExcelDouble } from './excel-double';

/** A worksheet of an opened file: its name and its values from A1 (empty cells undefined). */
export interface OpenedSheet {
  name: string;
  values: unknown[][];
}

const DATE_FORMAT = 'yyyy-mm-dd';
/** Points per character of a column's longest text, and the bounds of a column's width. */
const POINTS_PER_CHAR = 6.5;
const MIN_WIDTH = 40;
const MAX_WIDTH = 260;

/** The path a relationship target names, from the folder of the part that holds it. */
function partPath(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  return parts.join('/');
}

/** The relationships of a part: id → target path. */
function relationships(xml: string | undefined, from: string): Map<string, { type: string; path: string }> {
  const found = new Map<string, { type: string; path: string }>();
  if (xml === undefined) return found;
  scanXml(xml, {
    open: (e) => {
      if (e.name === 'Relationship' && e.attributes.TargetMode !== 'External') found.set(e.attributes.Id ?? '', { type: e.attributes.Type ?? '', path: partPath(from, e.attributes.Target ?? '') });
    },
  });
  return found;
}

/** Reads the worksheets of an .xlsx (or .xlsm) package; throws an Error with a reason when it is not one. */
function readXlsx(bytes: Uint8Array): OpenedSheet[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new Error(`it is not a zip package (${(error as Error).message})`);
  }
  const text = (path: string): string | undefined => (files[path] ? strFromU8(files[path]) : undefined);
  const office = [...relationships(text('_rels/.rels'), '').values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookXml = office && text(office.path);
  if (!office || workbookXml === undefined) throw new Error('it holds no workbook part');
  const folder = office.path.split('/').slice(0, -1).join('/');
  const rels = relationships(text(`${folder}/_rels/${office.path.split('/').pop() ?? ''}.rels`), office.path);
  const partOf = (type: string): string | undefined => {
    const rel = [...rels.values()].find((r) => r.type.endsWith(`/${type}`));
    return rel && text(rel.path);
  };
  const styles = new StylesPart(partOf('styles'));
  const strings = new SharedStrings(partOf('sharedStrings'));
  const listed: { name: string; path: string }[] = [];
  let offset = 0;
  scanWorkbook(
    workbookXml,
    (name, id) => {
      const rel = rels.get(id);
      if (rel?.type.endsWith('/worksheet')) listed.push({ name, path: rel.path });
    },
    (on) => (offset = on ? 1462 : 0),
  );
  return listed.map(({ name, path }) => {
    const xml = text(path);
    if (xml === undefined) throw new Error(`its sheet ${name} (${path}) is missing`);
    const scan = scanSheet(xml, { strings: strings.strings, isDate: (s) => styles.isDate(s), dateOf: (n) => fromExcelSerial(n + offset) });
    return { name, values: scan.values };
  });
}

/**
 * Adds the sheets of an .xlsx to the workbook (a name already taken gets ` (2)`), selects A1 of
 * the first and returns its name. Throws an Error naming the file when it cannot be read.
 */
export function openWorkbook(double: ExcelDouble, fileName: string, bytes: Uint8Array): string {
  let sheets: OpenedSheet[];
  try {
    sheets = readXlsx(bytes);
  } catch (error) {
    throw new Error(`${fileName} is not a readable .xlsx workbook: ${(error as Error).message}.`);
  }
  if (sheets.length === 0) throw new Error(`${fileName} holds no worksheet.`);
  const names = sheets.map((sheet) => {
    const name = uniqueSheetName(sheet.name, double.sheetNames());
    double.addSheet(name);
    const model = double.model;
    const target = model.sheet(name);
    const widths: number[] = [];
    const rows = sheet.values.map((row, r) =>
      Array.from(row, (value, c) => {
        const shown = value instanceof Date ? DATE_FORMAT : value === undefined ? '' : String(value);
        widths[c] = Math.max(widths[c] ?? 0, shown.length);
        if (!(value instanceof Date)) return value ?? '';
        model.setFormat(target, r, c, DATE_FORMAT);
        return toExcelSerial(value);
      }),
    );
    widths.forEach((chars, column) => target.columnWidths.set(column, Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(chars * POINTS_PER_CHAR)))));
    double.setCells(name, 'A1', rows);
    return name;
  });
  double.select(names[0], 'A1');
  return names[0];
}

/** Where the build puts README's demo BOM (assets/demo-bom.xlsx), beside workbench.html. */
export const DEMO_BOM_URL = 'assets/demo-bom.xlsx';

/** Fetches an .xlsx beside the workbench (the demo BOM) and opens it; resolves to its first sheet's name. */
export async function openWorkbookAt(double: ExcelDouble, url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} could not be fetched (HTTP ${response.status}).`);
  return openWorkbook(double, url.split('/').pop() ?? url, new Uint8Array(await response.arrayBuffer()));
}
