/** Worksheet and table names Excel accepts. */

/** The sheet the BOM summary is written to (or the start of its name); never taken for a BOM. */
export const SUMMARY_SHEET_NAME = 'PartSpec Summary';

/** A short, stable tag of a text (FNV-1a, 4 hex digits), so two long sheet names cut alike still differ. */
function tagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return (hash & 0xffff).toString(16).padStart(4, '0');
}

/**
 * The summary sheet of the BOM on sheet `bomSheet`: `PartSpec Summary - BOM`, one per BOM sheet,
 * so the summary of a second BOM sheet never replaces the first's. A BOM sheet name too long for
 * Excel's 31 characters is cut and tagged (`PartSpec Summary - Main boar~1a2b`).
 */
export function summarySheetName(bomSheet: string): string {
  const prefix = `${SUMMARY_SHEET_NAME} - `;
  const room = MAX_SHEET_NAME_LENGTH - prefix.length;
  const chars = [...bomSheet.replace(/^'+|'+$/g, '')];
  return chars.length <= room ? `${prefix}${chars.join('')}` : `${prefix}${chars.slice(0, room - 5).join('')}~${tagOf(bomSheet)}`;
}

/** The sheet the add-in writes the parts in use across the open workbook's BOM sheets to; never taken for a BOM. */
export const PORTFOLIO_SHEET_NAME = 'PartSpec Parts in use';

/** True for a sheet PartSpec writes a summary to (a BOM's, or the parts in use across the workbook's BOMs): never taken for a BOM. */
export function isSummarySheetName(name: string): boolean {
  return name === SUMMARY_SHEET_NAME || name === PORTFOLIO_SHEET_NAME || name.startsWith(`${SUMMARY_SHEET_NAME} - `);
}

/** Longest worksheet name Excel accepts. */
const MAX_SHEET_NAME_LENGTH = 31;

const SHEET_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * A worksheet name Excel accepts, unique among `existing` (compared case-insensitively, as Excel
 * does): forbidden characters `[]:*?/\` replaced, no leading or trailing apostrophe, at most 31
 * characters, never the reserved `History`; a numbered suffix ` (2)` when the name is taken.
 */
export function uniqueSheetName(wanted: string, existing: readonly string[]): string {
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in sheet names
  let base = wanted.replace(SHEET_FORBIDDEN, '-').replace(/[\u0000-\u001f]/g, ' ').replace(/\s+/g, ' ').trim();
  base = base.replace(/^'+|'+$/g, '').trim();
  if (base === '' || base.toLowerCase() === 'history') base = `PartSpec ${base}`.trim();
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const fit = (text: string, suffix: string): string => `${[...text].slice(0, MAX_SHEET_NAME_LENGTH - suffix.length).join('').trimEnd()}${suffix}`;
  let name = fit(base, '');
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = fit(base, ` (${n})`);
  return name;
}

/**
 * A table name Excel accepts, unique among `existing`: letters, digits and underscores, starting
 * with a letter or underscore, not a cell reference (`A1`, `R1C1`), numbered `_2` when taken.
 */
export function uniqueTableName(wanted: string, existing: readonly string[]): string {
  let base = wanted.normalize('NFKC').replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+|_+$/g, '');
  if (!/^[\p{L}_]/u.test(base)) base = `PartSpec_${base}`;
  if (/^[A-Za-z]{1,3}\d+$/.test(base) || /^[Rr]\d*[Cc]\d*$/.test(base)) base = `PartSpec_${base}`;
  base = base.slice(0, 200);
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
  return name;
}
