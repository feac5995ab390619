/**
 * `partspec mcp`'s stdout is the protocol's channel: every line on it is a JSON-RPC message, even
 * when the command has something to say (a warning about a setting goes to stderr), and the
 * process ends when the assistant closes its stdin.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_KEY } from '../../emulator';
import { ROOT, useEmulatorHome } from '../cli/helpers';

const world = useEmulatorHome();

test('only JSON-RPC messages on stdout, the warning on stderr, exit 0 when stdin ends', async () => {
  const env = { PATH: process.env.PATH, HOME: world.home, XDG_CACHE_HOME: join(world.home, '.cache'), PARTSPEC_BASE_URL: world.emulator.url, PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_RETRY_BUDGET: 'soon' };
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'partspec.js'), 'mcp'], { env, cwd: world.home, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const messages = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'lookup', arguments: { partnos: ['NOTAPART-0000'] } } },
  ];
  const answered = new Promise<void>((resolve) => child.stdout.on('data', () => stdout.includes('"id":3') && resolve()));
  child.stdin.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
  await answered;
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  const lines = stdout.trim().split('\n');
  expect(lines.map((l) => (JSON.parse(l) as { jsonrpc: string; id: number }).id)).toEqual([1, 2, 3]);
  expect(lines.every((l) => (JSON.parse(l) as { jsonrpc: string }).jsonrpc === '2.0')).toBe(true);
  expect(stderr).toContain('PARTSPEC_RETRY_BUDGET must be a number of seconds');
  expect(stdout + stderr).not.toContain(DEMO_KEY);
}, 60_000);
