/**
 * A JSON-RPC POST to /mcp over a real socket from a chosen loopback address (127.0.0.2 is another
 * machine as the server sees it: every 127.x address is loopback on Linux), with the bearer and
 * headers given, answering the status, Retry-After and the parsed body.
 */
import { request as httpRequest } from 'node:http';

export interface McpPostAnswer {
  status: number;
  retryAfter?: string;
  body: { result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: unknown; tools?: unknown[] }; error?: { message: string } };
}

export function postFrom(localAddress: string, url: string, bearer: string | undefined, message: Record<string, unknown>, headers: Record<string, string> = {}): Promise<McpPostAnswer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, ...message });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/mcp`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(Buffer.byteLength(body)),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: McpPostAnswer['body'] = {};
          try {
            parsed = JSON.parse(text) as McpPostAnswer['body'];
          } catch {
            parsed = { error: { message: text } };
          }
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A tools/call message. */
export const toolCall = (name: string, args: Record<string, unknown>): Record<string, unknown> => ({ method: 'tools/call', params: { name, arguments: args } });

/** The sentence of a tools/call answer (its first text block), or the JSON-RPC error's message. */
export const sentenceOfAnswer = (answer: McpPostAnswer): string => answer.body.result?.content?.[0]?.text ?? answer.body.error?.message ?? '';
