import { GROUPS, type Group } from './categories';
import type { ListFieldName } from './values';

/** Types as the spec's tables write them. */
export type FieldType =
  | 'String'
  | 'Boolean'
  | 'Integer'
  | 'Double'
  | 'Date'
  | 'List[String]'
  | 'Object'
  | 'List[Object]';

/** Where a field sits in a product search result. */
export type FieldLevel = 'root' | 'data' | 'group' | 'product' | 'ComplianceInfo' | 'Specs' | 'MediaFileUrls';

/** SI units of the Double fields, as symbols. */
export type SiUnit = 'g' | 'm' | 'F' | 'V' | '°C' | 'H' | 'A' | 'Ω' | 'Hz';

export interface FieldDef {
  /** Name in the response. */
  name: string;
  /** Key of the value in a normalized product record: the name, prefixed by its object (`Specs.Capacitance`). */
  key: string;
  level: FieldLevel;
  type: FieldType;
  /** Groups the field is returned for. */
  groups: readonly Group[];
  /** SI unit of a Double. */
  unit?: SiUnit;
  /** On a numeric Spec: the name of its String companion that carries the text form. */
  text?: string;
  /** On a `…Text` companion: the name of the numeric field it describes. */
  textOf?: string;
  /** The spec's meaning (or, for String Specs, its unit column). */
  meaning?: string;
  /** The value is a web address. */
  url?: boolean;
  /** The value comes from an allowed-values table. */
  values?: ListFieldName;
  /** Several values are returned as one comma-separated string (Application). */
  commaSeparated?: boolean;
  /** Holds a date although the spec types it String (ProductionEndDate). */
  dateLike?: boolean;
}

const ALL: readonly Group[] = GROUPS;
const CC: readonly Group[] = ['SMD', 'Lead'];
const IND: readonly Group[] = ['Ind'];

type Extra = Partial<Omit<FieldDef, 'name' | 'key' | 'level' | 'type' | 'groups'>>;

function def(level: FieldLevel, name: string, type: FieldType, groups: readonly Group[], extra: Extra = {}): FieldDef {
  const nested = level === 'ComplianceInfo' || level === 'Specs' || level === 'MediaFileUrls';
  return { name, key: nested ? `${level}.${name}` : name, level, type, groups, ...extra };
}

/** A numeric Spec and its `…Text` companion. */
function spec(name: string, unit: SiUnit, groups: readonly Group[]): FieldDef[] {
  return [
    def('Specs', name, 'Double', groups, { unit, text: `${name}Text` }),
    def('Specs', `${name}Text`, 'String', groups, { textOf: name }),
  ];
}

const specString = (name: string, groups: readonly Group[], meaning?: string, values?: ListFieldName): FieldDef =>
  def('Specs', name, 'String', groups, { meaning, values });

const media = (name: string, groups: readonly Group[]): FieldDef => def('MediaFileUrls', name, 'String', groups, { url: true });

/** Every field of Resource B (product search result), in the spec's order. */
export const FIELDS: readonly FieldDef[] = [
  // Root and grouping fields.
  def('root', 'HasMoreHits', 'Boolean', ALL, { meaning: 'further matching products exist beyond those returned' }),
  def('root', 'Data', 'Object', ALL, { meaning: 'product data' }),
  def('data', 'CeramicCapacitorsSMD', 'Object', ['SMD'], { meaning: 'category group' }),
  def('data', 'CeramicCapacitorsLead', 'Object', ['Lead'], { meaning: 'category group' }),
  def('data', 'Inductors', 'Object', IND, { meaning: 'category group' }),
  def('product', 'Manufacturer', 'String', ALL, { meaning: 'manufacturer' }),
  def('product', 'Lv1Category', 'String', ALL, { meaning: 'product category, level 1' }),
  def('product', 'Lv2Category', 'String', ALL, { meaning: 'product category, level 2' }),
  def('product', 'Lv3Category', 'String', ALL, { meaning: 'product category, level 3' }),
  def('group', 'Products', 'List[Object]', ALL, { meaning: 'the products' }),
  // Product fields common to all groups.
  def('product', 'Partno', 'String', ALL, { meaning: 'part number with package code' }),
  def('product', 'PartnoWithoutPackageCode', 'String', ALL, { meaning: 'part number without package code' }),
  def('product', 'Status', 'String', ALL, { meaning: 'product status', values: 'Status' }),
  def('product', 'NewProduct', 'Boolean', ALL, { meaning: 'new product flag' }),
  def('product', 'LastBuyDate', 'Date', ALL, { meaning: 'last buy date' }),
  def('product', 'AlternativePartno', 'List[String]', ALL, { meaning: 'alternative part numbers' }),
  def('product', 'PackageType', 'String', ALL, { meaning: 'package information' }),
  def('product', 'MinOrderQuantity', 'Integer', ALL, { meaning: 'minimum order quantity' }),
  def('product', 'Application', 'String', ALL, { meaning: 'applications', values: 'Application', commaSeparated: true }),
  def('product', 'RecommendedApplication', 'String', ALL, { meaning: 'recommended applications' }),
  def('product', 'ProductDetailUrl', 'String', ALL, { meaning: 'product detail address', url: true }),
  def('product', 'SampleRequestUrl', 'String', ALL, { meaning: 'address for adding to the sample cart', url: true }),
  def('product', 'MSL', 'String', ALL, { meaning: 'moisture sensitivity level' }),
  def('product', 'ProductName', 'String', ALL, { meaning: 'product name' }),
  def('product', 'Notices', 'String', ALL, { meaning: 'notices' }),
  def('product', 'ProductionEndDate', 'String', ALL, { meaning: 'production end date', dateLike: true }),
  def('product', 'ComplianceInfo', 'Object', ALL, { meaning: 'compliance information' }),
  def('product', 'Specs', 'Object', ALL, { meaning: 'specification items' }),
  def('product', 'MediaFileUrls', 'Object', ALL, { meaning: 'media file addresses' }),
  // Ceramic capacitors (SMD and lead) only.
  def('product', 'Benefits', 'List[String]', CC, { values: 'Benefits' }),
  def('product', 'Standard', 'String', CC, { values: 'Standard' }),
  def('product', 'Mounting', 'List[String]', CC, { values: 'Mounting' }),
  def('product', 'Caution', 'List[String]', CC),
  // Inductors only.
  def('product', 'Brand', 'String', IND, { meaning: 'brand', values: 'Brand' }),
  def('product', 'Series', 'String', IND, { meaning: 'series name' }),
  def('product', 'Soldering', 'List[String]', IND, { meaning: 'solder compatibility' }),
  def('product', 'MagneticShieldClass', 'String', IND, { meaning: 'magnetic shield class' }),
  def('product', 'DcResistanceCenterValues', 'String', IND, { meaning: 'DC resistance center values' }),
  def('product', 'FeatureText', 'String', IND, { meaning: 'feature text' }),
  def('product', 'TargetCircuitCategory', 'String', IND, { meaning: 'target circuit category', values: 'TargetCircuitCategory' }),
  def('product', 'Construction', 'List[String]', IND, { meaning: 'construction', values: 'Construction' }),
  // ComplianceInfo.
  def('ComplianceInfo', 'AecQ200Support', 'Boolean', ALL),
  def('ComplianceInfo', 'Rohs', 'Boolean', ALL),
  def('ComplianceInfo', 'Reach', 'Boolean', ALL),
  def('ComplianceInfo', 'LeadFree', 'Boolean', ALL),
  def('ComplianceInfo', 'SvhcDocumentUrl', 'String', ALL, { url: true }),
  // Specs.
  ...spec('ReferenceMass', 'g', ALL),
  ...spec('Length', 'm', ALL),
  ...spec('Width', 'm', ALL),
  ...spec('Thickness', 'm', ALL),
  ...spec('ThicknessMax', 'm', ALL),
  ...spec('OuterDiameter', 'm', ['Lead']),
  ...spec('LeadSpace', 'm', ['Lead']),
  ...spec('LeadDiameter', 'm', ['Lead']),
  specString('SizecodeMm', ['SMD', 'Ind'], 'mm size code'),
  specString('SizecodeInch', ['SMD', 'Ind'], 'inch size code'),
  specString('SmdType', ['SMD'], 'SMD shape', 'SmdType'),
  ...spec('Capacitance', 'F', CC),
  specString('ToleranceCapacitance', CC, 'capacitance tolerance'),
  specString('RatedVoltageClass', CC, 'AC or DC', 'RatedVoltageClass'),
  ...spec('RatedVoltage', 'V', CC),
  specString('TemperatureCharacteristicsCompliedStandard', CC, 'standard of temperature characteristics', 'TemperatureCharacteristicsCompliedStandard'),
  specString('TemperatureCharacteristics', CC, 'temperature characteristics'),
  ...spec('MaxOperatingTemperature', '°C', CC),
  ...spec('Inductance', 'H', IND),
  specString('InductanceTolerance', IND, 'inductance tolerance'),
  ...spec('RatedCurrent', 'A', ['SMD', 'Ind']),
  ...spec('RatedCurrentItemp', 'A', IND),
  ...spec('RatedCurrentIsat', 'A', IND),
  ...spec('RdcMax', 'Ω', IND),
  ...spec('SrfMin', 'Hz', IND),
  specString('Dimension', IND, 'dimension'),
  specString('OperatingTemperatureRange', ALL),
  specString('OperatingTemperatureRangeIncludingSelfRise', IND),
  specString('OperatingTemperatureRangeNotIncludingSelfRise', IND),
  specString('QMin', IND, 'minimum Q'),
  ...spec('QTestFrequency', 'Hz', IND),
  // MediaFileUrls.
  media('PartNumbering', ALL),
  media('Dimensions', ALL),
  media('Appearance', ALL),
  media('SpecificationsSheet', ALL),
  media('RohsDirectiveCertificateUrl', ALL),
  media('ReachDeclarationDocumentUrl', ALL),
  media('ConflictMineralsReportDocumentUrl', ALL),
  media('StructuralDrawings', CC),
  media('ReliabilityTestData', CC),
  media('SafetyCertificates', CC),
];

const CONTAINER_TYPES: readonly FieldType[] = ['Object', 'List[Object]'];

/** Fields that carry a value of one product (not the containers and root fields). */
export const VALUE_FIELDS: readonly FieldDef[] = FIELDS.filter(
  (f) => !CONTAINER_TYPES.includes(f.type) && f.level !== 'root',
);

const BY_KEY = new Map(FIELDS.map((f) => [f.key, f]));

/** The field with this record key (`Specs.Capacitance`, `Status`), or undefined. */
export function getField(key: string): FieldDef | undefined {
  return BY_KEY.get(key);
}

/** Value fields returned for a group. */
export function fieldsOfGroup(group: Group): FieldDef[] {
  return VALUE_FIELDS.filter((f) => f.groups.includes(group));
}
