import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../emulator';
import { buildServer } from '../server/app';
import { mcpPlugin } from '../server/mcp/plugin';
import { createMemoryState } from '../server/state/memory';
import { createTokenFileStore } from '../server/tokens/token-file';
import { BENCH_EMULATOR, progress, startCase, summarizeLog, timed } from './conditions';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B14: a lookup of 1,000 part numbers through the assistants' server. `partspec mcp` (a child
 * process, driven by the SDK's own client over stdio) must send exactly the requests
 * `partspec lookup` sends for the same part numbers: it calls the same client and core, so any
 * difference would be a decision of its own. `/mcp` on `partspec serve` is shown beside them
 * (its requests reach the upstream through the server's relay, whose cache is off) and held to
 * the same count. No answer cache anywhere.
 */

const BIN = join(__dirname, '..', 'bin', 'partspec.js');
const PARTS = 1000;

/** 1,000 part numbers spread over the catalog, every 50th unknown to it. */
function pickPartnos(emulator: RunningEmulator): string[] {
  const catalog = emulator.catalog.products.map((p) => String(p.values.Partno));
  return Array.from({ length: PARTS }, (_, i) => (i % 50 === 49 ? `XYZ-UNKNOWN-${i}` : catalog[(i * 7919) % catalog.length]));
}

function runCliLookup(partnos: readonly string[], env: Record<string, string>, dir: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'lookup', '-', '--json', '--no-cache'], { cwd: dir, env: { PATH: process.env.PATH, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout }));
    child.stdin.end(`${partnos.join('\n')}\n`);
  });
}

async function lookupOver(client: Client, partnos: readonly string[]): Promise<CallToolResult> {
  return (await client.callTool({ name: 'lookup', arguments: { partnos } }, undefined, { timeout: 300_000 })) as CallToolResult;
}

/** Runs B14. */
export async function runMcpLookup(): Promise<BenchmarkResult> {
  const emulator = await startEmulator(BENCH_EMULATOR);
  const dir = mkdtempSync(join(tmpdir(), 'partspec-b14-'));
  const env = { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: emulator.url, HOME: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  const partnos = pickPartnos(emulator);
  try {
    progress('B14: partspec lookup of 1,000 part numbers');
    startCase(emulator);
    const cli = await timed(() => runCliLookup(partnos, env, dir));
    const cliLog = summarizeLog(emulator.requests.filter((r) => r.url.startsWith('/v2/')));
    const cliResults = JSON.parse(cli.value.stdout) as unknown[];

    progress('B14: the same lookup through partspec mcp (stdio)');
    const stdio = new Client({ name: 'partspec-bench', version: '1.0.0' });
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--no-cache'], env: { PATH: process.env.PATH ?? '', ...env }, cwd: dir, stderr: 'ignore' }));
    startCase(emulator);
    const viaStdio = await timed(() => lookupOver(stdio, partnos));
    const stdioLog = summarizeLog(emulator.requests.filter((r) => r.url.startsWith('/v2/')));
    await stdio.close();
    const stdioResults = (viaStdio.value.structuredContent as { results: unknown[] }).results;

    progress('B14: the same lookup through /mcp on partspec serve');
    const tokensFile = join(dir, 'tokens.json');
    const token = await createTokenFileStore(tokensFile).add('bench');
    const state = createMemoryState({ tokensFile });
    const server = await buildServer({ upstream: emulator.url, apiKey: DEMO_KEY, state, logger: false, cacheTtlMs: 0 });
    await server.app.register(mcpPlugin, { upstream: emulator.url, access: server.access, publicUrl: server.publicUrl });
    const url = await server.listen(0, '127.0.0.1');
    const remote = new Client({ name: 'partspec-bench', version: '1.0.0' });
    await remote.connect(new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    startCase(emulator);
    const viaHttp = await timed(() => lookupOver(remote, partnos));
    const httpLog = summarizeLog(emulator.requests.filter((r) => r.url.startsWith('/v2/')));
    await remote.close();
    await server.close();

    const same = JSON.stringify(stdioResults) === JSON.stringify(cliResults);
    const ratio = cliLog.requests === 0 ? Infinity : stdioLog.requests / cliLog.requests;
    const rows: Row[] = [
      { benchmark: 'B14', case: 'partspec lookup --json, 1,000 part numbers (child process)', requests: cliLog.requests, timeMs: cli.ms, measure: `${formatCount(cliResults.length)} results, ${cliLog.rateLimited} answered 429`, checks: [] },
      {
        benchmark: 'B14',
        case: 'lookup tool of partspec mcp (stdio, SDK client), the same part numbers',
        requests: stdioLog.requests,
        timeMs: viaStdio.ms,
        measure: `${ratio.toFixed(2)}× the command line's requests; results ${same ? 'equal' : 'DIFFER'}`,
        checks: [check('B14 MCP lookup requests / command line requests', Number(ratio.toFixed(2)), '= 1.00', stdioLog.requests === cliLog.requests), check('B14 MCP results equal the command line (1 = yes)', Number(same), '= 1', same)],
      },
      {
        benchmark: 'B14',
        case: 'lookup tool of /mcp on partspec serve (HTTP, relay without cache), the same part numbers',
        requests: httpLog.requests,
        timeMs: viaHttp.ms,
        measure: `upstream requests through the relay; ${viaHttp.value.isError ? 'failed' : 'answered'}`,
        checks: [check('B14 /mcp upstream requests / command line requests', Number((httpLog.requests / cliLog.requests).toFixed(2)), '= 1.00', httpLog.requests === cliLog.requests && !viaHttp.value.isError)],
      },
    ];
    return { id: 'B14', title: 'A lookup of 1,000 part numbers through the assistants\' server beside the command line', rows, details: { parts: PARTS, cli: cliLog, stdio: stdioLog, http: httpLog, same } };
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `node scripts/run-ts.js bench/mcp-lookup.ts`: this benchmark alone, its result as JSON on stdout.
  runMcpLookup().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
