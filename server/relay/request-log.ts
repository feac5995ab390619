import type { FastifyRequest } from 'fastify';
import { SERVER_DOWNLOAD_PATH } from './links';

/** A query parameter whose value is never logged: anything that looks like a credential. */
const SECRET_PARAMETER = /key|token|secret|pass|auth|sig|credential/i;

/** The URL as logged: a download link's signed part and any credential in the query string taken out. */
function loggableUrl(url: string, secrets: readonly string[] = []): string {
  if (url.startsWith(`${SERVER_DOWNLOAD_PATH}/`)) return `${SERVER_DOWNLOAD_PATH}/[link]`;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (q < 0) return path.slice(0, 2100);
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name = rawName;
      let value = eq < 0 ? '' : part.slice(eq + 1);
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // Undecodable text is judged as sent.
      }
      const secret = SECRET_PARAMETER.test(name) || /pst_/i.test(value) || secrets.some((s) => s.length >= 4 && value.includes(s));
      return secret ? `${rawName}=[redacted]` : part;
    });
  return `${path}?${parts.join('&')}`.slice(0, 2100);
}

/** Request fields that may be logged: never a header, never a download link's signed part, never a credential in the query. */
export function requestSerializer(secrets: () => readonly string[]): (request: FastifyRequest) => Record<string, unknown> {
  return (request) => ({ method: request.method, url: loggableUrl(request.url ?? '', secrets()), remoteAddress: request.ip });
}
