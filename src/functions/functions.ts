/**
 * The PART custom functions. Their JSDoc is the help Excel shows and the source of
 * functions.json; the work is done in the modules next to this file.
 */
import { evaluateDownloadUrl, evaluateFields, evaluateQuery } from './catalog-functions';
import { settleForExcel } from './errors';
import { evaluateCard, evaluateList, evaluateRisk, evaluateSpec } from './part-lookups';
import { evaluateReplacements } from './replacements';
import { evaluateSuggest } from './suggest';
import { getFunctionsRuntime } from './runtime';

/**
 * Returns a field of a part, such as its capacitance, status or datasheet link; a range of parts and a row of fields spill a whole grid.
 * @customfunction SPEC
 * @param partno Part number, or a range of part numbers (one row each). Example: "MCS18R71H104KA1D" or A2:A100.
 * @param field Field name, a row of names, or names separated by commas (one column each); case-insensitive. Examples: "Capacitance", "Status,Capacitance", "Rohs", "ComplianceInfo.Rohs", "MediaFileUrls.SpecificationsSheet", B1:F1.
 * @param [unit] Unit for numeric fields, else SI (F, H, m, Ω, Hz, A, V). Examples: "pF", "nF", "uF", "µF", "nH", "uH", "mm", "mOhm", "Ω", "MHz", "mA"; or one unit per field, e.g. "nF,V".
 * @param [lang] Language of text values: "en", "ja" or "zh". Default: the language in PartSpec Settings.
 * @returns The value, or a grid of values: rows are parts, columns are fields.
 */
export async function spec(partno: unknown[][], field: unknown[][], unit?: unknown[][], lang?: string): Promise<unknown[][]> {
  return settleForExcel(() => evaluateSpec(getFunctionsRuntime(), { partno, field, unit, lang }));
}

/**
 * Spills the items of a list field of a part down a column, such as its alternative part numbers.
 * @customfunction LIST
 * @param partno Part number. Example: "MCS18R71H104KA1D" or A2.
 * @param field List field name. Examples: "AlternativePartno", "Mounting", "Benefits", "Caution", "Soldering", "Construction", "Application".
 * @param [lang] Language of the items: "en", "ja" or "zh". Default: the language in PartSpec Settings.
 * @returns One item per row.
 */
export async function list(partno: unknown, field: string, lang?: string): Promise<string[][]> {
  return settleForExcel(() => evaluateList(getFunctionsRuntime(), { partno, field, lang }));
}

/**
 * Searches a category and spills a table of the matching parts with a header row.
 * @customfunction QUERY
 * @param category Category ID: "ceramicCapacitors", "ceramicCapacitorsSMD", "ceramicCapacitorsLead" or "inductors".
 * @param [filter] Conditions in the filter syntax, joined with "and". Example: "Capacitance ge 100n and RatedVoltage ge 50 and Status eq 'In Production'".
 * @param [fields] Fields to show, one per column. Examples: "Partno,Capacitance,RatedVoltage", {"Partno","Capacitance"} or B1:D1. Default: part number, status and the category's key specs.
 * @param [orderby] Sort order. Examples: "Capacitance desc", "RatedVoltage, Partno".
 * @param [max] Most parts to return, 1 to 20000. Default: 2000; above 2000 several requests are made.
 * @param [lang] Language of filter values and results: "en", "ja" or "zh". Default: the language in PartSpec Settings.
 * @returns A header row of field names with the unit of their numbers, then one row per part; each column's unit is the one its numbers read in between 1 and 999 (Capacitance (µF) over 10 and 4.7, Capacitance (pF) over 100).
 */
export async function query(
  category: string,
  filter?: string,
  fields?: unknown[][],
  orderby?: string,
  max?: number,
  lang?: string,
): Promise<unknown[][]> {
  return settleForExcel(() => evaluateQuery(getFunctionsRuntime(), { category, filter, fields, orderby, max, lang }));
}

/**
 * Returns the lifecycle risk of a part: EOL, Risk, Watch, Unknown or OK.
 * EOL: Discontinued, or its last buy or production end date has passed. Risk: NRND or To be discontinued, or one of those dates is within 12 months. Watch: Under Development. Unknown: the answer is synthetic data (decoded by the emulator from the part number), so no level can be told. OK: anything else.
 * @customfunction RISK
 * @param partno Part number, or a range of part numbers. Example: "MCS18R71H104KA1D" or A2:A100.
 * @returns EOL, Risk, Watch, Unknown or OK for each part.
 */
export async function risk(partno: unknown[][]): Promise<unknown[][]> {
  return settleForExcel(() => evaluateRisk(getFunctionsRuntime(), { partno }));
}

/**
 * Returns the link to the file with every product of a category; the link stays valid for 7 days.
 * @customfunction DOWNLOADURL
 * @param category Category ID: "ceramicCapacitorsSMD", "ceramicCapacitorsLead" or "inductors".
 * @param [lang] Language of the file: "en", "ja" or "zh". Default: the language in PartSpec Settings.
 * @returns The download address.
 */
export async function downloadUrl(category: string, lang?: string): Promise<string> {
  return settleForExcel(() => evaluateDownloadUrl(getFunctionsRuntime(), { category, lang }));
}

/**
 * Spills the field finder: every field's name, key, type, SI unit, the products it applies to, its filter name and meaning.
 * @customfunction FIELDS
 * @param [category] Only the fields of this category. Examples: "ceramicCapacitorsSMD", "inductors". Default: all fields.
 * @returns A header row, then one row per field.
 */
export async function fields(category?: string): Promise<string[][]> {
  return settleForExcel(async () => evaluateFields({ category }));
}

/**
 * Returns a card of a part with its key specs, status, risk and links; where Excel lacks cards, its part number.
 * @customfunction CARD
 * @param partno Part number. Example: "MCS18R71H104KA1D" or A2.
 * @returns The part's card; reference its fields as =A1.Capacitance.
 */
export async function card(partno: unknown): Promise<Excel.EntityCellValue | string> {
  return settleForExcel(() => evaluateCard(getFunctionsRuntime(), { partno }));
}

/**
 * Spills drop-in replacements In Production for a part, closest first: the maker's own alternatives, then tighter tolerance, higher max temperature, AEC-Q200 kept, thinner, same package.
 * A replacement has the same category and Capacitance, SizecodeMm (LeadSpace for leaded parts), TemperatureCharacteristics and RatedVoltageClass, and RatedVoltage at least the original's; for inductors the same Inductance and SizecodeMm, RatedCurrentItemp at least and Rdc at most the original's.
 * @customfunction REPLACEMENTS
 * @param partno Part number of the part to replace. Example: "MCS18R71H104KA1D" or A2.
 * @param [max] Most candidates to list, 1 to 100. Default: 5.
 * @param [strict] TRUE also requires the same tolerance and package type. Default: FALSE.
 * @returns A header row (Partno, Status, the matched specs, Maker alternative, Differs in), then one row per candidate.
 */
export async function replacements(partno: unknown, max?: number, strict?: boolean): Promise<string[][]> {
  return settleForExcel(() => evaluateReplacements(getFunctionsRuntime(), { partno, max, strict }));
}

/**
 * Finds the maker's parts for a BOM line that names none: a value ("100n"), a description ("CAP CER 0.1UF 16V X7R 0402"), a row of cells (value, footprint) or another maker's part number ("CL05B104KO5NNNC"). Every candidate meets every constraint the line states (capacitance or inductance, voltage at least, characteristic, size, tolerance or tighter), In Production, closest rating first.
 * @customfunction SUGGEST
 * @param text The BOM line: a cell or a row of cells read as one line. Examples: "100nF 16V X7R 0402", "CL05B104KO5NNNC", B2:D2.
 * @param [category] What the line is when it does not say: "ceramicCapacitors" or "inductors". Example: "inductors" reads "10u" as 10 µH.
 * @param [count] Most candidates to list, 1 to 50. Default: 3.
 * @returns A header row (Partno, Status, Why, Understood), then one row per candidate; the first row says what was understood.
 */
export async function suggest(text: unknown[][], category?: string, count?: number): Promise<string[][]> {
  return settleForExcel(() => evaluateSuggest(getFunctionsRuntime(), { text, category, count }));
}
