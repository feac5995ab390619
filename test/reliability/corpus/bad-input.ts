/**
 * Searches that must be refused before anything is sent, each with a fragment of the message the
 * user sees. Kinds: malformed filter syntax, unknown or unusable fields, wrong operators, values
 * outside the allowed lists, numbers and units that do not parse or measure the wrong thing,
 * orderbys, categories and languages.
 */
import type { CategoryId, Lang } from '../../../api';

export type BadInputKind = 'syntax' | 'field' | 'operator' | 'value' | 'number' | 'unit' | 'orderby' | 'category' | 'lang';

export interface BadInput {
  kind: BadInputKind;
  category?: string;
  filter?: string;
  orderby?: string;
  lang?: string;
  /** A fragment of the ValidationError's message. */
  expected: string;
}

const SMD = 'ceramicCapacitorsSMD';
const LEAD = 'ceramicCapacitorsLead';
const CC = 'ceramicCapacitors';
const IND = 'inductors';

export const BAD_INPUTS: readonly BadInput[] = [
  // Syntax
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND", expected: 'Unbalanced quote' },
  { kind: 'syntax', category: SMD, filter: "Status eq NRND'", expected: 'Unbalanced quote' },
  { kind: 'syntax', category: SMD, filter: 'Capacitance ge', expected: 'ends too early' },
  { kind: 'syntax', category: SMD, filter: 'Capacitance', expected: 'ends too early' },
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND' and", expected: 'ends too early' },
  { kind: 'syntax', category: SMD, filter: "and Status eq 'NRND'", expected: "Unknown filter field 'and'" },
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND' or Status eq 'Discontinued'", expected: "'or' at character 18 is not part of API v2.2" },
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND' Status eq 'Discontinued'", expected: "expected 'and' between conditions" },
  { kind: 'syntax', category: SMD, filter: "(Status eq 'NRND')", expected: "Unexpected '('" },
  { kind: 'syntax', category: SMD, filter: "startswith(Partno 'MCS')", expected: "expected ','" },
  { kind: 'syntax', category: SMD, filter: "startswith(Partno, 'MCS'", expected: 'ends too early' },
  { kind: 'syntax', category: SMD, filter: "startswith Partno, 'MCS')", expected: "expected '(' after startswith" },
  { kind: 'syntax', category: SMD, filter: 'startswith(Partno, MCS)', expected: 'a quoted value' },
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND' ; drop", expected: "Unexpected ';'" },
  { kind: 'syntax', category: SMD, filter: 'Capacitance ge 100n && RatedVoltage ge 50', expected: "Unexpected '&&'" },
  { kind: 'syntax', category: SMD, filter: "Status == 'NRND'", expected: "Unexpected '=='" },
  { kind: 'syntax', category: SMD, filter: "Status eq 'NRND' and and Rohs eq true", expected: "Unknown filter field 'and'" },
  { kind: 'syntax', category: SMD, filter: "Status eq \"NRND\"", expected: 'Unexpected \'"NRND"\'' },
  { kind: 'syntax', category: SMD, filter: '<script>alert(1)</script>', expected: "Unexpected '<script>alert'" },
  { kind: 'syntax', category: SMD, filter: "Partno eq 'A' eq 'B'", expected: "expected 'and' between conditions" },
  // Fields
  { kind: 'field', category: SMD, filter: 'Capacitence ge 100n', expected: "did you mean 'Capacitance'?" },
  { kind: 'field', category: SMD, filter: 'Foo eq 1', expected: "Unknown filter field 'Foo'" },
  { kind: 'field', category: IND, filter: 'RdcMax le 0.1', expected: "filter on 'Rdc' instead" },
  { kind: 'field', category: IND, filter: 'SrfMin ge 100M', expected: "filter on 'Srf' instead" },
  { kind: 'field', category: IND, filter: 'RatedCurrent ge 1', expected: 'is returned but cannot be filtered' },
  { kind: 'field', category: CC, filter: 'Length ge 1m', expected: 'Length at character 1 is not usable with category ceramicCapacitors' },
  { kind: 'field', category: SMD, filter: 'Inductance ge 1u', expected: 'is not usable with category ceramicCapacitorsSMD' },
  { kind: 'field', category: IND, filter: 'Capacitance ge 100n', expected: 'is not usable with category inductors' },
  { kind: 'field', category: SMD, filter: 'OuterDiameter le 5m', expected: 'OuterDiameter at character 1 is not usable' },
  { kind: 'field', filter: 'Capacitance ge 100n', expected: 'needs a Category condition' },
  { kind: 'field', category: LEAD, filter: "SmdType eq 'Two-terminal'", expected: 'is not usable with category ceramicCapacitorsLead' },
  { kind: 'field', category: IND, filter: "Brand eq 'X' and Brand2 eq 'Y'", expected: "Unknown filter field 'Brand2'" },
  // Operators
  { kind: 'operator', category: SMD, filter: "Status ge 'NRND'", expected: "'ge' compares numbers" },
  { kind: 'operator', category: SMD, filter: 'Status eq 5', expected: 'Status is not a number field' },
  { kind: 'operator', category: SMD, filter: "Capacitance eq '100n'", expected: 'Capacitance is a number: write 100n without quotes' },
  { kind: 'operator', category: SMD, filter: 'Rohs ge true', expected: "'ge' does not apply to a Boolean" },
  { kind: 'operator', category: SMD, filter: 'Rohs eq 1', expected: 'Rohs is not a number field: write true or false' },
  { kind: 'operator', category: SMD, filter: 'Capacitance eq true', expected: 'Capacitance is not a Boolean field' },
  { kind: 'operator', category: SMD, filter: "startswith(Status, 'NR')", expected: 'Status accepts exact match only' },
  { kind: 'operator', category: SMD, filter: "contains(Capacitance, '1')", expected: 'Capacitance is a number field' },
  { kind: 'operator', category: SMD, filter: 'Capacitance ne 100n', expected: 'an operator (eq, ge, le, gt, lt)' },
  { kind: 'operator', category: SMD, filter: "Category ne 'inductors'", expected: 'an operator (eq, ge, le, gt, lt)' },
  { kind: 'operator', category: SMD, filter: "Category ge 'inductors'", expected: "Category takes one category ID: Category eq '<id>'" },
  // Values
  { kind: 'value', category: SMD, filter: "Status eq 'Obsolete'", expected: "'Obsolete' is not an allowed value of Status in language en" },
  { kind: 'value', category: SMD, filter: "Status eq 'NRND|Gone'", expected: "'Gone' is not an allowed value of Status" },
  { kind: 'value', category: SMD, filter: "Status eq ''", expected: 'Status has an empty value' },
  { kind: 'value', category: SMD, filter: "Partno eq 'A||B'", expected: 'Partno has an empty value' },
  { kind: 'value', category: SMD, filter: "startswith(Partno, '')", expected: 'Partno has an empty value' },
  { kind: 'value', category: SMD, filter: "Status eq '生産中'", lang: 'en', expected: "'生産中' is not an allowed value of Status in language en" },
  { kind: 'value', category: SMD, filter: "Status eq 'In Production'", lang: 'ja', expected: "'In Production' is not an allowed value of Status in language ja" },
  { kind: 'value', category: SMD, filter: "Mounting eq 'Floating'", expected: "'Floating' is not an allowed value of Mounting" },
  { kind: 'value', category: SMD, filter: "SmdType eq 'nrnd'", expected: "'nrnd' is not an allowed value of SmdType" },
  { kind: 'value', category: IND, filter: "Construction eq 'Magic'", expected: "'Magic' is not an allowed value of Construction" },
  // Numbers
  { kind: 'number', category: SMD, filter: 'Capacitance ge 1..5n', expected: 'Malformed number for Capacitance' },
  { kind: 'number', category: SMD, filter: 'Capacitance ge 1e400', expected: 'is not a finite number' },
  { kind: 'number', category: SMD, filter: 'RatedVoltage ge 5O', expected: "'5O' has an unknown unit 'O'" },
  { kind: 'number', category: SMD, filter: 'RatedVoltage ge 50 50', expected: "Unexpected '50' at character 20" },
  { kind: 'number', category: SMD, filter: 'RatedVoltage ge 1,000', expected: "Unexpected ','" },
  { kind: 'number', category: SMD, filter: 'RatedVoltage ge --5', expected: 'Malformed number for RatedVoltage' },
  { kind: 'number', category: SMD, filter: 'RatedVoltage ge 5e', expected: 'Malformed number for RatedVoltage' },
  // Units
  { kind: 'unit', category: SMD, filter: 'Capacitance ge 100nH', expected: "'100nH' is in H, not F" },
  { kind: 'unit', category: SMD, filter: 'Capacitance ge 4.7 uV', expected: "'4.7 uV' is in V, not F" },
  { kind: 'unit', category: IND, filter: 'Inductance ge 10uF', expected: "'10uF' is in F, not H" },
  { kind: 'unit', category: IND, filter: 'Rdc le 10mA', expected: "'10mA' is in A, not Ω" },
  { kind: 'unit', category: IND, filter: 'Srf ge 100MV', expected: "'100MV' is in V, not Hz" },
  { kind: 'unit', category: SMD, filter: 'Length ge 1.6kg', expected: "'1.6kg' is in g, not m" },
  { kind: 'unit', category: SMD, filter: 'RatedVoltage ge 50 volts', expected: "has an unknown unit 'volts'" },
  { kind: 'unit', category: SMD, filter: 'Capacitance ge 100xF', expected: "has an unknown unit 'xF'" },
  { kind: 'unit', category: SMD, filter: 'MaxOperatingTemperature ge 125 Hz', expected: "'125 Hz' is in Hz, not °C" },
  // Orderby
  { kind: 'orderby', category: SMD, orderby: 'Capacitence desc', expected: "Cannot order by 'Capacitence' at character 1 — did you mean 'Capacitance'?" },
  { kind: 'orderby', category: SMD, orderby: 'Capacitance down', expected: "Order direction 'down' for Capacitance must be asc or desc" },
  { kind: 'orderby', category: SMD, orderby: 'Capacitance desc extra', expected: "must be '<Field> asc' or '<Field> desc'" },
  { kind: 'orderby', category: SMD, orderby: 'Capacitance desc,', expected: "must be '<Field> asc' or '<Field> desc'" },
  { kind: 'orderby', category: SMD, orderby: ',Partno', expected: "must be '<Field> asc' or '<Field> desc'" },
  { kind: 'orderby', category: SMD, orderby: 'Partno, Partno desc', expected: 'Partno appears twice in the order' },
  { kind: 'orderby', category: SMD, orderby: 'Inductance desc', expected: 'is not usable with category ceramicCapacitorsSMD' },
  { kind: 'orderby', orderby: 'Capacitance', expected: 'needs a Category condition' },
  { kind: 'orderby', category: IND, orderby: 'RatedCurrent desc', expected: "Cannot order by 'RatedCurrent'" },
  // Categories
  { kind: 'category', category: 'capacitors', expected: "'capacitors' is not a category ID" },
  { kind: 'category', category: 'ceramicCapacitorSMD', expected: "did you mean 'ceramicCapacitorsSMD'?" },
  { kind: 'category', category: 'Inductors', expected: "'Inductors' is not a category ID" },
  { kind: 'category', category: '', expected: "'' is not a category ID" },
  { kind: 'category', filter: "Category eq 'resistors'", expected: "'resistors' is not a category ID" },
  { kind: 'category', category: SMD, filter: "Category eq 'inductors'", expected: "differs from the chosen category 'ceramicCapacitorsSMD'" },
  { kind: 'category', filter: "Category eq 'inductors' and Category eq 'inductors'", expected: 'Category is given twice' },
  // Languages
  { kind: 'lang', category: SMD, lang: 'fr', expected: "'fr' is not a language of the API; use en, ja, zh" },
  { kind: 'lang', category: SMD, lang: 'EN', expected: "'EN' is not a language of the API" },
  { kind: 'lang', category: SMD, lang: '', expected: "'' is not a language of the API" },
];

/** The corpus entry as a client search query (unchecked types on purpose: the input is bad). */
export function queryOf(input: BadInput): { category?: CategoryId; filter?: string; orderby?: string; lang?: Lang } {
  return {
    category: input.category as CategoryId | undefined,
    filter: input.filter,
    orderby: input.orderby,
    lang: input.lang as Lang | undefined,
  };
}
