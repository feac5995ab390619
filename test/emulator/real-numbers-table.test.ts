/**
 * The maker's real part numbers against their published specifications, asked over HTTP: each
 * number decodes into the size, characteristic, rated voltage, value, tolerance and package its
 * data sheet gives (the numbers of real BOMs included); any three letters or digits are an
 * individual specification code; unknown codes of the other tables, impossible combinations and
 * distributors' numbers with their prefix removed are not found; a number without its package code gets only the package
 * forms its codes allow; and an enrichment's Match cell says the answer is synthetic.
 */
import { createClient, getField } from '../../api';
import { matchLabel } from '../../core/enrich/enrich-plan';
import { matchRules } from '../../core/enrich/highlight';
import { rowRisk } from '../../core/cells/risk';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { buildEntityCard } from '../../src/functions/entity';
import { fieldValueOf } from '../../src/functions/product-values';
import { partnosOf, productsOf, search } from '../../testkit/emulator-http';

type Published = Record<string, unknown>;

const PAPER_180 = 'Paper tape 180mm reel';
const PLASTIC_180 = 'Plastic tape 180mm reel';
const REEL_180 = 'Tape 180mm reel';
const HF = 'High frequency circuits';
const POWER = 'Power lines circuits';
const FERRITE = ['Wire wound type (Ferrite)'];

/** Published specs (SI units, as the service answers): size, characteristic, voltage, value, tolerance, package. */
const PUBLISHED: readonly (readonly [string, Published])[] = [
  ['GRM155R71C104KA88D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0402', TemperatureCharacteristics: 'X7R', RatedVoltage: 16, Capacitance: 1e-7, ToleranceCapacitance: '±10%' } }],
  ['GRM188Z71A106KA73D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0603', TemperatureCharacteristics: 'X7R', RatedVoltage: 10, Capacitance: 1e-5, ToleranceCapacitance: '±10%', MaxOperatingTemperature: 125 } }],
  ['GCM188R91E104KA37D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0603', TemperatureCharacteristics: 'X8R', RatedVoltage: 25, Capacitance: 1e-7, ToleranceCapacitance: '±10%', MaxOperatingTemperature: 150 } }],
  ['GCM188R91E104MA37J', { PackageType: 'Paper tape 330mm reel', Specs: { TemperatureCharacteristics: 'X8R', ToleranceCapacitance: '±20%' } }],
  ['GRM022R60J104ME15L', { PackageType: PLASTIC_180, Specs: { SizecodeInch: '01005', SizecodeMm: '0402', TemperatureCharacteristics: 'X5R', RatedVoltage: 6.3, Capacitance: 1e-7, ToleranceCapacitance: '±20%' } }],
  ['GRM21BR61E106KA73L', { PackageType: PLASTIC_180, Specs: { SizecodeInch: '0805', TemperatureCharacteristics: 'X5R', RatedVoltage: 25, Capacitance: 1e-5, Thickness: 0.00125 } }],
  ['GRM32ER71E226KE15L', { PackageType: PLASTIC_180, Specs: { SizecodeInch: '1210', TemperatureCharacteristics: 'X7R', RatedVoltage: 25, Capacitance: 2.2e-5, ToleranceCapacitance: '±10%' } }],
  ['GRM1555C1H4R7CA01D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0402', TemperatureCharacteristics: 'C0G', RatedVoltage: 50, Capacitance: 4.7e-12, ToleranceCapacitance: '±0.25pF' } }],
  ['RDER71H104K0P1H03B', { PackageType: 'Bulk', Specs: { TemperatureCharacteristics: 'X7R', RatedVoltage: 50, Capacitance: 1e-7, ToleranceCapacitance: '±10%', LeadSpace: 0.00254 } }],
  ['RDER71H104K0K1H03B', { PackageType: 'Bulk', Specs: { Capacitance: 1e-7, LeadSpace: 0.005 } }],
  ['RDER71H104K0M1H03A', { PackageType: 'Ammo pack', Specs: { Capacitance: 1e-7, LeadSpace: 0.005 } }],
  ['LQH32CN100K53L', { PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: FERRITE, Specs: { SizecodeInch: '1210', Inductance: 1e-5, InductanceTolerance: '±10%' } }],
  ['LQH55DN100M03L', { PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: FERRITE, Specs: { SizecodeMm: '5750', Inductance: 1e-5, InductanceTolerance: '±20%' } }],
  ['LQH66SN2R2M03L', { PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: FERRITE, Specs: { SizecodeMm: '6363', Inductance: 2.2e-6, InductanceTolerance: '±20%' } }],
  ['LQH3NPN100MM0L', { TargetCircuitCategory: POWER, Specs: { SizecodeInch: '1212', Inductance: 1e-5 } }],
  ['LQW18CNR16J00D', { ProductName: 'Chip Inductors (Wire Wound Type, Ferrite Core)', PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: FERRITE, Specs: { SizecodeInch: '0603', Inductance: 1.6e-7, InductanceTolerance: '±5%' } }],
  ['LQW18AN10NG00D', { ProductName: 'Chip Inductors (Wire Wound Type, Air Core)', TargetCircuitCategory: HF, Construction: ['Wire wound type (Non mag)'], Specs: { SizecodeInch: '0603', Inductance: 1e-8, InductanceTolerance: '±2%' } }],
  ['LQM21PN2R2MGHL', { PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: ['Multilayer type'], Specs: { SizecodeInch: '0805', Inductance: 2.2e-6, InductanceTolerance: '±20%' } }],
  ['LQM21PN1R0MC0D', { PackageType: REEL_180, TargetCircuitCategory: POWER, Specs: { SizecodeInch: '0805', Inductance: 1e-6 } }],
  ['LQG15HS15NJ02D', { TargetCircuitCategory: HF, Specs: { SizecodeInch: '0402', Inductance: 1.5e-8, InductanceTolerance: '±5%' } }],
  ['DFE201610E-2R2M=P2', { TargetCircuitCategory: POWER, Specs: { SizecodeMm: '2016', SizecodeInch: '0806', Inductance: 2.2e-6, InductanceTolerance: '±20%', Thickness: 0.001 } }],
];

/**
 * Real numbers from published BOMs that a list of specification codes seen used to refuse (E87,
 * AAL, E11, E39, EAA; LQP application M; LQM application F), and series of the API's categories
 * found in real BOMs: each with the specs the maker's numbering page and product page give.
 */
const FROM_REAL_BOMS: readonly (readonly [string, Published])[] = [
  ['GRM155R60J475ME87D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0402', SizecodeMm: '1005', TemperatureCharacteristics: 'X5R', RatedVoltage: 6.3, Capacitance: 4.7e-6, ToleranceCapacitance: '±20%', Thickness: 0.0005, MaxOperatingTemperature: 85 } }],
  ['GRM188R61C106KAALD', { PackageType: PAPER_180, Specs: { SizecodeInch: '0603', SizecodeMm: '1608', TemperatureCharacteristics: 'X5R', RatedVoltage: 16, Capacitance: 1e-5, ToleranceCapacitance: '±10%', Thickness: 0.0008 } }],
  ['GRM155C81C105KE11D', { PackageType: PAPER_180, Specs: { SizecodeInch: '0402', TemperatureCharacteristics: 'X6S', RatedVoltage: 16, Capacitance: 1e-6, ToleranceCapacitance: '±10%', MaxOperatingTemperature: 105 } }],
  ['GRM31CR60J107ME39L', { PackageType: PLASTIC_180, Specs: { SizecodeInch: '1206', SizecodeMm: '3216', TemperatureCharacteristics: 'X5R', RatedVoltage: 6.3, Capacitance: 1e-4, ToleranceCapacitance: '±20%', Thickness: 0.0016 } }],
  ['GRM155R61A475MEAAD', { PackageType: PAPER_180, Specs: { SizecodeInch: '0402', TemperatureCharacteristics: 'X5R', RatedVoltage: 10, Capacitance: 4.7e-6, ToleranceCapacitance: '±20%' } }],
  ['LQP15MN6N8B02D', { PackageType: REEL_180, TargetCircuitCategory: HF, Construction: ['Film type'], Specs: { SizecodeInch: '0402', Inductance: 6.8e-9, InductanceTolerance: '±0.1nH' } }],
  ['LQM18FN100M00D', { PackageType: REEL_180, TargetCircuitCategory: POWER, Construction: ['Multilayer type'], Specs: { SizecodeInch: '0603', Inductance: 1e-5, InductanceTolerance: '±20%' } }],
  ['LQM21FN100M70L', { PackageType: REEL_180, TargetCircuitCategory: POWER, Specs: { SizecodeInch: '0805', Inductance: 1e-5, InductanceTolerance: '±20%' } }],
  ['LQM18PN2R2MDHD', { PackageType: REEL_180, TargetCircuitCategory: POWER, Specs: { SizecodeInch: '0603', Inductance: 2.2e-6, InductanceTolerance: '±20%' } }],
  ['LQW15AN3N3C10D', { TargetCircuitCategory: HF, Construction: ['Wire wound type (Non mag)'], Specs: { SizecodeInch: '0402', Inductance: 3.3e-9, InductanceTolerance: '±0.2nH' } }],
  ['LQW2UAS12NG0CL', { TargetCircuitCategory: HF, Specs: { SizecodeInch: '1008', Inductance: 1.2e-8, InductanceTolerance: '±2%' } }],
  ['LQP03TQ2N5B02D', { TargetCircuitCategory: HF, Specs: { SizecodeInch: '0201', Inductance: 2.5e-9, InductanceTolerance: '±0.1nH' } }],
  ['GRJ188R71H104KE11D', { ProductName: 'Soft Termination Chip Multilayer Ceramic Capacitors', Benefits: ['Anti-crack while deflecting'], Specs: { SizecodeInch: '0603', TemperatureCharacteristics: 'X7R', RatedVoltage: 50, Capacitance: 1e-7, ToleranceCapacitance: '±10%' } }],
  ['GRJ32DC72A475KE11L', { Benefits: ['Anti-crack while deflecting'], Specs: { SizecodeInch: '1210', TemperatureCharacteristics: 'X7S', RatedVoltage: 100, Capacitance: 4.7e-6, Thickness: 0.002 } }],
  ['GCM31C5C2A104JE02L', { PackageType: PLASTIC_180, ComplianceInfo: expect.objectContaining({ AecQ200Support: true }), Specs: { SizecodeInch: '1206', TemperatureCharacteristics: 'C0G', RatedVoltage: 100, Capacitance: 1e-7, ToleranceCapacitance: '±5%' } }],
  ['GRM31B5C2H102JW01L', { PackageType: PLASTIC_180, Specs: { SizecodeInch: '1206', TemperatureCharacteristics: 'C0G', RatedVoltage: 500, Capacitance: 1e-9, ToleranceCapacitance: '±5%', Thickness: 0.00125 } }],
  ['GRT155R60J475ME13D', { ComplianceInfo: expect.objectContaining({ AecQ200Support: true }), Specs: { SizecodeInch: '0402', TemperatureCharacteristics: 'X5R', RatedVoltage: 6.3, Capacitance: 4.7e-6 } }],
  ['GQM22M5C2H270JB01L', { Specs: { SizecodeInch: '1111', TemperatureCharacteristics: 'C0G', RatedVoltage: 500, Capacitance: 2.7e-11, ToleranceCapacitance: '±5%' } }],
  ['KRM31FR71E225KH01K', { Specs: { SmdType: 'Metal terminal', SizecodeInch: '1206', TemperatureCharacteristics: 'X7R', RatedVoltage: 25, Capacitance: 2.2e-6, Thickness: 0.0019 } }],
];

/** Numbers that look like the maker's but are not a part: each is not found. */
const NOT_PARTS: readonly (readonly [string, string])[] = [
  ['GRM155X91C104KA88D', 'a nonsense temperature characteristic'],
  ['GRM155R72J106KA88D', '10 µF 630 V in an 0402'],
  ['GRM188R61A107ME15D', '100 µF in an 0603'],
  ['GRM155R71C104FA88D', '±1 % on a class 2 dielectric'],
  ['GJM155R71H104KA88D', 'a class 2 dielectric in a high-Q series'],
  ['GRM155R71C104KA88L', 'a 0.5 mm chip on plastic tape'],
  ['RDER71H104K0M1H03B', 'taped leads in bulk'],
  ['RDER71H104K0Q9H03A', 'an unknown lead code'],
  ['RDER72J106K0M1H03A', '10 µF 630 V leaded'],
  ['LQH32XN100K53L', 'an unknown LQH application'],
  ['LQG15HS10MJ02D', '10 mH in a multilayer air-core chip'],
  ['LQP15XN6N8B02D', 'an application letter the LQP numbering does not list'],
  ['LQM18ZN100M00D', 'an application letter the LQM numbering does not list'],
  ['DFE999912F-2R2M=P2', 'a body the maker does not make'],
  ['GRM155R71C104KA8D', "a distributor's number (81-GRM155R71C104KA8D) with its prefix removed"],
];

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

const eq = (partnos: readonly string[]): string => `Partno eq '${partnos.join('|')}'`;

describe('real part numbers over HTTP', () => {
  test('each published number is answered with the specs its data sheet gives, marked synthetic', async () => {
    const body = await search(emulator.url, { filter: eq(PUBLISHED.map(([n]) => n)) });
    const byPartno = new Map(productsOf(body).map((p) => [p.Partno as string, p]));
    for (const [partno, published] of PUBLISHED) {
      expect([partno, byPartno.get(partno)]).toEqual([partno, expect.objectContaining({ ...published, Specs: expect.objectContaining(published.Specs as object) })]);
      expect(byPartno.get(partno)!.Notices).toMatch(/^Synthetic: /);
    }
  });

  test('each number from a real BOM is answered with the specs the maker publishes for it', async () => {
    const body = await search(emulator.url, { filter: eq(FROM_REAL_BOMS.map(([n]) => n)) });
    const byPartno = new Map(productsOf(body).map((p) => [p.Partno as string, p]));
    for (const [partno, published] of FROM_REAL_BOMS) {
      expect([partno, byPartno.get(partno)]).toEqual([partno, expect.objectContaining({ ...published, Specs: expect.objectContaining(published.Specs as object) })]);
    }
  });

  test("any three letters or digits are an individual specification code, as the maker's numbering page has it (a list of codes seen refused real parts)", async () => {
    const body = await search(emulator.url, { filter: eq(['GRM155R71C104KA89D', 'GRM155R71C104KZZ9D', 'LQM21PN2R2MZZL']) });
    expect(partnosOf(body)).toEqual(['GRM155R71C104KA89D', 'GRM155R71C104KZZ9D', 'LQM21PN2R2MZZL']);
    expect(productsOf(body)[0]).toMatchObject({ Specs: { Capacitance: 1e-7, RatedVoltage: 16, TemperatureCharacteristics: 'X7R' } });
  });

  test.each(NOT_PARTS)('%s is not found (%s)', async (partno) => {
    expect(partnosOf(await search(emulator.url, { filter: eq([partno]) }))).toEqual([]);
  });

  test.each([
    ['GRM155R71C104KA88', ['GRM155R71C104KA88D', 'GRM155R71C104KA88J']],
    ['GRM022R60J104ME15', ['GRM022R60J104ME15L']],
    ['GRM21BR61E106KA73', ['GRM21BR61E106KA73K', 'GRM21BR61E106KA73L']],
    ['LQM21PN1R0MC0', ['LQM21PN1R0MC0D']],
    ['LQM21PN2R2MGH', ['LQM21PN2R2MGHL']],
    // AAL ends in a package letter, but it is a code the maker uses: the base of …KAALD.
    ['GRM188R61C106KAAL', ['GRM188R61C106KAALD', 'GRM188R61C106KAALJ']],
    ['RDER71H104K0M1H03', ['RDER71H104K0M1H03A']],
    ['RDER71H104K0P1H03', ['RDER71H104K0P1H03B']],
  ])('a number without its package code, %s, gets only the package forms its codes allow', async (base, forms) => {
    expect(partnosOf(await search(emulator.url, { filter: `startswith(Partno,'${base}')` }))).toEqual(forms);
  });

  test("startswith a distributor's number with its prefix removed, or a typo, invents nothing", async () => {
    for (const prefix of ['GRM155R71C104KA8D', 'GRM155R71C104KA8', 'RDER71H104K0M1H0']) {
      expect([prefix, partnosOf(await search(emulator.url, { filter: `startswith(Partno,'${prefix}')` }))]).toEqual([prefix, []]);
    }
  });
});

describe('the Match column of a decoded answer', () => {
  test('says Exact (synthetic) or Variant (synthetic); a typo stays Not found', async () => {
    const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
    const outcomes = await client.lookup(['GRM188Z71A106KA73D', 'GRM155R71C104KA88', 'GRM155X91C104KA88D']);
    expect(matchLabel(outcomes.get('GRM188Z71A106KA73D')!)).toBe('Exact (synthetic)');
    expect(matchLabel(outcomes.get('GRM155R71C104KA88')!)).toBe('Variant (synthetic)');
    expect(matchLabel(outcomes.get('GRM155X91C104KA88D')!)).toBe('Not found');
  });

  test('the synthetic labels are not given the attention fill (the label says it); a plain Exact is not highlighted', () => {
    const rules = new Map(matchRules().map((r) => [r.text, r.fill]));
    expect([rules.has('Exact (synthetic)'), rules.has('Variant (synthetic)')]).toEqual([false, false]);
    expect(rules.get('Ambiguous')).toBe('#FFEB9C');
    expect(rules.has('Exact')).toBe(false);
  });

  test("the emulator's own catalog parts keep their plain label", async () => {
    const own = emulator.catalog.byGroup.SMD[3].values.Partno as string;
    const outcomes = await createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }).lookup([own]);
    expect(matchLabel(outcomes.get(own)!)).toBe('Exact');
  });

  test('PART.SPEC(…, "Status") and an enrichment\'s Status cell hold the plain status; the risk is Unknown; the PART.CARD card says synthetic', async () => {
    const own = emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'In Production')!.values.Partno as string;
    const outcomes = await createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }).lookup(['GRM188Z71A106KA73D', own]);
    const status = getField('Status')!;
    // The plain status, so =IF(J2="In Production",…) works; the Match cell and the Risk say synthetic.
    expect(fieldValueOf('GRM188Z71A106KA73D', outcomes.get('GRM188Z71A106KA73D'), status)).toBe('In Production');
    expect(rowRisk(outcomes.get('GRM188Z71A106KA73D'), new Date('2026-01-01'))).toMatchObject({ ok: true, value: { level: 'Unknown' } });
    expect(rowRisk(outcomes.get(own), new Date('2026-01-01'))).toMatchObject({ ok: true, value: { level: 'OK' } });
    expect(fieldValueOf(own, outcomes.get(own), status)).toBe('In Production');
    // PART.CARD's card too.
    const card = (partno: string): unknown => buildEntityCard(outcomes.get(partno)!.products[0], new Date('2026-01-01')).properties?.Status;
    expect(card('GRM188Z71A106KA73D')).toMatchObject({ type: 'String', basicValue: 'In Production (synthetic)' });
    expect(card(own)).toMatchObject({ type: 'String', basicValue: 'In Production' });
  });
});
