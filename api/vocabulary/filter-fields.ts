import type { CategoryId } from './categories';
import { isListFieldName, type ListFieldName } from './values';

export type FilterFieldType = 'String' | 'Boolean' | 'Double';

/**
 * Category applicability codes of the spec's Filter fields table.
 * All = with or without a Category condition; CC = the three ceramic-capacitor categories.
 */
export type Applicability = 'All' | 'CC' | 'SMD' | 'Lead' | 'Ind';

export const APPLICABILITY_CATEGORIES: Readonly<Record<Exclude<Applicability, 'All'>, readonly CategoryId[]>> = {
  CC: ['ceramicCapacitors', 'ceramicCapacitorsSMD', 'ceramicCapacitorsLead'],
  SMD: ['ceramicCapacitorsSMD'],
  Lead: ['ceramicCapacitorsLead'],
  Ind: ['inductors'],
};

export interface FilterFieldDef {
  /** Name in `$filter` and `$orderby`. */
  name: string;
  type: FilterFieldType;
  /** Accepts exact match only, with values from an allowed-values table (the spec's rule 1). */
  list: boolean;
  /** The applicability codes as the spec's table lists them. */
  usableWith: readonly Applicability[];
  /** Key of the corresponding value in a normalized product record (may differ: Rdc → Specs.RdcMax). */
  responseKey: string;
}

function filterField(name: string, type: FilterFieldType, usableWith: readonly Applicability[], responseKey: string): FilterFieldDef {
  return { name, type, list: isListFieldName(name), usableWith, responseKey };
}

const ALL: readonly Applicability[] = ['All'];
const CC: readonly Applicability[] = ['CC', 'SMD', 'Lead'];
const DIMENSIONS: readonly Applicability[] = ['SMD', 'Lead', 'Ind'];
const THICKNESS: readonly Applicability[] = ['CC', 'SMD', 'Lead', 'Ind'];

/** Name of the condition that chooses the category; its value is a category ID. */
export const CATEGORY_FILTER_FIELD = 'Category';

/** The spec's Filter fields table, without the Category row (which takes a category ID, see CATEGORIES). */
export const FILTER_FIELDS: readonly FilterFieldDef[] = [
  filterField('Partno', 'String', ALL, 'Partno'),
  filterField('Status', 'String', ALL, 'Status'),
  filterField('NewProduct', 'Boolean', ALL, 'NewProduct'),
  filterField('PackageType', 'String', ALL, 'PackageType'),
  filterField('Application', 'String', ALL, 'Application'),
  filterField('AecQ200Support', 'Boolean', ALL, 'ComplianceInfo.AecQ200Support'),
  filterField('Rohs', 'Boolean', ALL, 'ComplianceInfo.Rohs'),
  filterField('Reach', 'Boolean', ALL, 'ComplianceInfo.Reach'),
  filterField('ReferenceMass', 'Double', ALL, 'Specs.ReferenceMass'),
  filterField('Length', 'Double', DIMENSIONS, 'Specs.Length'),
  filterField('Width', 'Double', DIMENSIONS, 'Specs.Width'),
  filterField('Thickness', 'Double', THICKNESS, 'Specs.Thickness'),
  filterField('ThicknessMax', 'Double', THICKNESS, 'Specs.ThicknessMax'),
  filterField('OuterDiameter', 'Double', ['Lead'], 'Specs.OuterDiameter'),
  filterField('LeadSpace', 'Double', ['Lead'], 'Specs.LeadSpace'),
  filterField('SizecodeMm', 'String', ['SMD', 'Ind'], 'Specs.SizecodeMm'),
  filterField('SizecodeInch', 'String', ['SMD', 'Ind'], 'Specs.SizecodeInch'),
  filterField('SmdType', 'String', ['SMD'], 'Specs.SmdType'),
  filterField('Capacitance', 'Double', CC, 'Specs.Capacitance'),
  filterField('ToleranceCapacitance', 'String', CC, 'Specs.ToleranceCapacitance'),
  filterField('RatedVoltageClass', 'String', CC, 'Specs.RatedVoltageClass'),
  filterField('RatedVoltage', 'Double', CC, 'Specs.RatedVoltage'),
  filterField('TemperatureCharacteristicsCompliedStandard', 'String', ['SMD', 'Lead'], 'Specs.TemperatureCharacteristicsCompliedStandard'),
  filterField('TemperatureCharacteristics', 'String', ['SMD', 'Lead'], 'Specs.TemperatureCharacteristics'),
  filterField('MaxOperatingTemperature', 'Double', CC, 'Specs.MaxOperatingTemperature'),
  filterField('Benefits', 'String', CC, 'Benefits'),
  filterField('Standard', 'String', CC, 'Standard'),
  filterField('Mounting', 'String', CC, 'Mounting'),
  filterField('Brand', 'String', ['Ind'], 'Brand'),
  filterField('TargetCircuitCategory', 'String', ['Ind'], 'TargetCircuitCategory'),
  filterField('Inductance', 'Double', ['Ind'], 'Specs.Inductance'),
  filterField('InductanceTolerance', 'String', ['Ind'], 'Specs.InductanceTolerance'),
  filterField('RatedCurrentItemp', 'Double', ['Ind'], 'Specs.RatedCurrentItemp'),
  filterField('Rdc', 'Double', ['Ind'], 'Specs.RdcMax'),
  filterField('Srf', 'Double', ['Ind'], 'Specs.SrfMin'),
  filterField('Construction', 'String', ['Ind'], 'Construction'),
];

const BY_NAME = new Map(FILTER_FIELDS.map((f) => [f.name, f]));

export function getFilterField(name: string): FilterFieldDef | undefined {
  return BY_NAME.get(name);
}

/** The allowed-values table of a list-valued filter field. */
export function listValuesOf(field: FilterFieldDef): ListFieldName | undefined {
  return field.list && isListFieldName(field.name) ? field.name : undefined;
}

/**
 * Whether a filter field may be used with a category (undefined = no Category condition).
 * `All` fields work everywhere; the others need one of their categories.
 */
export function isFilterFieldUsable(field: FilterFieldDef, category: CategoryId | undefined): boolean {
  if (field.usableWith.includes('All')) return true;
  if (category === undefined) return false;
  return field.usableWith.some((code) => code !== 'All' && APPLICABILITY_CATEGORIES[code].includes(category));
}

/** The category IDs a field is usable with (empty for All fields, which need none). */
export function categoriesOfFilterField(field: FilterFieldDef): CategoryId[] {
  const ids = new Set<CategoryId>();
  for (const code of field.usableWith) if (code !== 'All') APPLICABILITY_CATEGORIES[code].forEach((c) => ids.add(c));
  return [...ids];
}

/** Filter fields usable with a category (or with none). */
export function filterFieldsFor(category: CategoryId | undefined): FilterFieldDef[] {
  return FILTER_FIELDS.filter((f) => isFilterFieldUsable(f, category));
}
