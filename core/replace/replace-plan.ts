/*
 * Replacing one part by another in every BOM: which cells hold the old part, what each becomes,
 * and whether the new part is a drop-in for the old one. Pure: the shells read the sheets and the
 * lookup's answers, hand them here, and write what comes back.
 */
import { normalizePartnoInput, type LookupOutcome } from '../../api/client/lookup';
import type { ProductRecord } from '../../api/product';
import { checkDropIn, describeDifferences } from '../../api/replacements';
import type { Lang } from '../../api/vocabulary';
import { cellAddress } from '../address';
import { findAlternateColumns } from '../bom/bom';
import { REPLACE_WORDS, type UnusablePart } from './replace-words';
import type { BomLayout } from '../bom/bom';

/** One cell that holds the old part and what it becomes. */
export interface CellReplacement {
  sheet: string;
  /** 0-based row and column of the sheet. */
  row: number;
  column: number;
  /** The cell's address (`C4`): its row is the sheet's 1-based row. */
  cell: string;
  /** The value the cell holds now, as read (a number stays a number). */
  before: string | number;
  after: string;
}

/** The form a part number is compared in (the lookup's: trimmed, upper-case, spaces collapsed), or undefined for a cell that holds none. */
export function partNumberKey(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const normalized = normalizePartnoInput(String(value));
  return normalized.ok ? normalized.partno : undefined;
}

/**
 * The part-number columns of a BOM's layout: the one enrich finds, then the second sources beside
 * it (MPN2 beside MPN), where a replaced part may stand too.
 */
function partColumnsOf(values: readonly (readonly unknown[])[], layout: BomLayout): number[] {
  return [layout.partColumn, ...findAlternateColumns(values[layout.headerRow] ?? [], layout.partColumn, layout.shift)];
}

/** What planSheet needs of one sheet. */
export interface SheetToReplace {
  sheet: string;
  values: readonly (readonly unknown[])[];
  layout: BomLayout;
  /** Whether a cell holds a formula (a workbook's): such a cell is named, never overwritten. */
  isFormula?: (row: number, column: number) => boolean;
}

/** The cells of one sheet to change, and those left alone because they hold a formula (their addresses). */
export interface SheetPlan {
  changes: CellReplacement[];
  formulas: string[];
}

/**
 * The cells of a sheet's part-number columns, in its BOM rows, whose part number is `oldPart`
 * (compared as the lookup compares them, the whole number: `GRM188R71H104KA93` does not match
 * `GRM188R71H104KA93D`), each to become `newPart`; top to bottom, left to right.
 */
export function planSheet(input: SheetToReplace, oldPart: string, newPart: string): SheetPlan {
  const key = partNumberKey(oldPart);
  const plan: SheetPlan = { changes: [], formulas: [] };
  if (key === undefined) return plan;
  const columns = partColumnsOf(input.values, input.layout);
  for (let row = input.layout.firstRow; row <= input.layout.lastRow; row++) {
    for (const column of columns) {
      const value = input.values[row]?.[column];
      if (partNumberKey(value) !== key) continue;
      const cell = cellAddress(row, column);
      if (input.isFormula?.(row, column)) plan.formulas.push(cell);
      else plan.changes.push({ sheet: input.sheet, row, column, cell, before: value as string | number, after: newPart });
    }
  }
  return plan;
}

/** The two parts as the service knows them, or why a replacement cannot be judged; `sentence` is said in the judging language. */
export type ReplacementVerdict =
  | { ok: true; original: ProductRecord; replacement: ProductRecord; dropIn: boolean; differs: string[]; sentence?: string }
  | { ok: false; sentence: string };

/** Why an answer gives no single part: not found, invalid or several parts. */
function unusable(input: string, outcome: Pick<LookupOutcome, 'status' | 'products' | 'reason'> | undefined): UnusablePart | undefined {
  if (!outcome || outcome.status === 'notFound' || outcome.products.length === 0) return { input, kind: 'notFound', ...(outcome?.reason ? { reason: outcome.reason } : {}) };
  if (outcome.status === 'invalid') return { input, kind: 'invalid', ...(outcome.reason ? { reason: outcome.reason } : {}) };
  if (outcome.status === 'ambiguous') return { input, kind: 'ambiguous' };
  return undefined;
}

/**
 * Whether `newPart` may replace `oldPart`, from their lookup answers: a drop-in when the one check
 * behind every "drop-in" PartSpec says (checkDropIn: In Production, the same category, every spec
 * the old part states met or bettered) finds nothing; otherwise a sentence (in `lang`) naming what differs.
 */
export function judgeReplacement(oldPart: string, newPart: string, outcomes: ReadonlyMap<string, Pick<LookupOutcome, 'status' | 'products' | 'reason'>>, lang: Lang = 'en'): ReplacementVerdict {
  const words = REPLACE_WORDS[lang];
  const missing = [unusable(oldPart, outcomes.get(oldPart)), unusable(newPart, outcomes.get(newPart))].filter((m): m is UnusablePart => m !== undefined);
  if (missing.length > 0) return { ok: false, sentence: missing.map(words.unusable).join(lang === 'en' ? ' ' : '') };
  const original = outcomes.get(oldPart)!.products[0];
  const replacement = outcomes.get(newPart)!.products[0];
  const failures = checkDropIn(original, replacement);
  if (failures.length === 0) return { ok: true, original, replacement, dropIn: true, differs: [] };
  if (failures.some((f) => f.op === 'group')) {
    const differs = [`category ${replacement.group} vs ${original.group}`];
    return { ok: true, original, replacement, dropIn: false, differs, sentence: words.otherKind(newPart, oldPart, replacement.group, original.group) };
  }
  const differs = describeDifferences(original, replacement, failures, lang);
  const sentence = words.fallsShort(newPart, oldPart, [...new Set(failures.map((f) => f.field))], differs);
  return { ok: true, original, replacement, dropIn: false, differs, sentence };
}
