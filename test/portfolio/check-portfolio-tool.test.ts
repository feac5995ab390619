/**
 * The assistants' check_portfolio tool: the same JSON as `partspec portfolio --json` for the same
 * files, only under the folders given with --root (a path outside, or a link leading out, refuses
 * the whole call before anything is read or sent), and offered only when there is a root.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createClient } from '../../api/node';
import { DEMO_KEY } from '../../emulator';
import type { Portfolio } from '../../core/portfolio/types';
import { createPartSpecMcpServer } from '../../mcp/server';
import { logSettled } from '../../testkit/settle';
import { runCliInProcess } from '../cli/in-process';
import { call, textOf } from '../mcp/support';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();
let home: string;
let root: string;

beforeAll(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'partspec-portfolio-tool-')));
  root = join(home, 'root');
  mkdirSync(join(root, 'boards'), { recursive: true });
  mkdirSync(join(home, 'outside'));
  writeFileSync(join(root, 'boards', 'main.csv'), 'Designator,MPN,Qty\n"C1,C2",GRM155R71C104KA88D,2\nC3,GRM188R71H104KA93D,1\n');
  writeFileSync(join(root, 'boards', 'io.csv'), 'Ref,Part Number,Qty,Description\nC10,GRM155R71C104KA88D,1,\nR1,,1,10k 0603 1%\n');
  writeFileSync(join(home, 'outside', 'secret.csv'), 'MPN,Qty\nSECRETOUTSIDE1,1\n');
  symlinkSync(join(home, 'outside', 'secret.csv'), join(root, 'boards', 'link.csv'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function connect(roots: string[]): Promise<Client> {
  const server = createPartSpecMcpServer({ client: createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }), lang: 'en', roots, secrets: [DEMO_KEY], authFailure: 'The key was refused.' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'partspec-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** The portfolio without the moment it was fetched. */
const comparable = (p: Portfolio): Omit<Portfolio, 'fetchedAt'> => {
  const { fetchedAt: _fetchedAt, ...rest } = p;
  return rest;
};

test('the same JSON as partspec portfolio --json, with the plan given inline', async () => {
  const client = await connect([root]);
  try {
    const answer = await call(client, 'check_portfolio', { paths: ['boards/main.csv', 'boards/io.csv'], plan: [{ bom: 'main.csv', builds: 30 }], builds: 2 });
    expect(answer.isError).toBeFalsy();
    expect(textOf(answer)).toMatch(/^3 distinct lines across 2 BOMs; 2 part numbers looked up once; the files were only read\.$/);
    const tool = answer.structuredContent as unknown as Portfolio;
    writeFileSync(join(root, 'plan.csv'), 'main.csv,30\n');
    const cli = await runCliInProcess(['portfolio', 'boards/main.csv', 'boards/io.csv', '--plan', 'plan.csv', '--builds', '2', '--json', '--base-url', emulator.url, '--no-cache'], { home, cwd: root, env: { PARTSPEC_API_KEY: DEMO_KEY } });
    expect(cli.code).toBe(0);
    expect(comparable(tool)).toEqual(comparable(JSON.parse(cli.stdout) as Portfolio));
    const cap = tool.parts.find((p) => p.partNumber === 'GRM155R71C104KA88D')!;
    expect(cap.demand).toBe(2 * 30 + 1 * 2);
  } finally {
    await client.close();
  }
}, 60_000);

test('a path outside the root, or a link leading out, refuses the whole call before anything is sent', async () => {
  const client = await connect([root]);
  try {
    await logSettled(emulator);
    emulator.resetLog();
    const outside = await call(client, 'check_portfolio', { paths: ['boards/main.csv', '../outside/secret.csv'] });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/\.\.\/outside\/secret\.csv is outside the folders this server may read/);
    const link = await call(client, 'check_portfolio', { paths: ['boards/link.csv'] });
    expect(link.isError).toBe(true);
    expect(textOf(link)).toMatch(/is a link that leads outside the folders this server may read/);
    await logSettled(emulator);
    expect(emulator.requests.filter((r) => r.url.includes('SECRETOUTSIDE'))).toHaveLength(0);
    expect(emulator.requests.filter((r) => /\/v2\/products\?/.test(r.url))).toHaveLength(0);
  } finally {
    await client.close();
  }
});

test('without a root the tool is not offered', async () => {
  const client = await connect([]);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('check_portfolio');
  } finally {
    await client.close();
  }
});
