/** HTTPS with --tls-cert/--tls-key: the server answers over TLS and asks browsers to keep to it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/app';
import { createMemoryState } from '../../server/state/memory';

test('the relay answers over HTTPS with the given certificate, with HSTS', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'partspec-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const server = await buildServer({
    upstream: 'http://127.0.0.1:9',
    passThrough: true,
    state: createMemoryState(),
    logger: false,
    tls: { cert: readFileSync(cert), key: readFileSync(key) },
  });
  try {
    const url = await server.listen(0, '127.0.0.1');
    expect(url.startsWith('https://127.0.0.1:')).toBe(true);
    expect(server.publicUrl()).toBe(`${url}/`);
    const answer = await new Promise<{ status?: number; hsts?: string; body: string }>((resolve, reject) => {
      const req = request(`${url}/v2/products?$filter=Capacitence%20eq%201`, { ca: readFileSync(cert), headers: { 'x-api-key': 'k' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, hsts: response.headers['strict-transport-security'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Unknown filter field 'Capacitence'");
    expect(answer.hsts).toMatch(/max-age=\d+/);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
