/**
 * findParts against the emulator over HTTP: every candidate returned for the table of real BOM
 * lines meets every constraint the line states, checked by reading the candidate's own specs back
 * from the service (a lookup of its part number) against the table's hand-written expectations;
 * lines of other kinds get no candidate and a sentence; one search per distinct set of constraints.
 */
import { createClient, type Client } from '../../api/client';
import { readValue } from '../../api/product';
import { findParts } from '../../core/find/find-parts';
import { DEMO_KEY } from '../../emulator';
import { useEmulator } from '../support/use-emulator';
import { brokenConstraints as broken } from './find-check';
import { FIND_LINES } from './find-lines';

const emulator = useEmulator();
let client: Client;

beforeAll(() => {
  client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });
});

describe('findParts against the emulator', () => {
  it('proposes only parts that meet every stated constraint, read back from the service', async () => {
    const lines = FIND_LINES.map(([line]) => line);
    const { answers } = await findParts(lines, client, { count: 5 });
    expect(answers.map((a) => a.input)).toEqual(lines);
    const partnos = [...new Set(answers.flatMap((a) => a.candidates.map((c) => c.Partno)))];
    expect(partnos.length).toBeGreaterThan(20);
    const readBack = await client.lookup(partnos);
    const failures: string[] = [];
    answers.forEach((answer, i) => {
      const expected = FIND_LINES[i][1];
      for (const c of answer.candidates) {
        const outcome = readBack.get(c.Partno);
        const product = outcome?.products.find((p) => p.partno === c.Partno);
        if (!product) failures.push(`${answer.input}: ${c.Partno} not found when read back`);
        else for (const b of broken(product, expected)) failures.push(`${answer.input}: ${c.Partno} breaks ${b}`);
      }
      if (answer.candidates.length === 0) expect(answer.reason).toMatch(/\S.*\.$/);
      expect(answer.understoodText).not.toBe('');
    });
    expect(failures).toEqual([]);
  });

  it('finds the common 100 nF lines in every notation', async () => {
    const lines = ['100n | C_0402_1005Metric', 'CAP CER 0.1UF 16V X7R 0402', 'CL05B104KO5NNNC', 'CC0402KRX7R7BB104', '0402B104K160CT', '贴片电容 0402 100nF 16V X7R ±10%', '積層セラミックコンデンサ 0.1μF 50V'];
    const { answers } = await findParts(lines, client);
    for (const a of answers) expect(a.candidates.length).toBeGreaterThan(0);
    // The closest rating first: where the characteristic is named, no later candidate has a lower voltage.
    for (const a of answers.filter((x) => x.understood.characteristic)) {
      const volts = a.candidates.map((c) => Number(readValue(c.product, 'Specs.RatedVoltage')));
      expect(volts).toEqual([...volts].sort((x, y) => x - y));
    }
  });

  it('gives lines of other kinds no candidate and a sentence, and sends nothing for them', async () => {
    const before = client.stats().requests;
    const lines = ['RES 10K OHM 1% 1/16W 0402', 'CAP ALUM 100UF 20% 25V SMD', 'FERRITE BEAD 600 OHM 0603 1LN', 'CRYSTAL 8.0000MHZ 8PF SMD', 'CAP TANT 10UF 10% 16V 1206'];
    const { answers, searches } = await findParts(lines, client);
    expect(searches).toBe(0);
    expect(client.stats().requests).toBe(before);
    for (const a of answers) {
      expect(a.candidates).toEqual([]);
      expect(a.reason).toMatch(/^Not a kind of part .*'s API offers: .* \(ceramic capacitors and inductors only\)\.$/);
    }
  });

  it('says why a line is too vague or has no part, in the user language', async () => {
    // No catalog holds a 100 µF C0G part rated 630 V in an 01005 body.
    const { answers } = await findParts(['Inductor', '100n', '100uF 630V C0G 01005'], client, { lang: 'ja' });
    expect(answers[0].reason).toBe('情報不足: インダクタンスの記載がありません。');
    expect(answers[1].reason).toMatch(/^定格電圧・温度特性・サイズの指定なし: \d+\+? 品が該当。代表的な 3 品を表示します。$/);
    expect(answers[2].candidates).toEqual([]);
    expect(answers[2].reason).toBe('生産中の部品で 100 µF、630 V 以上、C0G、01005 (0402) をすべて満たすものはありません。');
    const en = await findParts(['100n'], client);
    expect(en.answers[0].reason).toMatch(/^No voltage, characteristic or size given: \d+\+? parts fit; showing the 3 most common\.$/);
  });

  it('sends one search per distinct set of constraints, however many lines share it', async () => {
    const before = client.stats().requests;
    const lines = ['CL05B104KO5NNNC', 'CC0402KRX7R7BB104', '0402B104K160CT', 'CL05B104KO5NNNC', 'EMK107BJ105KA-T', 'EMK107BJ105KA-T | CAP CER 1UF 16V X5R 0603'];
    const { searches } = await findParts(lines, client);
    expect(searches).toBe(2);
    expect(client.stats().requests - before).toBe(2);
  });

  it('asks for automotive grade on every line when told, and keeps to it', async () => {
    const { answers } = await findParts(['CAP CER 0.1UF 16V X7R 0603'], client, { automotive: true, count: 10 });
    expect(answers[0].understood.automotive).toBe(true);
    for (const c of answers[0].candidates) expect(readValue(c.product, 'ComplianceInfo.AecQ200Support')).toBe(true);
  });
});
