/** Reading an answer's body: bytes as they arrive, text, JSON; and a string's length on the wire. */
import { AnswerTooDeepError, parseBoundedJson } from '../json-bounds';

const encoder = new TextEncoder();

/** Length of a string in UTF-8 bytes. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Reads a body to text, reporting bytes as they arrive. */
export async function readBodyText(response: Response, onBytes?: (bytes: number, total?: number) => void): Promise<{ text: string; bytes: number; raw: Uint8Array }> {
  const raw = await readBodyBytes(response, onBytes);
  return { text: new TextDecoder().decode(raw), bytes: raw.length, raw };
}

async function readBodyBytes(response: Response, onBytes?: (bytes: number, total?: number) => void): Promise<Uint8Array> {
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader ? Number(lengthHeader) : undefined;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    onBytes?.(size, total);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/**
 * Reads a JSON body; a body that is cut off or not JSON counts as a network failure (retried). One
 * nested deeper than MAX_JSON_DEPTH is refused (AnswerTooDeepError, not retried), and any of
 * `secrets` (the key) the service echoes is redacted before anything reads the answer.
 */
export async function readJson(response: Response, secrets: Iterable<string> = []): Promise<{ value: unknown; bytes: number }> {
  const { text, bytes } = await readBodyText(response);
  try {
    return { value: parseBoundedJson(text, secrets), bytes };
  } catch (error) {
    if (error instanceof AnswerTooDeepError) throw error;
    throw new Error(`the response body is not complete JSON (${bytes} bytes)`);
  }
}
