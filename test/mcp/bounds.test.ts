/**
 * The assistants' server in process (the SDK's in-memory transport, the real client against the
 * emulator over HTTP): answers stay within their bounds, and what an assistant sends wrong is
 * answered with one sentence before any request.
 */
import { fieldsOfGroup } from '../../api/node';
import { MAX_RESULT_CHARS } from '../../mcp/server';
import { useEmulator } from '../support/use-emulator';
import { call, textOf, useInMemoryMcp } from './support';

const emulator = useEmulator();
const session = useInMemoryMcp(emulator);

test('an answer over 1 MB of JSON is refused with a sentence saying how to ask for less', async () => {
  const partnos = emulator.catalog.byGroup.SMD.slice(0, 1000).map((p) => p.values.Partno as string);
  const fields = fieldsOfGroup('SMD').slice(0, 60).map((f) => f.key);
  const result = await call(session.client, 'lookup', { partnos, fields });
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(new RegExp(`^The answer would be \\d+\\.\\d MB, more than the ${MAX_RESULT_CHARS / 1e6} MB a tool may return; ask for fewer parts, fields or products\\.$`));
  // The same parts with a few fields fit.
  const small = await call(session.client, 'lookup', { partnos, fields: ['Status'] });
  expect(small.isError).toBeFalsy();
  expect(JSON.stringify(small.structuredContent).length).toBeLessThan(MAX_RESULT_CHARS);
});

test('wrong arguments get one sentence each and send nothing', async () => {
  const before = emulator.requests.length;
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['lookup', { partnos: [] }, /Give at least one part number/],
    ['lookup', { partnos: Array.from({ length: 1001 }, (_, i) => `P${i}`) }, /At most 1,000 part numbers per call/],
    ['lookup', { partnos: ['GRM155R71C104KA88D'], fields: ['Capacitance:parsecs'] }, /parsecs/],
    ['search', { category: 'resistors', conditions: [] }, /category is one of ceramicCapacitors, ceramicCapacitorsSMD, ceramicCapacitorsLead, inductors/],
    ['search', { category: 'inductors', conditions: [{ field: 'Inductance', op: 'like', value: 1 }] }, /op is one of eq, startswith, contains, ge, le, gt, lt/],
    ['search', { category: 'inductors', conditions: [{ field: "Status') or (1 eq 1", op: 'eq', value: 'NRND' }] }, /A field is a name such as/],
    ['search', { category: 'inductors', conditions: [{ field: 'Status', op: 'eq', value: 'NRND|In Production' }] }, /contains '\|', which separates values/],
    ['search', { category: 'inductors', conditions: [{ field: 'Status', op: 'eq', value: 'Retired' }] }, /Retired/],
    ['search', { category: 'inductors', cursor: '999999' }, /cursor is not the next\.cursor of an earlier answer to this search/],
    ['replacements', { partnos: ['GRM155R71C104KA88D'], max: 1000 }, /max is 1 to 100/],
    ['download_url', { category: 'ceramicCapacitors' }, /category is one of ceramicCapacitorsSMD, ceramicCapacitorsLead, inductors/],
  ];
  for (const [name, args, sentence] of cases) {
    const result = await call(session.client, name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(sentence);
    expect(textOf(result).split('\n')).toHaveLength(1);
  }
  expect(emulator.requests.length).toBe(before);
});

test('without --root there is no check_bom, and a quoted value cannot change the filter', async () => {
  expect((await session.client.listTools()).tools.map((t) => t.name)).not.toContain('check_bom');
  const result = await call(session.client, 'search', { category: 'inductors', conditions: [{ field: 'Status', op: 'eq', value: "NRND' or Status eq 'In Production" }], limit: 1 });
  // The whole text is one value, which is not an allowed status: refused, nothing sent for it.
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/NRND' or Status eq 'In Production/);
});
