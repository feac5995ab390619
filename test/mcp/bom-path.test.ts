/**
 * check_bom opens, then checks what it opened, and the readers read that descriptor: a name that
 * starts with `..` inside the root is inside, a hard link to an outside file is refused, a file
 * whose every name is inside the root is read, a root too big to search for a file's names refuses it, a link leading out is refused, a folder swapped for a link after the check changes
 * nothing that is read, and a folder toggled with a link by another process while check_bom opens
 * files 300 times never lets an outside file through. Every file is built in the test.
 */
import { spawn } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createClient } from '../../api/node';
import { DEMO_KEY } from '../../emulator';
import { MAX_LINK_SEARCH_ENTRIES, openBomPath } from '../../mcp/bom-path';
import { createPartSpecMcpServer } from '../../mcp/server';
import { useEmulator } from '../support/use-emulator';
import { call, textOf } from './support';

const emulator = useEmulator();
let home: string;
let root: string;
let outsideDir: string;
const INSIDE = 'MPN,Qty\nGRM155R71C104KA88D,4\n';
const OUTSIDE = 'MPN,Qty\nSECRET-OUTSIDE,1\n';

beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'partspec-bom-path-')));
  root = join(home, 'root');
  outsideDir = join(home, 'outside');
  mkdirSync(join(root, 'boards'), { recursive: true });
  mkdirSync(outsideDir);
  writeFileSync(join(root, 'boards', 'bom.csv'), INSIDE);
  writeFileSync(join(outsideDir, 'bom.csv'), OUTSIDE);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function read(path: string): string {
  const opened = openBomPath(path, [root]);
  try {
    return readFileSync(opened.readPath, 'utf8');
  } finally {
    opened.close();
  }
}

test('a name that starts with .. inside the root is inside; ../ is outside', () => {
  writeFileSync(join(root, '..bom.csv'), INSIDE);
  mkdirSync(join(root, '..boards'));
  writeFileSync(join(root, '..boards', 'bom.csv'), INSIDE);
  expect(read('..bom.csv')).toBe(INSIDE);
  expect(read('..boards/bom.csv')).toBe(INSIDE);
  expect(() => read('../outside/bom.csv')).toThrow(/is outside the folders this server may read/);
});

test('a file with several names is read when every name is inside the root, and refused when one is outside', () => {
  mkdirSync(join(root, 'copies'));
  linkSync(join(root, 'boards', 'bom.csv'), join(root, 'copies', 'same.csv'));
  linkSync(join(root, 'boards', 'bom.csv'), join(root, 'third.csv'));
  expect(read('boards/bom.csv')).toBe(INSIDE);
  expect(read('copies/same.csv')).toBe(INSIDE);
  expect(read('third.csv')).toBe(INSIDE);
  linkSync(join(root, 'boards', 'bom.csv'), join(outsideDir, 'escaped.csv'));
  expect(() => read('third.csv')).toThrow(/^third\.csv has other names \(hard links\), which could be a file outside the folders this server may read/);
  expect(() => read('boards/bom.csv')).toThrow(/has other names \(hard links\)/);
});

test('a file with several names is refused when the root holds too many entries to find them all', () => {
  const many = join(root, 'many');
  mkdirSync(many);
  for (let i = 0; i <= MAX_LINK_SEARCH_ENTRIES; i++) writeFileSync(join(many, `f${i}`), '');
  // The other name is outside, so the search cannot stop early: it reaches the cap.
  linkSync(join(root, 'boards', 'bom.csv'), join(outsideDir, 'again.csv'));
  expect(() => read('boards/bom.csv')).toThrow(/has other names \(hard links\), and the folders this server may read hold more than 20,000 entries, too many to find them all; PartSpec does not read it\./);
  expect(read('many/f0')).toBe('');
}, 60_000);

test('a hard link inside the root (which could be an outside file) and a link leading out are refused', () => {
  linkSync(join(outsideDir, 'bom.csv'), join(root, 'hard.csv'));
  expect(() => read('hard.csv')).toThrow(/has other names \(hard links\)/);
  symlinkSync(join(outsideDir, 'bom.csv'), join(root, 'soft.csv'));
  expect(() => read('soft.csv')).toThrow(/is a link that leads outside the folders this server may read/);
  symlinkSync(outsideDir, join(root, 'away'));
  expect(() => read('away/bom.csv')).toThrow(/is a link that leads outside/);
});

test('once opened, the checked file is what the readers read, whatever the folder becomes', () => {
  const opened = openBomPath('boards/bom.csv', [root]);
  try {
    renameSync(join(root, 'boards'), join(root, 'boards-was'));
    symlinkSync(outsideDir, join(root, 'boards'));
    expect(readFileSync(opened.readPath, 'utf8')).toBe(INSIDE);
    expect(opened.readPath).not.toContain(root);
  } finally {
    opened.close();
  }
});

test('a folder toggled with a link to an outside folder by another process: 300 opens, never an outside file read', async () => {
  const script = `
    const fs = require('node:fs');
    const [dir, away, link] = process.argv.slice(1);
    for (;;) {
      try { fs.renameSync(dir, away); fs.symlinkSync(${JSON.stringify(outsideDir)}, dir); } catch {}
      try { fs.unlinkSync(dir); fs.renameSync(away, dir); } catch {}
    }`;
  const toggler = spawn(process.execPath, ['-e', script, join(root, 'boards'), join(root, 'boards-away')], { stdio: 'ignore' });
  const outcomes = { inside: 0, outside: 0, refused: 0 };
  try {
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 300; i += 1) {
      try {
        const text = read('boards/bom.csv');
        if (text === OUTSIDE) outcomes.outside += 1;
        else if (text === INSIDE) outcomes.inside += 1;
      } catch {
        outcomes.refused += 1;
      }
      if (i % 30 === 0) await new Promise((r) => setImmediate(r));
    }
  } finally {
    toggler.kill();
  }
  expect(outcomes.outside).toBe(0);
  expect(outcomes.inside + outcomes.refused).toBe(300);
}, 60_000);

test('check_bom reads a ..name file and refuses a hard link, each in one sentence naming the path as given', async () => {
  writeFileSync(join(root, '..bom.csv'), INSIDE);
  linkSync(join(outsideDir, 'bom.csv'), join(root, 'hard.csv'));
  const server = createPartSpecMcpServer({ client: createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }), lang: 'en', roots: [root], secrets: [DEMO_KEY], authFailure: 'The key was refused.' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'partspec-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const ok = await call(client, 'check_bom', { path: '..bom.csv' });
    expect(ok.isError).toBeFalsy();
    expect(textOf(ok)).toBe('The summary of 1 row of ..bom.csv; the file was only read.');
    expect((ok.structuredContent as { source?: { file?: string } }).source?.file).toBe('..bom.csv');
    const hard = await call(client, 'check_bom', { path: 'hard.csv' });
    expect(hard.isError).toBe(true);
    expect(textOf(hard)).toBe('hard.csv has other names (hard links), which could be a file outside the folders this server may read; PartSpec does not read it. Copy the BOM instead.');
  } finally {
    await client.close();
  }
});
