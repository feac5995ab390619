/**
 * SECURITY.md states the server's and the client's bounds in words; each figure there is the
 * value the code uses, so the two cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_JSON_DEPTH } from '../../api';
import { FAILED_CREDENTIALS_PER_ADDRESS, UNPROVEN_KEY_REQUESTS_PER_ADDRESS } from '../../server/relay/abuse-limits';
import { DEFAULT_TOKEN_GRACE_MS } from '../../server/state/redis-tokens';
import { MAX_CALLS_PER_USER } from '../../server/mcp/plugin';
import { MAX_LINK_SEARCH_ENTRIES } from '../../mcp/bom-path';

const security = readFileSync(path.join(__dirname, '..', '..', 'SECURITY.md'), 'utf8').replace(/\s+/g, ' ');

test.each([
  ['refused credentials per address', `sent ${FAILED_CREDENTIALS_PER_ADDRESS.points} refused tokens or keys in ${FAILED_CREDENTIALS_PER_ADDRESS.seconds / 60} minutes`],
  ['unproven-key requests per address', `at most ${UNPROVEN_KEY_REQUESTS_PER_ADDRESS.points} upstream requests a minute with unproven keys`],
  ['the token grace period', `grace period (${DEFAULT_TOKEN_GRACE_MS / 1000} s)`],
  ['JSON depth from the service', `JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused`],
  ['refused credentials per address on /mcp', `an address that sent ${FAILED_CREDENTIALS_PER_ADDRESS.points} refused tokens or keys in ${FAILED_CREDENTIALS_PER_ADDRESS.seconds / 60} minutes waits`],
  ['calls running at once per assistant user', `One user runs at most ${MAX_CALLS_PER_USER} calls at once`],
  ['entries searched for a hard-linked BOM\'s other names', `the search looks at no more than ${MAX_LINK_SEARCH_ENTRIES.toLocaleString('en-US')} entries`],
  ['JSON depth in downloads', `JSON nested deeper than ${MAX_JSON_DEPTH} levels stops the download`],
])('SECURITY.md states %s as the code has it', (_, words) => {
  expect(UNPROVEN_KEY_REQUESTS_PER_ADDRESS.seconds).toBe(60);
  expect(security).toContain(words);
});
