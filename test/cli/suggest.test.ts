/**
 * `partspec suggest` as a user runs it, against the emulator: lines as arguments, from stdin, and
 * from a BOM file's columns; the table, the JSON every consumer reads, and the exit codes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

const KEY_ENV = { PARTSPEC_API_KEY: DEMO_KEY };
const world = useEmulatorHome();

interface JsonAnswer {
  row?: number;
  input: string;
  understood: { kind?: string; capacitance?: number; voltage?: number; decoded?: { maker: string } };
  understoodText: string;
  candidates: { Partno: string; why: string; Status: string; Specs: Record<string, unknown> }[];
  reason?: string;
}

describe('partspec suggest', () => {
  test('prints what each line was understood as and its candidates; a line without one makes the run partial', async () => {
    const run = await runCliInProcess(['suggest', 'CL05B104KO5NNNC', 'RES 10K OHM 1% 1/16W 0402', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Input\s+Understood\s+Rank\s+Partno\s+Status\s+Why$/);
    expect(lines.find((l) => l.startsWith('CL05B104KO5NNNC'))).toMatch(/ceramic capacitor, 100 nF.*\s1\s+\S+\s+In Production\s+100 nF/);
    expect(lines.find((l) => l.startsWith('RES 10K'))).toMatch(/resistor\s+Not a kind of part/);
    expect(run.stderr).toContain('1 of 2 lines have a suggestion (1 search).');
  });

  test('--json gives input, what was understood and candidates with Partno, in the language asked; lines from stdin', async () => {
    const run = await runCliInProcess(['suggest', '-', '--json', '--count', '2', '--lang', 'ja', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV, input: '100nF 16V X7R 0402\nCC0402KRX7R7BB104\n' });
    expect(run.code).toBe(0);
    const answers = JSON.parse(run.stdout) as JsonAnswer[];
    expect(answers.map((a) => a.input)).toEqual(['100nF 16V X7R 0402', 'CC0402KRX7R7BB104']);
    expect(answers[1].understood).toMatchObject({ kind: 'ceramicCapacitor', capacitance: 1e-7, voltage: 16, decoded: { maker: 'Yageo' } });
    expect(answers[1].understoodText).toMatch(/^セラミックコンデンサ、100 nF、16 V 以上、X7R/);
    for (const a of answers) {
      expect(a.candidates.length).toBeGreaterThan(0);
      expect(a.candidates.length).toBeLessThanOrEqual(2);
      for (const c of a.candidates) {
        expect(c.Partno).toMatch(/^\S+$/);
        expect(c.Status).toBe('生産中');
        expect(c.Specs.TemperatureCharacteristics).toBe('X7R');
        expect(c.Specs.SizecodeInch).toBe('0402');
        expect(c.Specs.RatedVoltage as number).toBeGreaterThanOrEqual(16);
      }
    }
    expect(run.stderr).toContain('2 of 2 lines have a suggestion (2 searches).');
  });

  test('reads the lines of a BOM file from the columns named, with their rows', async () => {
    const file = join(world.home, 'kicad-bom.csv');
    writeFileSync(
      file,
      [
        'Reference,Value,Footprint,Qty,Description',
        '"C3,C4,C5,C6",100nF,Capacitor_SMD:C_0402_1005Metric,4,3.3V decoupling capacitors',
        'R1,10k,Resistor_SMD:R_0402_1005Metric,1,EN pull-up resistor',
        ',,,,',
        'L1,10uH,Inductor_SMD:L_0603_1608Metric,1,buck inductor',
      ].join('\r\n') + '\r\n',
    );
    const run = await runCliInProcess(['suggest', file, '--column', 'Reference', '--column', 'value', '--column', 'Footprint', '--json', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(run.code).toBe(1);
    const answers = JSON.parse(run.stdout) as JsonAnswer[];
    expect(answers.map((a) => [a.row, a.input])).toEqual([
      [2, 'C3,C4,C5,C6 | 100nF | Capacitor_SMD:C_0402_1005Metric'],
      [3, 'R1 | 10k | Resistor_SMD:R_0402_1005Metric'],
      [5, 'L1 | 10uH | Inductor_SMD:L_0603_1608Metric'],
    ]);
    expect(answers.map((a) => a.understood.kind)).toEqual(['ceramicCapacitor', 'resistor', 'inductor']);
    expect(answers[0].candidates.length).toBeGreaterThan(0);
    expect(answers[1].candidates).toEqual([]);
    expect(answers[1].reason).toMatch(/^Not a kind of part/);
  });

  test('refuses a missing column, a bad category and no lines (exit 2)', async () => {
    const file = join(world.home, 'bom.csv');
    writeFileSync(file, 'Value,Footprint\r\n100n,C_0402_1005Metric\r\n');
    const missing = await runCliInProcess(['suggest', file, '--column', 'Description', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("No header row holds 'Description'");
    const category = await runCliInProcess(['suggest', '100n', '--category', 'resistors', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('--category resistors: use ceramicCapacitors or inductors.');
    const none = await runCliInProcess(['suggest', '-', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV, input: '\n' });
    expect(none.code).toBe(2);
  });

  test('--category reads a bare value as that kind; --automotive keeps to AEC-Q200 parts', async () => {
    const run = await runCliInProcess(['suggest', '10u 0603', '--category', 'inductors', '--json', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    const [answer] = JSON.parse(run.stdout) as JsonAnswer[];
    expect(answer.understood.kind).toBe('inductor');
    const auto = await runCliInProcess(['suggest', 'CAP CER 0.1UF 50V X7R 0603', '--automotive', '--json', '--count', '5', '--base-url', world.emulator.url], { home: world.home, env: KEY_ENV });
    const [a] = JSON.parse(auto.stdout) as JsonAnswer[];
    expect(a.candidates.length).toBeGreaterThan(0);
    for (const c of a.candidates) expect(c.why).toContain('AEC-Q200');
  });
});
