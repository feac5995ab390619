import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseCliArgs, UsageError } from '../../emulator/cli-args';
import { DEMO_KEY } from '../../emulator';
import { send } from '../../testkit/emulator-http';

const ROOT = join(__dirname, '..', '..');

describe('parseCliArgs', () => {
  test('reads every flag', () => {
    const result = parseCliArgs([
      '--port', '0', '--host', '0.0.0.0', '--key', 'a', '--key', 'b', '--latency', '20-200', '--rate-limit', '10/2',
      '--fail-rate', '0.1', '--drop-rate', '0.05', '--seed', '7', '--log-requests', '/tmp/x.jsonl',
    ]);
    expect(result).toEqual({
      help: false,
      options: {
        port: 0,
        host: '0.0.0.0',
        keys: ['a', 'b'],
        latencyMs: [20, 200],
        rateLimit: { max: 10, windowSeconds: 2 },
        failRate: 0.1,
        dropRate: 0.05,
        seed: 7,
        logRequests: '/tmp/x.jsonl',
      },
    });
    expect(parseCliArgs(['--latency', '50'])).toEqual({ help: false, options: { latencyMs: 50 } });
    expect(parseCliArgs(['--help'])).toEqual({ help: true });
    expect(parseCliArgs([])).toEqual({ help: false, options: {} });
  });

  test.each([
    [['--port', 'abc'], /--port needs a whole number/],
    [['--port', '70000'], /--port/],
    [['--latency', 'fast'], /--latency needs MS or MIN-MAX/],
    [['--latency', '200-20'], /maximum below its minimum/],
    [['--rate-limit', '10'], /--rate-limit needs N\/SECONDS/],
    [['--fail-rate', '1.5'], /--fail-rate needs a fraction/],
    [['--drop-rate', '-0.1'], /--drop-rate/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--key'], /--key/],
    [['extra'], /positional/],
  ])('%j → UsageError', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});

describe('npm run emulator', () => {
  test('prints the base URL and demo key, serves, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'run-ts.js'), join(ROOT, 'emulator', 'main.ts'), '--port', '0', '--key', DEMO_KEY, '--key', 'secret-key-123'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 20_000);
      child.stdout.on('data', () => {
        const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
        if (m && output.includes('API key')) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    expect(output).toContain(`API key:  ${DEMO_KEY}`);
    expect(output).not.toContain('secret-key-123');
    expect((await send(`${url}/healthz`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  test('a bad flag exits 2 with a message', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'run-ts.js'), join(ROOT, 'emulator', 'main.ts'), '--rate-limit', 'lots'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--rate-limit needs N\/SECONDS/);
  });
});
