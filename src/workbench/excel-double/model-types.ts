/** The shapes of the workbook double's state: cells, sheets, tables, and the error it throws. */
import type { Block } from './a1';

/** What one cell holds in the workbook double. */
export type Scalar = string | number | boolean;

export interface Hyperlink {
  address?: string;
  /** A place in the workbook (`'BOM'!A12`). */
  documentReference?: string;
  textToDisplay?: string;
  screenTip?: string;
}

export interface CellModel {
  value: Scalar;
  /** The formula text (`=…`) when the cell holds a formula. */
  formula?: string;
  numberFormat: string;
  bold?: boolean;
  fontColor?: string;
  fill?: string;
  hyperlink?: Hyperlink;
  horizontalAlignment?: string;
  verticalAlignment?: string;
  wrapText?: boolean;
}

export interface ConditionalFormatModel {
  id: number;
  block: Block;
  type: string;
  /** Rule as the API was given it: { operator, text } for text rules, { formula1, operator } for cell-value, { formula } for custom. */
  rule: Record<string, unknown>;
  fill?: string;
  fontColor?: string;
}

export interface SheetModel {
  id: string;
  name: string;
  cells: Map<number, CellModel>;
  columnWidths: Map<number, number>;
  frozenRows: number;
  frozenColumns: number;
  conditionalFormats: ConditionalFormatModel[];
  /** Page setup as set through Worksheet.pageLayout, and the rows a manual page break goes above. */
  pageLayout?: { orientation?: string; paperSize?: string; zoom?: Record<string, number> };
  pageBreaks?: number[];
}

export interface TableModel {
  id: string;
  name: string;
  sheetId: string;
  /** The whole table, header row included. */
  block: Block;
}

/** Evaluates a formula for display; the workbench plugs in the real custom functions. */
export type FormulaEvaluator = (formula: string, at: { sheet: string; row: number; column: number }) => Scalar;

export class DoubleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RichApi.Error';
  }
}

export const DEFAULT_FORMAT = 'General';
