/** What replaces a secret wherever it would otherwise be shown. */
export const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of each secret in `text` (a server may echo the key back in an error
 * body; a URL or a message may carry it by mistake). Secrets shorter than 4 characters are left
 * alone, since replacing them would mangle ordinary words.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}
