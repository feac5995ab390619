import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVED_API_BASE_META } from '../../api/base-url';
import { contentSecurityPolicyFor } from './security-headers';

/** The address every URL of the development manifest starts with (see webpack.config.js). */
const MANIFEST_DEV_URL = 'https://localhost:3000/';

/**
 * Name of the meta element through which a served page learns its default API address (the
 * server's own origin) without a rebuild; `src/settings` reads it.
 */
const API_BASE_META = SERVED_API_BASE_META;

/** The add-in build is missing or incomplete: the CLI prints this and exits 2. */
export class SiteError extends Error {
  override readonly name = 'SiteError';
}

/** Escapes text for an HTML attribute value. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The build's development manifest with every add-in URL at `publicUrl` (and no comments). */
function generateManifest(devManifest: string, publicUrl: string): string {
  return devManifest.replace(/<!--[\s\S]*?-->\s*/g, '').split(MANIFEST_DEV_URL).join(publicUrl);
}

/**
 * The unified manifest (manifest.json) for the public URL: every address the build gave at the
 * development server points at `publicUrl`, and the development host in `validDomains` becomes
 * the public host.
 */
function generateUnifiedManifest(devManifest: string, publicUrl: string): string {
  const devHost = new URL(MANIFEST_DEV_URL).host;
  const publicHost = new URL(publicUrl).host;
  const retarget = (value: unknown): unknown => {
    if (typeof value === 'string') return value === devHost ? publicHost : value.split(MANIFEST_DEV_URL).join(publicUrl);
    if (Array.isArray(value)) return value.map(retarget);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, retarget(v)]));
    return value;
  };
  return `${JSON.stringify(retarget(JSON.parse(devManifest)), null, 2)}\n`;
}

/** A page with the API address placed in its head, where the settings find it before anything runs. */
function injectApiBase(html: string, apiBase: string): string {
  const meta = `<meta name="${API_BASE_META}" content="${attribute(apiBase)}" />`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`) : `${meta}\n${html}`;
}

export interface SiteOptions {
  siteDir: string;
  /** The public URL, ending in `/`. */
  publicUrl(): string;
}

/**
 * Hosts the add-in build: its pages (with the server's own address as their default API
 * address), `manifest.xml` and `manifest.json` generated for the public URL, and the static files. Pages are read
 * once; the manifest is generated on first request, once the public URL is known.
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const root = path.resolve(options.siteDir);
  const required = ['taskpane.html', 'manifest.xml', 'functions.json'];
  const missing = required.filter((name) => !existsSync(path.join(root, name)));
  if (missing.length > 0) {
    throw new SiteError(`The add-in build in ${root} is missing ${missing.join(', ')}: run 'npm run build' first (or give --site DIR).`);
  }
  const pages = readdirSync(root).filter((name) => name.endsWith('.html'));
  const apiBase = (): string => options.publicUrl().replace(/\/+$/, '');

  for (const page of pages) {
    const html = readFileSync(path.join(root, page), 'utf8');
    const policy = contentSecurityPolicyFor(html);
    let served: string | undefined;
    app.get(`/${page}`, async (_request, reply) => {
      served ??= injectApiBase(html, apiBase());
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', policy).send(served);
    });
  }

  const devManifest = readFileSync(path.join(root, 'manifest.xml'), 'utf8');
  let manifest: string | undefined;
  app.get('/manifest.xml', async (_request, reply) => {
    manifest ??= generateManifest(devManifest, options.publicUrl());
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="manifest.xml"')
      .header('cache-control', 'no-cache')
      .send(manifest);
  });

  // The unified manifest, where the build made one (Excel on the web, Windows 2501+, Mac 16.103+ take it).
  const unifiedFile = path.join(root, 'manifest.json');
  if (existsSync(unifiedFile)) {
    const devUnified = readFileSync(unifiedFile, 'utf8');
    let unified: string | undefined;
    app.get('/manifest.json', async (_request, reply) => {
      unified ??= generateUnifiedManifest(devUnified, options.publicUrl());
      return reply.type('application/json; charset=utf-8').header('content-disposition', 'inline; filename="manifest.json"').header('cache-control', 'no-cache').send(unified);
    });
  }

  app.get('/', async (_request, reply) => reply.redirect('/taskpane.html'));

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    dotfiles: 'deny',
    wildcard: true,
    cacheControl: true,
    maxAge: '1h',
    // Excel fetches the functions' metadata and the ribbon's icons from its own origin; they are
    // public files, so they may be read from anywhere. The API itself has no CORS at all.
    setHeaders: (response, file) => {
      const name = path.basename(file);
      if (/^functions(-[a-z]{2})?\.json$/.test(name) || file.includes(`${path.sep}assets${path.sep}`)) {
        response.header('access-control-allow-origin', '*');
        response.header('cross-origin-resource-policy', 'cross-origin');
      }
    },
  });
}
