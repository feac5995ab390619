import { parseAddress, type CellBlock } from '../core/address';
import { typeName, type RelationshipsPart } from './package-parts';
import { scanVmlObjects } from './vml-scan';
import { scanXml } from './xml-scan';

/*
 * What the parts around a worksheet place on it: notes (comments), tables, pivot tables, drawing
 * anchors (charts, pictures, shapes) and legacy VML anchors (form controls). Each occupies cells,
 * so new columns go to their right; tables and pivot tables also bound where partspec writes.
 */

/** A table or pivot table on the sheet. */
export interface SheetTable {
  kind: 'table' | 'pivot table';
  name: string;
  ref: string;
  block: CellBlock;
}

export interface SheetNeighbours {
  /** 1 + the last column any of them reaches. */
  width: number;
  tables: SheetTable[];
}

function blockOf(ref: string): CellBlock | undefined {
  try {
    return parseAddress(ref);
  } catch {
    return undefined;
  }
}

/** The notes, tables, pivot tables and drawing anchors of a sheet, from its related parts. */
export function findSheetNeighbours(rels: RelationshipsPart, text: (path: string) => string | undefined): SheetNeighbours {
  let width = 0;
  const reach = (column: number): void => {
    if (Number.isFinite(column)) width = Math.max(width, column + 1);
  };
  const tables: SheetTable[] = [];
  // Each part is read once, however many relationships name it.
  const read = new Set<string>();
  for (const rel of rels.list) {
    if (rel.external || read.has(rel.path)) continue;
    read.add(rel.path);
    const type = typeName(rel.type);
    // Only the parts read here are decoded: printer settings, pictures and the like are binary.
    if (!['comments', 'table', 'pivotTable', 'drawing', 'vmlDrawing'].includes(type)) continue;
    const xml = text(rel.path);
    if (xml === undefined) continue;
    if (type === 'comments') {
      scanXml(xml, { open: (e) => e.name === 'comment' && reach(blockOf(e.attributes.ref ?? '')?.column ?? NaN) });
    } else if (type === 'table' || type === 'pivotTable') {
      let name = rel.path;
      let ref = '';
      scanXml(xml, {
        open: (e) => {
          if (e.path.length === 0) name = e.attributes.displayName ?? e.attributes.name ?? name;
          if (e.path.length === 0 && type === 'table') ref = e.attributes.ref ?? '';
          if (e.path.length === 1 && e.name === 'location') ref = e.attributes.ref ?? '';
        },
      });
      const block = blockOf(ref);
      if (block) {
        tables.push({ kind: type === 'table' ? 'table' : 'pivot table', name, ref, block });
        reach(block.column + block.columnCount - 1);
      }
    } else if (type === 'drawing') {
      // An anchor's end at offset 0 of a column ends where that column begins.
      let corner: Record<string, number> = {};
      scanXml(xml, {
        open: (e) => {
          if (e.name === 'from' || e.name === 'to') corner = {};
        },
        text: (t, path) => {
          const n = path.length;
          if (path[n - 2] === 'from' || path[n - 2] === 'to') corner[path[n - 1]] = Number(t.trim());
        },
        close: (e) => {
          if (e.name === 'from' && corner.col !== undefined) reach(corner.col);
          if (e.name === 'to' && corner.col !== undefined) reach(corner.colOff === 0 && corner.col > 0 ? corner.col - 1 : corner.col);
        },
      });
    } else if (type === 'vmlDrawing') {
      // A note's box is shown only on hover, and its cell is in the comments part; a form
      // control's anchor is "LeftColumn, LeftOffset, TopRow, TopOffset, RightColumn, RightOffset, …".
      for (const object of scanVmlObjects(xml)) {
        if (object.objectType === 'Note' || !object.anchor) continue;
        const [, , , , right, rightOffset] = object.anchor;
        reach(rightOffset === 0 && right > 0 ? right - 1 : right);
      }
    }
  }
  return { width, tables };
}
