import type { LookupOutcome } from '../../api/client';
import type { ProductRecord } from '../../api/product';
import type { DisplayUnit } from '../../api/units';
import type { FieldDef } from '../../api/vocabulary';
import type { CellValue } from '../../core/cells/cell-values';
import { agreedValue, fieldValueOfRow, type NoValue } from '../../core/cells/several-products';
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

/** The `#N/A` of an input whose products give no value under the several-products rule. */
function noValueProblem(input: string, products: readonly ProductRecord[], what: string, why: NoValue): ArgumentProblem {
  if (why === 'differ') return new ArgumentProblem('#N/A', `Ambiguous: ${products.length} package variants differ in ${what} — use the full part number`);
  if (why === 'missing') return new ArgumentProblem('#N/A', `No ${what} for ${input}`);
  return new ArgumentProblem('#N/A', `Part not found: ${input}`);
}

/**
 * What all products of an input agree on, computed per product by `read` (the several-products
 * rule of the core). One product gives its own answer; package variants give the answer when they
 * all agree, and otherwise "Ambiguous: 3 package variants differ in PackageType — use the full
 * part number".
 */
export function agreeAcrossVariants<T>(products: readonly ProductRecord[], what: string, read: (product: ProductRecord) => T): T {
  const agreed = agreedValue({ status: 'variant', products }, read);
  if (!agreed.ok && agreed.why === 'differ') throw noValueProblem('', products, what, agreed.why);
  return agreed.ok ? agreed.value : read(products[0]);
}

/**
 * The cell value of `field` for the part an input stands for: converted to `unit` (SI when
 * undefined), Booleans as Booleans, dates as Excel serials, lists joined with ", ", the same value
 * an enrichment writes for the row (core/cells/several-products.ts: alternatives of every variant
 * together). Throws `#N/A` when the part or the value is missing, the field does not apply, or
 * variants differ.
 */
export function fieldValueOf(input: string, outcome: LookupOutcome | undefined, field: FieldDef, unit?: DisplayUnit): CellValue {
  const products = productsOf(input, outcome);
  const found = fieldValueOfRow(outcome, field, unit, (p) => checkFieldApplies(field, p.group));
  if (!found.ok) throw noValueProblem(input, products, field.name, found.why);
  return found.value;
}

/** The single product an input stands for (variants only when they are one product in fact). */
export function singleProductOf(input: string, outcome: LookupOutcome | undefined): ProductRecord {
  const products = productsOf(input, outcome);
  if (products.length === 1) return products[0];
  throw new ArgumentProblem('#N/A', `Ambiguous: ${input} has ${products.length} package variants — use the full part number`);
}
