import { letters, parseRef } from './a1';
import { DoubleContext, type SyncFault, type SyncRecord } from './context';
import { ruleMatches } from './rule-match';
import { WorkbookModel, type CellModel, type ConditionalFormatModel, type FormulaEvaluator, type Scalar, type SheetModel } from './model';
import { WorksheetProxy } from './sheet-proxies';
import { WorkbookProxy } from './workbook-proxy';
import { createDocumentSettings, type DocumentSettingsDouble } from './settings';
import { workbookCharts, type ChartModel } from './chart-proxies';

export { DoubleError, WorkbookModel, type CellModel, type ConditionalFormatModel, type Scalar } from './model';
export type { SyncRecord, SyncFault } from './context';
export type { DocumentSettingsDouble } from './settings';
export type { ChartModel } from './chart-proxies';

/** Excel on the web's request payload limit. */
export const DOUBLE_PAYLOAD_LIMIT = 5 * 1024 * 1024;

export interface ExcelDoubleOptions {
  /** Sheets to start with. @default ['Sheet1'] */
  sheets?: string[];
  /** @default 5 MB */
  payloadLimit?: number;
}

export interface TableInfo {
  name: string;
  sheet: string;
  /** A1 address of the whole table, header included. */
  address: string;
  headers: string[];
  rowCount: number;
}

/** The context handed to a batch: the subset of Excel.RequestContext PartSpec uses. */
export interface DoubleRequestContext {
  workbook: WorkbookProxy;
  application: WorkbookProxy['application'];
  sync(): Promise<void>;
}

/**
 * An in-memory Excel workbook for Node and the browser: `run` works like `Excel.run`, and the
 * inspectors show what a person would see (values, formulas, formats, tables, highlights), how many
 * syncs happened and how big each request payload was.
 */
export interface ExcelDouble {
  /** Like Excel.run: the batch gets a request context; pending commands are synced when it returns. */
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** `Office` as far as PartSpec uses it: `Office.context.document.settings`. */
  office: { context: { document: { settings: DocumentSettingsDouble } } };
  model: WorkbookModel;

  sheetNames(): string[];
  /** Cell values from A1 to the end of the used range. */
  values(sheet: string): Scalar[][];
  /** Formula text where a cell holds a formula, else its value. */
  formulas(sheet: string): Scalar[][];
  numberFormats(sheet: string): string[][];
  /** The text Excel would display. */
  texts(sheet: string): string[][];
  cell(sheet: string, address: string): CellModel | undefined;
  /** Every cell holding a formula, as `Sheet!A1 → =…`. */
  formulaCells(sheet?: string): { address: string; formula: string }[];
  tables(): TableInfo[];
  /** The charts on a sheet, in the order they were made. */
  charts(sheet: string): ChartModel[];
  conditionalFormats(sheet: string): ConditionalFormatModel[];
  /** Fill colour a conditional format gives the cell, if any (text rules only). */
  highlight(sheet: string, address: string): string | undefined;
  frozenRows(sheet: string): number;
  columnWidth(sheet: string, column: number): number | undefined;
  /** Document settings as saved in the file. */
  savedSettings(): Record<string, unknown>;
  syncs(): SyncRecord[];
  syncCount(): number;
  payloadSizes(): number[];
  calculations(): string[];

  /** Types values into a sheet as a user would (formulas and number parsing included). */
  setCells(sheet: string, topLeft: string, rows: unknown[][]): void;
  /** Creates a table over an address, as a user would. */
  addTable(sheet: string, address: string, name?: string): void;
  /** Selects a range, as a user would. */
  select(sheet: string, address: string): void;
  addSheet(name: string): void;
  configure(options: { fault?: SyncFault | null; payloadLimit?: number; evaluate?: FormulaEvaluator }): void;
  /** Calls the listener after every sync and every user action above; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Tells subscribers the model changed outside a sync (the workbench's formula results). */
  notify(): void;
}

export function createExcelDouble(options: ExcelDoubleOptions = {}): ExcelDouble {
  const model = new WorkbookModel();
  for (const name of options.sheets ?? ['Sheet1']) model.addSheet(name);
  const saved = new Map<string, unknown>();
  const settings = createDocumentSettings(saved);
  const log = { syncs: [] as SyncRecord[] };
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((l) => l());
  const ctxOptions = {
    payloadLimit: options.payloadLimit ?? DOUBLE_PAYLOAD_LIMIT,
    fault: undefined as SyncFault | undefined,
    onSynced: notify,
    makeWorksheet: (ctx: DoubleContext, locate: () => SheetModel | undefined) => new WorksheetProxy(ctx, locate),
  };

  const used = (sheet: string) => {
    const s = model.sheet(sheet);
    const b = model.usedBlock(s, false);
    const rows = b ? b.row + b.rowCount : 0;
    const cols = b ? b.column + b.columnCount : 0;
    return { s, rows, cols };
  };
  const sheetGrid = <T>(sheet: string, f: (c: CellModel | undefined) => T): T[][] => {
    const { s, rows, cols } = used(sheet);
    return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => f(model.cell(s, r, c))));
  };

  return {
    async run(batch) {
      const context = new DoubleContext(model, log, ctxOptions);
      const workbook = new WorkbookProxy(context);
      const request: DoubleRequestContext = { workbook, application: workbook.application, sync: () => context.sync() };
      const result = await batch(request as unknown as Excel.RequestContext);
      if (context.hasPending) await context.sync();
      return result;
    },
    office: { context: { document: { settings } } },
    model,
    sheetNames: () => model.sheets.map((s) => s.name),
    values: (sheet) => sheetGrid(sheet, (c) => c?.value ?? ''),
    formulas: (sheet) => sheetGrid(sheet, (c) => c?.formula ?? c?.value ?? ''),
    numberFormats: (sheet) => sheetGrid(sheet, (c) => c?.numberFormat ?? 'General'),
    texts: (sheet) => sheetGrid(sheet, (c) => model.displayText(c)),
    cell: (sheet, address) => {
      const { block } = parseRef(address);
      return model.cell(model.sheet(sheet), block.row, block.column);
    },
    formulaCells(sheet) {
      const out: { address: string; formula: string }[] = [];
      for (const s of model.sheets) {
        if (sheet !== undefined && s.name !== sheet) continue;
        for (const [k, c] of s.cells) {
          if (c.formula === undefined) continue;
          const row = Math.floor(k / 16384);
          out.push({ address: `${s.name}!${letters(k % 16384)}${row + 1}`, formula: c.formula });
        }
      }
      return out;
    },
    charts: (sheet) => {
      const id = model.sheet(sheet).id;
      return workbookCharts(model).filter((c) => c.sheetId === id);
    },
    tables: () =>
      model.tables.map((t) => {
        const s = model.sheet(t.sheetId);
        const headers = Array.from({ length: t.block.columnCount }, (_, i) => String(model.cell(s, t.block.row, t.block.column + i)?.value ?? ''));
        const end = `${letters(t.block.column + t.block.columnCount - 1)}${t.block.row + t.block.rowCount}`;
        return { name: t.name, sheet: s.name, address: `${letters(t.block.column)}${t.block.row + 1}:${end}`, headers, rowCount: t.block.rowCount - 1 };
      }),
    conditionalFormats: (sheet) => model.sheet(sheet).conditionalFormats,
    highlight(sheet, address) {
      const s = model.sheet(sheet);
      const { block } = parseRef(address);
      const text = model.displayText(model.cell(s, block.row, block.column));
      for (const cf of s.conditionalFormats) {
        const inside = block.row >= cf.block.row && block.row < cf.block.row + cf.block.rowCount && block.column >= cf.block.column && block.column < cf.block.column + cf.block.columnCount;
        if (!inside) continue;
        if (ruleMatches(cf, text)) return cf.fill;
      }
      return undefined;
    },
    frozenRows: (sheet) => model.sheet(sheet).frozenRows,
    columnWidth: (sheet, column) => model.sheet(sheet).columnWidths.get(column),
    savedSettings: () => Object.fromEntries(saved),
    syncs: () => log.syncs,
    syncCount: () => log.syncs.length,
    payloadSizes: () => log.syncs.map((s) => s.bytes),
    calculations: () => model.calculations,
    setCells(sheet, topLeft, rows) {
      const s = model.sheet(sheet);
      const { block } = parseRef(topLeft);
      rows.forEach((row, r) => row.forEach((v, c) => model.writeValue(s, block.row + r, block.column + c, v)));
      notify();
    },
    addTable(sheet, address, name) {
      const t = model.addTable(model.sheet(sheet), parseRef(address).block, true);
      if (name) model.renameTable(t, name);
      notify();
    },
    select(sheet, address) {
      const s = model.sheet(sheet);
      model.select(s, parseRef(address).block);
      notify();
    },
    addSheet(name) {
      model.addSheet(name);
      notify();
    },
    configure(o) {
      if (o.fault !== undefined) ctxOptions.fault = o.fault ?? undefined;
      if (o.payloadLimit !== undefined) ctxOptions.payloadLimit = o.payloadLimit;
      if (o.evaluate) model.evaluate = o.evaluate;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify,
  };
}
