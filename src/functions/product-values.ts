import type { LookupOutcome } from '../../api/client';
import type { ProductRecord } from '../../api/product';
import type { DisplayUnit } from '../../api/units';
import type { FieldDef } from '../../api/vocabulary';
import { toCellValue, type CellValue } from '../../core/cells/cell-values';
import { isSyntheticMatch, SYNTHETIC_STATUS_SUFFIX } from '../../core/report/synthetic-data';
import { checkFieldApplies } from './arguments';
import { ArgumentProblem } from './errors';

/**
 * From a lookup outcome to one cell value: which products an input stands for, what a field's
 * value is for them, and whether package variants agree. Pure; problems are ArgumentProblems.
 */

/**
 * The products an input part number stands for, or the `#N/A` / `#VALUE!` that says why there are
 * none: "Part not found: XYZ", an ambiguous prefix, an impossible part number.
 */
export function productsOf(input: string, outcome: LookupOutcome | undefined): ProductRecord[] {
  if (outcome?.status === 'invalid') {
    throw new ArgumentProblem('#VALUE!', `Not a part number: '${input}'${outcome.reason ? ` — ${outcome.reason}` : ''}`);
  }
  if (outcome?.status === 'ambiguous') {
    throw new ArgumentProblem('#N/A', `Ambiguous: ${outcome.reason ?? `'${input}' matches several part numbers — type more of it`}`);
  }
  if (!outcome || outcome.status === 'notFound' || outcome.products.length === 0) {
    throw new ArgumentProblem('#N/A', `Part not found: ${input}`);
  }
  return outcome.products;
}

/** The value of one field of one product, converted; undefined when the product has none. */
function valueOfProduct(product: ProductRecord, field: FieldDef, unit: DisplayUnit | undefined): CellValue | undefined {
  checkFieldApplies(field, product.group);
  return toCellValue(product, field, unit);
}

/**
 * What all products of an input agree on, computed per product by `read`. One product gives its
 * own answer; package variants give the answer when they all agree, and otherwise "Ambiguous: 3
 * package variants differ in PackageType — use the full part number".
 */
export function agreeAcrossVariants<T>(products: readonly ProductRecord[], what: string, read: (product: ProductRecord) => T): T {
  const [first, ...rest] = products;
  const answer = read(first);
  for (const product of rest) {
    if (read(product) !== answer) {
      throw new ArgumentProblem('#N/A', `Ambiguous: ${products.length} package variants differ in ${what} — use the full part number`);
    }
  }
  return answer;
}

/**
 * The cell value of `field` for the part an input stands for: converted to `unit` (SI when
 * undefined), Booleans as Booleans, dates as Excel serials, lists joined with ", ". Throws `#N/A`
 * when the part or the value is missing, the field does not apply, or variants differ.
 */
export function fieldValueOf(input: string, outcome: LookupOutcome | undefined, field: FieldDef, unit?: DisplayUnit): CellValue {
  const products = productsOf(input, outcome);
  const value = agreeAcrossVariants(products, field.name, (p) => valueOfProduct(p, field, unit));
  if (value === undefined) throw new ArgumentProblem('#N/A', `No ${field.name} for ${input}`);
  // A part decoded from its number alone has a placeholder status: say so, as the Match column of an enrichment does.
  if (field.name === 'Status' && typeof value === 'string' && isSyntheticMatch(products)) return `${value}${SYNTHETIC_STATUS_SUFFIX}`;
  return value;
}

/** The single product an input stands for (variants only when they are one product in fact). */
export function singleProductOf(input: string, outcome: LookupOutcome | undefined): ProductRecord {
  const products = productsOf(input, outcome);
  if (products.length === 1) return products[0];
  throw new ArgumentProblem('#N/A', `Ambiguous: ${input} has ${products.length} package variants — use the full part number`);
}
