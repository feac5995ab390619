import { columnLetters, columnIndex, parseAddress } from '../address';
import { alternateColumn, type AlternateColumn } from './enrich-sets';
import { findNamedColumn, isLettersWithin, type LocatedBom, type LocateFact } from './locate';

/** A second-source column: by its header or letters (`--column MPN2`), or by an address (`'BOM'!D2:D41`, a picked column). */
export type AlternatePick = { name: string } | { address: string };

/** Why a pick is not a second source: the English sentence, and the fact a shell says in its language (core/enrich/locate-words.ts). */
interface NotAlternate {
  message: string;
  fact: LocateFact;
}

/** A second source named by its header in the header row, or by its letters; why not. */
function byName(bom: LocatedBom, name: string): AlternateColumn | NotAlternate {
  const { region, layout, headers, headerOrigin } = bom;
  let at = findNamedColumn(headers, name);
  if (at >= 0) at += headerOrigin + (layout.shift ?? 0);
  else if (isLettersWithin(name, region.lastColumn + 1)) at = columnIndex(name.trim());
  if (at < 0) {
    return { message: `Sheet '${region.sheetName}' has no column headed '${name}' in row ${layout.headerRow + 1}, the header row of the part numbers.`, fact: { what: 'noAlternateNamed', header: name, row: layout.headerRow + 1 } };
  }
  if (at === layout.partColumn) return { message: `--column '${name}' is the first part-number column again; give each column once.`, fact: { what: 'alternateIsPrimary', header: name } };
  return alternateColumn(headers, headerOrigin + (layout.shift ?? 0), at);
}

/** A second source named by an address; why not. */
function byAddress(bom: LocatedBom, address: string): AlternateColumn | NotAlternate {
  let column: number;
  try {
    column = parseAddress(address).column;
  } catch {
    return { message: `'${address}' is not a column of the BOM.`, fact: { what: 'notBomColumn', address } };
  }
  const letters = columnLetters(column);
  if (column < bom.headerOrigin || column > bom.region.lastColumn) return { message: `Column ${letters} is not a column of the BOM.`, fact: { what: 'notBomColumn', letters } };
  if (column === bom.layout.partColumn) return { message: `Column ${letters} holds the part numbers already; tick another column as a second source.`, fact: { what: 'alternateHoldsParts', letters } };
  return alternateColumn(bom.headers, bom.headerOrigin, column);
}

/** The second-source columns, each once, in the order given; or why the first that is not one is not. */
export function resolveAlternates(bom: LocatedBom, picks: readonly AlternatePick[]): AlternateColumn[] | NotAlternate {
  const out: AlternateColumn[] = [];
  for (const pick of picks) {
    const found = 'name' in pick ? byName(bom, pick.name) : byAddress(bom, pick.address);
    if ('message' in found) return found;
    if (!out.some((a) => a.column === found.column)) out.push(found);
  }
  return out;
}
