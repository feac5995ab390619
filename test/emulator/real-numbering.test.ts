/**
 * The maker's real part numbering: numbers as real BOMs carry them decode into the sizes, ratings,
 * values, tolerances and packaging they encode, malformed ones do not, and the emulator answers a
 * real number over HTTP with a product built from it while its own catalog answers as before.
 */
import {
  SYNTHETIC_NOTICE,
  decodeRealPartno,
  decodeRealVariants,
  explainRealPartno,
  generateCatalog,
  startEmulator,
  type RunningEmulator,
} from '../../emulator';
import { VOLTAGES } from '../../emulator/catalog/capacitor-codes';
import { VOLTAGE_CODES } from '../../emulator/catalog/real-numbering/capacitor-tables';
import { parseCliArgs, USAGE } from '../../emulator/cli-args';
import { get, partno, partnosOf, productsOf, search } from '../../testkit/emulator-http';

type Expected = Record<string, string | number | string[]>;

/** Part number → group, base, packaging and the decoded values (SI units: F, V, H, m). */
const DECODED: readonly (readonly [string, Expected])[] = [
  [
    'GRM155R71C104KA88D',
    {
      group: 'SMD',
      base: 'GRM155R71C104KA88',
      package: 'Paper tape 180mm reel',
      'Specs.Capacitance': 1e-7,
      'Specs.CapacitanceText': '100nF',
      'Specs.RatedVoltage': 16,
      'Specs.RatedVoltageClass': 'DC',
      'Specs.TemperatureCharacteristics': 'X7R',
      'Specs.TemperatureCharacteristicsCompliedStandard': 'EIA',
      'Specs.MaxOperatingTemperature': 125,
      'Specs.ToleranceCapacitance': '±10%',
      'Specs.SizecodeMm': '1005',
      'Specs.SizecodeInch': '0402',
      'Specs.Length': 0.001,
      'Specs.Width': 0.0005,
      'Specs.Thickness': 0.0005,
    },
  ],
  [
    'GRM188R61A106KE69J',
    { group: 'SMD', package: 'Paper tape 330mm reel', 'Specs.Capacitance': 1e-5, 'Specs.RatedVoltage': 10, 'Specs.TemperatureCharacteristics': 'X5R', 'Specs.MaxOperatingTemperature': 85, 'Specs.SizecodeInch': '0603', 'Specs.Thickness': 0.0008 },
  ],
  [
    'GRM21BR61E226ME44L',
    { group: 'SMD', package: 'Plastic tape 180mm reel', 'Specs.Capacitance': 2.2e-5, 'Specs.RatedVoltage': 25, 'Specs.ToleranceCapacitance': '±20%', 'Specs.SizecodeMm': '2012', 'Specs.SizecodeInch': '0805', 'Specs.Thickness': 0.00125 },
  ],
  [
    'GRM31CR71H475KA12K',
    { group: 'SMD', package: 'Plastic tape 330mm reel', 'Specs.Capacitance': 4.7e-6, 'Specs.RatedVoltage': 50, 'Specs.SizecodeInch': '1206', 'Specs.Thickness': 0.0016 },
  ],
  [
    'GCM188R71H104KA57D',
    { group: 'SMD', 'Specs.Capacitance': 1e-7, 'Specs.RatedVoltage': 50, 'Specs.TemperatureCharacteristics': 'X7R', 'ComplianceInfo.AecQ200Support': 'true' },
  ],
  [
    'GRM1555C1H4R7CA01D',
    { group: 'SMD', 'Specs.Capacitance': 4.7e-12, 'Specs.CapacitanceText': '4.7pF', 'Specs.ToleranceCapacitance': '±0.25pF', 'Specs.TemperatureCharacteristics': 'C0G' },
  ],
  ['GJM1555C1H100JB01D', { group: 'SMD', 'Specs.Capacitance': 1e-11, 'Specs.ToleranceCapacitance': '±5%', 'Specs.RatedVoltage': 50 }],
  ['GQM1875C2E100JB12D', { group: 'SMD', 'Specs.Capacitance': 1e-11, 'Specs.RatedVoltage': 250, 'Specs.SizecodeInch': '0603', 'Specs.Thickness': 0.0007 }],
  ['GCJ31CR72A104KA01L', { group: 'SMD', 'Specs.RatedVoltage': 100, 'Specs.TemperatureCharacteristics': 'X7R', Benefits: ['Anti-crack while deflecting'] }],
  ['GRT188C81C475ME13D', { group: 'SMD', 'Specs.Capacitance': 4.7e-6, 'Specs.TemperatureCharacteristics': 'X6S', 'Specs.MaxOperatingTemperature': 105 }],
  ['GRM188D71A106MA73D', { group: 'SMD', 'Specs.TemperatureCharacteristics': 'X7T', 'Specs.ToleranceCapacitance': '±20%' }],
  ['GRM0335C1E100JA01D', { group: 'SMD', 'Specs.SizecodeMm': '0603', 'Specs.SizecodeInch': '0201', 'Specs.RatedVoltage': 25 }],
  ['GRM155C70J105KE15D', { group: 'SMD', 'Specs.TemperatureCharacteristics': 'X7S', 'Specs.RatedVoltage': 6.3, 'Specs.Capacitance': 1e-6 }],
  ['GRM32ER71E226KE15L', { group: 'SMD', 'Specs.SizecodeInch': '1210', 'Specs.Thickness': 0.0025, 'Specs.Capacitance': 2.2e-5 }],
  [
    'RDER71H104K2M1H03A',
    { group: 'Lead', base: 'RDER71H104K2M1H03', package: 'Ammo pack', 'Specs.Capacitance': 1e-7, 'Specs.RatedVoltage': 50, 'Specs.TemperatureCharacteristics': 'X7R', 'Specs.LeadSpace': 0.005 },
  ],
  ['RCE5C2A3R0C0A2H03B', { group: 'Lead', package: 'Bulk', 'Specs.Capacitance': 3e-12, 'Specs.RatedVoltage': 100, 'Specs.TemperatureCharacteristics': 'C0G', 'Specs.ToleranceCapacitance': '±0.25pF' }],
  [
    'LQM18PN2R2MFRL',
    { group: 'Ind', base: 'LQM18PN2R2MFR', 'Specs.Inductance': 2.2e-6, 'Specs.InductanceText': '2.2µH', 'Specs.InductanceTolerance': '±20%', 'Specs.SizecodeInch': '0603', Construction: ['Multilayer type'], TargetCircuitCategory: 'Power lines circuits' },
  ],
  ['LQH3NPN100MM0L', { group: 'Ind', 'Specs.Inductance': 1e-5, 'Specs.SizecodeMm': '3030', 'Specs.SizecodeInch': '1212', Construction: ['Wire wound type (Ferrite)'] }],
  [
    'LQW18AN10NG00D',
    { group: 'Ind', 'Specs.Inductance': 1e-8, 'Specs.InductanceText': '10nH', 'Specs.InductanceTolerance': '±2%', Construction: ['Wire wound type (Non mag)'], TargetCircuitCategory: 'High frequency circuits' },
  ],
  ['LQW18ANR18J00D', { group: 'Ind', 'Specs.Inductance': 1.8e-7, 'Specs.InductanceTolerance': '±5%' }],
  ['LQG15HS10NJ02D', { group: 'Ind', 'Specs.Inductance': 1e-8, 'Specs.SizecodeInch': '0402', Construction: ['Multilayer type'] }],
  ['LQP03TN4N3H00D', { group: 'Ind', 'Specs.Inductance': 4.3e-9, 'Specs.InductanceTolerance': '±3%', 'Specs.SizecodeInch': '0201', Construction: ['Film type'] }],
  [
    'DFE322512F-2R2M=P2',
    { group: 'Ind', base: 'DFE322512F-2R2M', package: 'Plastic tape reel', 'Specs.Inductance': 2.2e-6, 'Specs.SizecodeMm': '3225', 'Specs.SizecodeInch': '1210', 'Specs.Thickness': 0.0012, 'Specs.Dimension': '3.2×2.5×1.2mm' },
  ],
  ['DFE201612PD-R47M=P2', { group: 'Ind', 'Specs.Inductance': 4.7e-7, 'Specs.SizecodeInch': '0806', Construction: ['Wire wound type (Metal)'] }],
  ['DFE2MCAH2R2MJ0L', { group: 'Ind', base: 'DFE2MCAH2R2MJ0', 'Specs.Inductance': 2.2e-6, 'Specs.SizecodeMm': '2016', 'Specs.SizecodeInch': '0806' }],
];

/** Numbers that are not one of the maker's, or break a code table: none decodes. */
const MALFORMED: readonly (readonly [string, string])[] = [
  ['GRM155R71C104KA88', 'no package code'],
  ['GRM155R71C104KA8D', 'a distributor spelling with a two-character specification code'],
  ['81-GRM155R71C104KA8D', "a distributor's number wrapping ours"],
  ['GRM155R71C104KA88X', 'an unknown package code'],
  ['GRM155ZZ1C104KA88D', 'an unknown temperature characteristic'],
  ['GRM155R71Q104KA88D', 'an unknown voltage code'],
  ['GRM995R71C104KA88D', 'an unknown size code'],
  ['GRM15YR71C104KA88D', 'an unknown thickness code'],
  ['GRM155R71C108KA88D', 'a capacitance code past 10⁷'],
  ['GRM155R71C000KA88D', 'a zero capacitance'],
  ['GRM155R71CRR4KA88D', 'two decimal points'],
  ['GRM155R71C104YA88D', 'an unknown tolerance letter'],
  ['GXQ155R71C104KA88D', 'an unknown series'],
  ['GNM1M2R61A104MA01D', 'an array series, whose codes are not decoded'],
  ['grm155r71c104ka88d', 'lower case, which the service does not store'],
  ['GRM155R71C104KA88DD', 'one character too many'],
  ['LQM18PN2R2MFR', 'an inductor without its package code'],
  ['LQZ18PN2R2MFRL', 'an unknown inductor structure'],
  ['LQM18PN2R2QFRL', 'an unknown inductance tolerance'],
  ['LQM18PNXYZMFRL', 'a value code that is not one'],
  ['DFE322512F-2R2M', 'a power inductor without its package suffix'],
  ['DFE322512F-2R2M=Q9', 'an unknown package suffix'],
  ['DFE000012F-2R2M=P2', 'a zero body'],
  ['MCS18R71H104KZ9D', "the synthetic catalog's own numbering"],
  ['CL10A105KA8NNNC', "another maker's capacitor"],
  ['C1005X7R1C104K050BC', "another maker's capacitor"],
  ['GRM-TYPO-0001', 'a typo'],
  ['', 'nothing'],
];

describe('decodeRealPartno', () => {
  test.each(DECODED)('%s', (number, expected) => {
    const part = decodeRealPartno(number);
    expect(part).toBeDefined();
    const { group, base, package: packageType, ...values } = expected;
    expect(part!.group).toBe(group);
    expect(part!.partno).toBe(number);
    if (base !== undefined) expect(part!.partnoWithoutPackageCode).toBe(base);
    if (packageType !== undefined) expect(part!.packageType).toBe(packageType);
    const facts = { 'ComplianceInfo.AecQ200Support': String(part!.facts.aec), Benefits: part!.facts.benefits ? [...part!.facts.benefits] : undefined };
    const decoded: Record<string, unknown> = { ...facts, ...part!.values };
    for (const [key, value] of Object.entries(values)) expect([key, decoded[key]]).toEqual([key, value]);
  });

  test.each(MALFORMED)('%s is refused (%s)', (number) => {
    expect(decodeRealPartno(number)).toBeUndefined();
    expect(explainRealPartno(number)).toEqual(expect.any(String));
  });

  test('a refused number says why, in the words of its numbering; a decoded one has no reason', () => {
    expect(explainRealPartno('LQH32XN100K53L')).toBe("'X' is not an application letter of LQH (N, M, H, D, C, S, P)");
    expect(explainRealPartno('LQP15ZN6N8B02D')).toBe("'Z' is not an application letter of LQP (M, T, H)");
    expect(explainRealPartno('GRM155ZZ1C104KA88D')).toBe("'ZZ' is not a temperature characteristic code");
    expect(explainRealPartno('GRM155R72J106KA88D')).toBe("630 V is outside the body's voltage range");
    expect(explainRealPartno('GRM155R71C104KA88L')).toBe("'L' is not a package this chip is sold in (D, J)");
    expect(explainRealPartno('RDER71H104K0M1H03B')).toBe("lead code M1 comes in Ammo pack, not package 'B'");
    expect(explainRealPartno('BLM15AX102SN1D')).toBe('not a number of a series the emulator decodes');
    expect(explainRealPartno('GRM155R71C104KA88D')).toBeUndefined();
  });

  test('LQM F and D are chokes for DC power supplies, N is for resonant circuits; LQW H is high-Q', () => {
    expect(decodeRealPartno('LQM18FN100M00D')!.values.TargetCircuitCategory).toBe('Power lines circuits');
    expect(decodeRealPartno('LQM18DN100M00D')!.values.TargetCircuitCategory).toBe('Power lines circuits');
    expect(decodeRealPartno('LQM18NN100M00D')!.values.TargetCircuitCategory).toBe('General circuits');
    expect(decodeRealPartno('LQW18HN10NJ00D')!.values.TargetCircuitCategory).toBe('High frequency circuits');
    expect(decodeRealPartno('LQH32NN100K23L')!.values.TargetCircuitCategory).toBe('General circuits');
    expect(decodeRealPartno('LQH32HN100K23L')!.values.TargetCircuitCategory).toBe('High frequency circuits');
  });

  test('a base number gives the package forms of its body; anything shorter gives none', () => {
    expect(decodeRealVariants('GRM155R71C104KA88').map((p) => p.partno)).toEqual(['GRM155R71C104KA88D', 'GRM155R71C104KA88J']);
    expect(decodeRealVariants('GRM21BR61E226ME44').map((p) => p.partno)).toEqual(['GRM21BR61E226ME44L', 'GRM21BR61E226ME44K']);
    expect(decodeRealVariants('DFE322512F-2R2M').map((p) => p.partno)).toEqual(['DFE322512F-2R2M=P2']);
    // M1 is a taped lead: the part comes in an ammo pack only.
    expect(decodeRealVariants('RDER71H104K2M1H03').map((p) => p.partno)).toEqual(['RDER71H104K2M1H03A']);
    expect(decodeRealVariants('GRM155R71C104KA8')).toEqual([]);
    expect(decodeRealVariants('GRM')).toEqual([]);
    expect(decodeRealVariants('GRM155R71C104KA88D')).toEqual([]);
  });

  test("the synthetic catalog's DC voltage codes mean what the maker's do, wherever both tables have the code", () => {
    const shared = Object.values(VOLTAGES).filter((v) => v.cls === 'DC' && VOLTAGE_CODES[v.code] !== undefined);
    expect(shared.map((v) => v.code)).toEqual(expect.arrayContaining(['0J', '1A', '1C', '1E', 'YA', '1H', '2A', '3F']));
    for (const v of shared) expect([v.code, VOLTAGE_CODES[v.code]]).toEqual([v.code, v]);
  });

  test("none of the synthetic catalog's numbers reads as a real one, so the catalog's answers cannot change", () => {
    const catalog = generateCatalog(1);
    expect(catalog.products.filter((p) => decodeRealPartno(partno(p)) !== undefined).map(partno)).toEqual([]);
  });
});

describe('the emulator answers real numbers', () => {
  let emulator: RunningEmulator;
  let catalogOnly: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    catalogOnly = await startEmulator({ port: 0, realNumbers: false });
  });
  afterAll(async () => {
    await emulator.close();
    await catalogOnly.close();
  });

  test('Partno eq: real numbers get decoded products beside the catalog product, each in its group', async () => {
    const own = emulator.catalog.byGroup.SMD[10];
    const body = await search(emulator.url, { filter: `Partno eq 'GRM155R71C104KA88D|LQM18PN2R2MFRL|DFE322512F-2R2M=P2|RDER71H104K2M1H03A|${partno(own)}'` });
    expect(body.HasMoreHits).toBe(false);
    expect(Object.keys(body.Data)).toEqual(['CeramicCapacitorsSMD', 'CeramicCapacitorsLead', 'Inductors']);
    expect(body.Data.CeramicCapacitorsSMD.Products.map((p) => p.Partno)).toEqual(['GRM155R71C104KA88D', partno(own)].sort());
    const byPartno = new Map(productsOf(body).map((p) => [p.Partno as string, p]));

    expect(byPartno.get('GRM155R71C104KA88D')).toMatchObject({
      Manufacturer: 'Maker',
      PartnoWithoutPackageCode: 'GRM155R71C104KA88',
      Status: 'In Production',
      PackageType: 'Paper tape 180mm reel',
      Notices: SYNTHETIC_NOTICE,
      Specs: { Capacitance: 1e-7, CapacitanceText: '100nF', RatedVoltage: 16, TemperatureCharacteristics: 'X7R', SizecodeInch: '0402', ToleranceCapacitance: '±10%' },
      ProductName: 'Chip Multilayer Ceramic Capacitors for General Purpose',
      Mounting: ['Reflow soldering'],
    });
    const synthetic = byPartno.get('GRM155R71C104KA88D')!;
    expect(synthetic.LastBuyDate).toBeUndefined();
    expect(synthetic.ProductionEndDate).toBeUndefined();
    expect(byPartno.get('LQM18PN2R2MFRL')).toMatchObject({ Specs: { Inductance: 2.2e-6, InductanceTolerance: '±20%' }, Construction: ['Multilayer type'], Notices: SYNTHETIC_NOTICE });
    expect(byPartno.get('DFE322512F-2R2M=P2')).toMatchObject({ PartnoWithoutPackageCode: 'DFE322512F-2R2M', Specs: { Inductance: 2.2e-6, SizecodeMm: '3225' } });
    expect(byPartno.get('RDER71H104K2M1H03A')).toMatchObject({ Specs: { Capacitance: 1e-7, RatedVoltage: 50, LeadSpace: 0.005 }, Mounting: ['Flow soldering'] });
    // The catalog's own part is its catalog product, untouched.
    expect(byPartno.get(partno(own))).toMatchObject({ Status: own.values.Status, ProductName: own.values.ProductName });
    expect(byPartno.get(partno(own))!.Notices).not.toBe(SYNTHETIC_NOTICE);
  });

  test('the same number gives the same product every time, in every language', async () => {
    const filter = "Partno eq 'GCM188R71H104KA57D'";
    const [a, b] = [await search(emulator.url, { filter }), await search(emulator.url, { filter })];
    expect(a).toEqual(b);
    const ja = await search(emulator.url, { filter, lang: 'ja' });
    expect(productsOf(ja)[0]).toMatchObject({ Status: '生産中', Specs: { Capacitance: 1e-7, RatedVoltage: 50 } });
  });

  test('startswith a base number gives its package forms; shorter prefixes and contains give nothing', async () => {
    expect(partnosOf(await search(emulator.url, { filter: "startswith(Partno,'GRM155R71C104KA88')" }))).toEqual(['GRM155R71C104KA88D', 'GRM155R71C104KA88J']);
    expect(partnosOf(await search(emulator.url, { filter: "startswith(Partno,'GRM155R71C104KA8')" }))).toEqual([]);
    expect(partnosOf(await search(emulator.url, { filter: "startswith(Partno,'GRM')" }))).toEqual([]);
    expect(partnosOf(await search(emulator.url, { filter: "contains(Partno,'GRM155R71C104KA88D')" }))).toEqual([]);
  });

  test('every other condition still applies to a decoded product', async () => {
    const number = "Partno eq 'GRM155R71C104KA88D'";
    const smd = "Category eq 'ceramicCapacitorsSMD'";
    expect(partnosOf(await search(emulator.url, { filter: `${smd} and ${number} and RatedVoltage eq 16` }))).toEqual(['GRM155R71C104KA88D']);
    expect(partnosOf(await search(emulator.url, { filter: `${smd} and ${number} and RatedVoltage ge 25` }))).toEqual([]);
    expect(partnosOf(await search(emulator.url, { filter: `${number} and AecQ200Support eq true` }))).toEqual([]);
    expect(partnosOf(await search(emulator.url, { filter: `Category eq 'inductors' and ${number}` }))).toEqual([]);
    expect(partnosOf(await search(emulator.url, { filter: `Category eq 'ceramicCapacitors' and ${number} and Status eq 'In Production'` }))).toEqual(['GRM155R71C104KA88D']);
  });

  test('malformed and unknown numbers stay not found', async () => {
    const filter = `Partno eq '${MALFORMED.map(([n]) => n).filter((n) => n !== '' && !n.includes('|')).join('|')}'`;
    expect(partnosOf(await search(emulator.url, { filter }))).toEqual(['MCS18R71H104KZ9D']);
  });

  test('category-wide queries and the health check hold the catalog alone, as with --no-real-numbers', async () => {
    for (const filter of [undefined, "Category eq 'ceramicCapacitorsSMD' and RatedVoltage eq 16", "Category eq 'inductors' and startswith(Partno,'M')"]) {
      const [on, off] = [await search(emulator.url, { filter }), await search(catalogOnly.url, { filter })];
      // Addresses in the answers name each emulator's own port.
      expect(JSON.stringify(on).split(emulator.url).join('BASE')).toBe(JSON.stringify(off).split(catalogOnly.url).join('BASE'));
    }
    const [on, off] = [await get(`${emulator.url}/healthz`), await get(`${catalogOnly.url}/healthz`)];
    expect(on.json()).toEqual(off.json());
    expect(on.json()).toEqual({ status: 'ok', products: emulator.catalog.products.length });
  });

  test('--no-real-numbers: real numbers are not found', async () => {
    expect(catalogOnly.realNumbers).toBe(false);
    expect(emulator.realNumbers).toBe(true);
    const body = await search(catalogOnly.url, { filter: "Partno eq 'GRM155R71C104KA88D|LQM18PN2R2MFRL'" });
    expect(partnosOf(body)).toEqual([]);
  });
});

describe('the command line', () => {
  test('--no-real-numbers switches them off; the help says what a decoded product is', () => {
    expect(parseCliArgs(['--no-real-numbers'])).toEqual({ help: false, options: { realNumbers: false } });
    expect(parseCliArgs([])).toEqual({ help: false, options: {} });
    expect(USAGE).toMatch(/--no-real-numbers/);
    expect(USAGE).toMatch(/GRM155R71C104KA88D/);
    expect(USAGE).toMatch(/Synthetic/);
  });
});
