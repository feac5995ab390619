import type { TextEdit } from './xml-scan';

/*
 * Where a new child element goes among its siblings, in the order the SpreadsheetML schema
 * requires (a program that validates, like Excel, refuses a part whose children are out of order).
 */

/** Children of CT_Worksheet in schema order. */
export const WORKSHEET_ORDER = [
  'sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'sheetCalcPr', 'sheetProtection', 'protectedRanges', 'scenarios', 'autoFilter',
  'sortState', 'dataConsolidate', 'customSheetViews', 'mergeCells', 'phoneticPr', 'conditionalFormatting', 'dataValidations', 'hyperlinks', 'printOptions',
  'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing',
  'legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst',
];

/** Children of CT_Stylesheet in schema order. */
export const STYLESHEET_ORDER = ['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles', 'dxfs', 'tableStyles', 'colors', 'extLst'];

/** A direct child of the root element: its local name and where it starts. */
export interface ChildPosition {
  name: string;
  start: number;
}

/**
 * The offset where a new child `name` goes: before the first existing child that the schema puts
 * after it (an `mc:AlternateContent` wrapper counts as what it wraps when known, else is passed
 * over), else before the root's end tag at `rootClose`.
 */
function insertionOffset(order: readonly string[], children: readonly ChildPosition[], name: string, rootClose: number): number {
  const rank = order.indexOf(name);
  for (const child of children) {
    const at = order.indexOf(child.name);
    if (at > rank) return child.start;
  }
  return rootClose;
}

/** An insertion edit of `xml` at the schema position of `name`. */
export function insertChild(order: readonly string[], children: readonly ChildPosition[], name: string, rootClose: number, xml: string): TextEdit {
  const at = insertionOffset(order, children, name, rootClose);
  return { start: at, end: at, text: xml };
}
