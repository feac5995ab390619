/**
 * The site the browser tests load the workbench from: a static file server for the build's folder
 * on 127.0.0.1, with an empty page (BLANK_PATH) where test/e2e/support/pages.ts resets the page
 * before each test.
 *
 * In a jest run the browser project's global setup serves the run's workbench build once
 * (`serveSite`) and names its address in PARTSPEC_TEST_SITE_URL, so every file of every worker
 * loads the same URLs. The build's scripts and assets never change while it is served (its folder
 * is named after the sources' hash), so they are sent as cacheable: a worker's context (kept from
 * file to file) fetches and compiles the ~7 MB of scripts once, not on every load of the workbench
 * (an uncached load cost Chromium and the serving process about a second of processor time more).
 * The pages themselves (HTML) are never cached, so each load runs the scripts afresh.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The address of the run's site, set by the browser project's global setup. */
export const SITE_URL_VARIABLE = 'PARTSPEC_TEST_SITE_URL';

/** The empty page of the site's origin where ./pages.ts resets the page before each test. */
export const BLANK_PATH = '/__partspec-e2e-blank';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Everything but a page is kept by the browser for the run (an hour is longer than any run). */
const cacheControl = (file: string): string => (path.extname(file) === '.html' ? 'no-store' : 'max-age=3600');

export interface Site {
  /** Base URL, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

/** A static file server for the build in `root`, on 127.0.0.1 and a free port (and BLANK_PATH, an empty page). */
export async function serveSite(root: string): Promise<Site> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (pathname === BLANK_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end('<!doctype html><title>PartSpec tests</title>');
      return;
    }
    const file = path.join(root, path.normalize(pathname === '/' ? '/workbench.html' : pathname));
    let ok = file.startsWith(root);
    try {
      ok = ok && statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok) {
      response.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': cacheControl(file) });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
