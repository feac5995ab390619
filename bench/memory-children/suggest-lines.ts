/*
 * B17's child: findParts over N distinct generic lines, one search per line (`search`) or as the
 * run plans it (`plan`: the category files once the searches cost more), so each way's peak
 * memory is its own. Prints what it found and a digest of every answer's candidates, so the
 * parent can tell that both ways gave the same.
 * Usage: suggest-lines.ts search|plan N BASE_URL
 */
import { createHash } from 'node:crypto';
import { createClient } from '../../api/node';
import { findParts } from '../../core/find/find-parts';
import { planByCategoryFile } from '../../core/find/request-plan';
import { genericLines } from '../generic-lines';

async function main(): Promise<void> {
  const [mode, count, baseUrl] = process.argv.slice(2);
  const client = createClient({ baseUrl, apiKey: process.env.PARTSPEC_API_KEY ?? '', cache: false });
  const plan = mode === 'plan' ? planByCategoryFile({ source: client }) : undefined;
  const { answers, searches } = await findParts(genericLines(Number(count)), client, { plan });
  const digest = createHash('sha256');
  for (const a of answers) digest.update(`${a.input}\t${a.candidates.map((c) => `${c.Partno}:${c.why}`).join(',')}\t${a.fitting}\t${String(a.more)}\t${a.reason ?? ''}\n`);
  const withCandidate = answers.filter((a) => a.candidates.length > 0).length;
  process.stdout.write(`${JSON.stringify({ searches, withCandidate, digest: digest.digest('hex') })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
