/**
 * Where the add-in loads office.js from. A production build references Microsoft's CDN in the
 * page's head, as Office requires of published add-ins, and `partspec serve` allows exactly that
 * origin for scripts; the air-gapped option (`--env officeJs=local`, or PARTSPEC_OFFICE_JS=local)
 * ships our own copy and keeps every script to 'self'. Both builds' manifests pass the checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, type PartSpecServer } from '../../server/app';
import { OFFICE_JS_CDN_URL } from '../../server/hosting/security-headers';
import { createMemoryState } from '../../server/state/memory';
import { ensureProductionBuild } from '../e2e/support/build';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkManifestXml } = require('../../scripts/manifest-check.js') as {
  checkManifestXml(xml: string, options: { baseUrl?: string; root?: string }): { problems: string[] };
};

const PUBLIC_URL = 'https://partspec.example.com/';
const servers: PartSpecServer[] = [];
let cdn: { dir: string; url: string };
let local: { dir: string; url: string };

async function host(dir: string): Promise<string> {
  const server = await buildServer({ upstream: 'http://127.0.0.1:9', passThrough: true, state: createMemoryState(), siteDir: dir, publicUrl: PUBLIC_URL, logger: false });
  servers.push(server);
  return server.listen(0, '127.0.0.1');
}

/** The `src` of each script in the page's head, in order. */
function headScripts(html: string): string[] {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  // The production page is minified: attribute values may be unquoted.
  return [...head.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]);
}

beforeAll(async () => {
  // One build after the other: two webpack runs at once would only compete for the same cores.
  const cdnDir = await ensureProductionBuild('cdn');
  const localDir = await ensureProductionBuild('local');
  cdn = { dir: cdnDir, url: await host(cdnDir) };
  local = { dir: localDir, url: await host(localDir) };
}, 480_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

test("a production build loads office.js from Microsoft's CDN, first in the head, and ships no copy of it", () => {
  const html = readFileSync(path.join(cdn.dir, 'taskpane.html'), 'utf8');
  expect(headScripts(html)[0]).toBe(OFFICE_JS_CDN_URL);
  expect(OFFICE_JS_CDN_URL).toBe('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
  expect(existsSync(path.join(cdn.dir, 'assets', 'office-js'))).toBe(false);
});

test('the local option loads our own copy of office.js, which is in the build', () => {
  const html = readFileSync(path.join(local.dir, 'taskpane.html'), 'utf8');
  expect(headScripts(html)[0]).toBe('assets/office-js/office.js');
  expect(html).not.toContain('appsforoffice.microsoft.com');
  expect(existsSync(path.join(local.dir, 'assets', 'office-js', 'office.js'))).toBe(true);
  expect(existsSync(path.join(local.dir, 'assets', 'office-js', 'excel-web-16.00.js'))).toBe(true);
});

test("partspec serve allows the CDN's origin for scripts only for a CDN build; a local build keeps scripts to 'self'", async () => {
  const served = await fetch(`${cdn.url}/taskpane.html`);
  expect(headScripts(await served.text())[0]).toBe(OFFICE_JS_CDN_URL);
  const cdnPolicy = served.headers.get('content-security-policy') ?? '';
  expect(cdnPolicy).toMatch(/(^|;)script-src 'self' https:\/\/appsforoffice\.microsoft\.com(;|$)/);
  expect(cdnPolicy).toContain("connect-src 'self'");
  expect(cdnPolicy).toContain("default-src 'self'");

  const localServed = await fetch(`${local.url}/taskpane.html`);
  const localPolicy = localServed.headers.get('content-security-policy') ?? '';
  expect(localPolicy).toMatch(/(^|;)script-src 'self'(;|$)/);
  expect(localPolicy).not.toContain('microsoft.com');
  const officeJs = await fetch(`${local.url}/assets/office-js/office.js`);
  expect(officeJs.status).toBe(200);
  expect((await officeJs.text()).length).toBeGreaterThan(10_000);
});

test('the manifest of either build, as served, passes the structural checks', async () => {
  for (const site of [cdn, local]) {
    const xml = await (await fetch(`${site.url}/manifest.xml`)).text();
    expect(checkManifestXml(xml, { baseUrl: PUBLIC_URL, root: path.resolve(__dirname, '../..') }).problems).toEqual([]);
  }
});

test('functions first: the scripts the page runs at load carry no React; the UI and its sections are chunks of their own', () => {
  const html = readFileSync(path.join(cdn.dir, 'taskpane.html'), 'utf8');
  const initial = headScripts(html).filter((src) => !/^https?:/.test(src));
  expect(initial).toEqual(expect.arrayContaining(['runtime.js', 'functions.js', 'commands.js', 'taskpane.js']));
  const code = initial.map((src) => readFileSync(path.join(cdn.dir, src), 'utf8')).join('\n');
  // React DOM's internals and Fluent's style engine are in no script that runs before a function is answered.
  expect(code).not.toMatch(/__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED|react-dom|makeStyles/);
  for (const chunk of ['taskpane-ui.js', 'section-search.js', 'section-enrich.js', 'section-settings.js', 'section-download.js', 'sheet-services.js', 'ribbon-actions.js', 'category-file.js']) {
    expect([chunk, existsSync(path.join(cdn.dir, chunk))]).toEqual([chunk, true]);
  }
  const pane = readFileSync(path.join(cdn.dir, 'taskpane.js'), 'utf8');
  expect(pane.length).toBeLessThan(4096);
});
