import type { ProductRecord } from '../../api/product';
import { fieldsOfGroup, type FieldDef, type Lang } from '../../api/vocabulary';
import { cellKindOf, toCellValue } from '../../core/cells/cell-values';
import { isSyntheticProduct, SYNTHETIC_STATUS_SUFFIX } from '../../core/cells/synthetic';
import { assessRisk } from '../../core/cells/risk';
import { keySpecFieldsOfGroup } from '../../api/vocabulary/key-fields';

/**
 * The entity card of PART.CARD (ExcelApi 1.16 entity values): every value of the product as a
 * property (so `=A1.Capacitance` works), and a card with the key specs, the lifecycle, compliance
 * and links first. Written with the string forms of the cell value types so it builds outside Excel.
 */

type CardProperty = Excel.StringCellValue | Excel.BooleanCellValue | Excel.FormattedNumberCellValue;

/** Names of the two properties that are not API fields. */
const RISK_PROPERTY = 'Risk';
const RISK_REASON_PROPERTY = 'Risk reason';

const LIFECYCLE_KEYS = ['Status', 'LastBuyDate', 'ProductionEndDate', 'NewProduct', 'AlternativePartno'];

/**
 * A number format that shows an SI value readably while the value stays in SI: plain for
 * everyday magnitudes, engineering notation (100.0E-9 F) for the tiny and the huge.
 */
export function siNumberFormat(value: number, unit: string): string {
  const suffix = unit ? `" ${unit}"` : '';
  const abs = Math.abs(value);
  if (abs === 0 || (abs >= 1 && abs < 1000)) return `General${suffix}`;
  return `##0.0##E+0${suffix}`;
}

/** One field of a product as a typed card property, or undefined when it has no value. */
function toCardProperty(product: ProductRecord, field: FieldDef): CardProperty | undefined {
  const value = toCellValue(product, field);
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return { type: 'Boolean', basicValue: value };
  if (typeof value === 'number') {
    const kind = cellKindOf(field);
    const numberFormat = kind === 'date' ? 'yyyy-mm-dd' : field.type === 'Integer' ? '#,##0' : siNumberFormat(value, field.unit ?? '');
    return { type: 'FormattedNumber', basicValue: value, numberFormat };
  }
  return { type: 'String', basicValue: value };
}

/** The card of a product as of `today` (for its risk), its risk reason in `lang`. */
export function buildEntityCard(product: ProductRecord, today: Date, lang: Lang = 'en'): Excel.EntityCellValue {
  const properties: Record<string, CardProperty> = {};
  const present = (f: FieldDef): boolean => properties[f.name] !== undefined;
  const fields = fieldsOfGroup(product.group);
  for (const field of fields) {
    const property = toCardProperty(product, field);
    if (property) properties[field.name] = property;
  }
  const status = properties.Status;
  // A part decoded from its number alone: its status is a placeholder, and the card says so.
  if (status?.type === 'String' && isSyntheticProduct(product)) properties.Status = { ...status, basicValue: `${status.basicValue}${SYNTHETIC_STATUS_SUFFIX}` };
  const risk = assessRisk(product, today, lang);
  properties[RISK_PROPERTY] = { type: 'String', basicValue: risk.level };
  properties[RISK_REASON_PROPERTY] = { type: 'String', basicValue: risk.reason };

  const keySpecs = keySpecFieldsOfGroup(product.group).filter(present);
  const lifecycle = fields.filter((f) => LIFECYCLE_KEYS.includes(f.key) && present(f));
  const compliance = fields.filter((f) => f.level === 'ComplianceInfo' && !f.url && present(f));
  const links = fields.filter((f) => f.url && present(f));
  const shown = new Set([...keySpecs, ...lifecycle, ...compliance, ...links].map((f) => f.key));
  shown.add('Partno');
  const more = fields.filter((f) => !shown.has(f.key) && present(f));
  const names = (list: FieldDef[]): string[] => list.map((f) => f.name);

  return {
    type: 'Entity',
    text: product.partno,
    properties,
    layouts: {
      card: {
        title: { property: 'Partno' },
        sections: [
          { layout: 'List', title: 'Key specs', properties: names(keySpecs) },
          { layout: 'List', title: 'Lifecycle', properties: [RISK_PROPERTY, RISK_REASON_PROPERTY, ...names(lifecycle)] },
          { layout: 'List', title: 'Compliance', properties: names(compliance) },
          { layout: 'List', title: 'Links', properties: names(links) },
          { layout: 'List', title: 'All fields', collapsible: true, collapsed: true, properties: names(more) },
        ].filter((s) => s.properties.length > 0) as Excel.CardLayoutSection[],
      },
    },
    provider: { description: 'PartSpec' },
  };
}
