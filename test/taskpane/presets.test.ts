import { CATEGORY_IDS, CATEGORIES, VALUE_FIELDS, getField, type CategoryId } from '../../api/vocabulary';
import { COLUMN_PRESETS, columnChoices, keepColumnsFor, presetFields } from '../../src/taskpane/builder/presets';

const returnedFor = (key: string, category: CategoryId): boolean =>
  getField(key)!.groups.some((g) => CATEGORIES[category].groups.includes(g));

describe('column presets', () => {
  test.each(CATEGORY_IDS.flatMap((c) => COLUMN_PRESETS.map((p) => [c, p] as const)))('%s %s: part number first, only fields the category returns, no duplicates', (category, preset) => {
    const keys = presetFields(preset, category);
    expect(keys[0]).toBe('Partno');
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(returnedFor(key, category)).toBe(true);
  });

  test('All is every value field the category returns', () => {
    expect(presetFields('all', 'inductors')).toEqual(['Partno', ...VALUE_FIELDS.filter((f) => f.groups.includes('Ind') && f.key !== 'Partno').map((f) => f.key)]);
    expect(columnChoices(undefined)).toHaveLength(VALUE_FIELDS.length);
  });

  test('Key specs follow the category', () => {
    const smd = presetFields('keySpecs', 'ceramicCapacitorsSMD');
    const ind = presetFields('keySpecs', 'inductors');
    expect(smd).toEqual(expect.arrayContaining(['Status', 'Specs.Capacitance', 'Specs.RatedVoltage', 'Specs.TemperatureCharacteristics']));
    expect(smd).not.toContain('Specs.Inductance');
    expect(ind).toEqual(expect.arrayContaining(['Status', 'Specs.Inductance', 'Specs.RdcMax', 'Specs.SrfMin', 'Specs.RatedCurrentItemp']));
    expect(ind).not.toContain('Specs.Capacitance');
  });

  test('Lifecycle, Compliance and Dimensions hold what their names say', () => {
    expect(presetFields('lifecycle', 'ceramicCapacitorsSMD')).toEqual(['Partno', 'Status', 'NewProduct', 'LastBuyDate', 'AlternativePartno', 'ProductionEndDate']);
    expect(presetFields('compliance', 'inductors')).toEqual(['Partno', 'ComplianceInfo.AecQ200Support', 'ComplianceInfo.Rohs', 'ComplianceInfo.Reach', 'ComplianceInfo.LeadFree', 'ComplianceInfo.SvhcDocumentUrl']);
    expect(presetFields('dimensions', 'ceramicCapacitorsLead')).toEqual(
      expect.arrayContaining(['Specs.Length', 'Specs.Thickness', 'Specs.OuterDiameter', 'Specs.LeadSpace', 'Specs.LeadDiameter']),
    );
    expect(presetFields('dimensions', 'ceramicCapacitorsSMD')).not.toContain('Specs.OuterDiameter');
    expect(presetFields('dimensions', 'inductors')).toEqual(expect.arrayContaining(['Specs.SizecodeMm', 'Specs.SizecodeInch', 'Specs.Dimension']));
  });

  test('a custom choice keeps only what the new category returns', () => {
    expect(keepColumnsFor(['Specs.Inductance', 'Partno', 'Specs.Capacitance', 'Status'], 'inductors')).toEqual(['Partno', 'Status', 'Specs.Inductance']);
  });
});
