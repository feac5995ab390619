import { columnLetters, columnIndex, parseAddress } from '../address';
import { alternateColumn, type AlternateColumn } from './enrich-sets';
import { findNamedColumn, isLettersWithin, type LocatedBom } from './locate';

/** A second-source column: by its header or letters (`--column MPN2`), or by an address (`'BOM'!D2:D41`, a picked column). */
export type AlternatePick = { name: string } | { address: string };

/** A second source named by its header in the header row, or by its letters; a sentence why not. */
function byName(bom: LocatedBom, name: string): AlternateColumn | string {
  const { region, layout, headers, headerOrigin } = bom;
  let at = findNamedColumn(headers, name);
  if (at >= 0) at += headerOrigin + (layout.shift ?? 0);
  else if (isLettersWithin(name, region.lastColumn + 1)) at = columnIndex(name.trim());
  if (at < 0) return `Sheet '${region.sheetName}' has no column headed '${name}' in row ${layout.headerRow + 1}, the header row of the part numbers.`;
  if (at === layout.partColumn) return `--column '${name}' is the first part-number column again; give each column once.`;
  return alternateColumn(headers, headerOrigin + (layout.shift ?? 0), at);
}

/** A second source named by an address; a sentence why not. */
function byAddress(bom: LocatedBom, address: string): AlternateColumn | string {
  let column: number;
  try {
    column = parseAddress(address).column;
  } catch {
    return `'${address}' is not a column of the BOM.`;
  }
  if (column < bom.headerOrigin || column > bom.region.lastColumn) return `Column ${columnLetters(column)} is not a column of the BOM.`;
  if (column === bom.layout.partColumn) return `Column ${columnLetters(column)} holds the part numbers already; tick another column as a second source.`;
  return alternateColumn(bom.headers, bom.headerOrigin, column);
}

/** The second-source columns, each once, in the order given; or the sentence naming the first that is not one. */
export function resolveAlternates(bom: LocatedBom, picks: readonly AlternatePick[]): AlternateColumn[] | { message: string } {
  const out: AlternateColumn[] = [];
  for (const pick of picks) {
    const found = 'name' in pick ? byName(bom, pick.name) : byAddress(bom, pick.address);
    if (typeof found === 'string') return { message: found };
    if (!out.some((a) => a.column === found.column)) out.push(found);
  }
  return out;
}
