import { AuthError } from '../../api/errors/auth-error';
import { CancelledError } from '../../api/errors/cancelled-error';
import { TimeoutError } from '../../api/errors/timeout-error';
import { ValidationError } from '../../api/errors/validation-error';
import { readRange } from '../../src/functions/arguments';
import { siNumberFormat } from '../../src/functions/entity';
import {
  FallbackFunctionError,
  MAX_MESSAGE_LENGTH,
  createFunctionError,
  settleForExcel,
  toFunctionError,
} from '../../src/functions/errors';
import { buildGrid, finishGrid, planGrid } from '../../src/functions/grid';

/** This file installs no CustomFunctions shim: the functions' own fallback class stands in. */
const request = { method: 'GET', url: 'http://127.0.0.1/v2/products', headers: {} };

describe('error values outside Excel', () => {
  test('fall back to an Error with code and message', () => {
    const error = createFunctionError('#N/A', 'Part not found: X');
    expect(error).toBeInstanceOf(FallbackFunctionError);
    expect(error).toMatchObject({ code: '#N/A', message: 'Part not found: X' });
  });

  test('long messages are shortened for the tooltip', () => {
    expect(createFunctionError('#N/A', 'x'.repeat(1000)).message).toHaveLength(MAX_MESSAGE_LENGTH);
  });

  test.each([
    [new TimeoutError(30000, { request }), '#N/A', 'The product service did not answer in time — recalculate to try again'],
    [new CancelledError({ request }), '#N/A', 'Cancelled — recalculate to try again'],
    [new ValidationError('badOption', 'x', { field: 'baseUrl' }), '#N/A', 'No API address — open PartSpec ▸ Settings'],
    [new ValidationError('unknownField', "'Foo' is not a filter field."), '#VALUE!', "'Foo' is not a filter field."],
    [new AuthError({ status: 403, request }), '#N/A', 'API key rejected (403: a problem with the specified API key, the API method or the resource) — check it in PartSpec ▸ Settings'],
    [new TypeError('boom'), '#N/A', 'Unexpected error: boom'],
  ])('%s → %s', (error, code, message) => {
    expect(toFunctionError(error)).toMatchObject({ code, message });
  });

  test('settleForExcel rejects only with error values', async () => {
    await expect(settleForExcel(async () => { throw new Error('x'); })).rejects.toBeInstanceOf(FallbackFunctionError);
    await expect(settleForExcel(async () => 5)).resolves.toBe(5);
  });
});

describe('grid plans', () => {
  const range = (rows: number, columns: number) => readRange(Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => `${r}${c}`)));

  test.each([
    [[1, 1], [1, 1], [1, 1]],
    [[5, 1], [1, 1], [5, 1]],
    [[1, 5], [1, 1], [1, 5]],
    [[3, 2], [1, 1], [3, 2]],
    [[1, 1], [1, 4], [1, 4]],
    [[1, 1], [4, 1], [4, 1]],
    [[5, 1], [1, 4], [5, 4]],
    [[1, 5], [4, 1], [5, 4]],
  ])('parts %j × fields %j → %j', (parts, fields, shape) => {
    const plan = planGrid(range(parts[0], parts[1]), range(fields[0], fields[1]));
    expect([plan.rows, plan.columns]).toEqual(shape);
  });

  test('a one-cell error is thrown; a larger grid keeps it in its cell', () => {
    const one = buildGrid(planGrid(range(1, 1), range(1, 1)), () => createFunctionError('#N/A', 'x'));
    expect(() => finishGrid(one)).toThrow(FallbackFunctionError);
    const two = buildGrid(planGrid(range(2, 1), range(1, 1)), (p) => (p === 0 ? 1 : createFunctionError('#N/A', 'x')));
    expect(finishGrid(two)[1][0]).toBeInstanceOf(FallbackFunctionError);
  });

  test('scalars and omitted arguments', () => {
    expect(readRange('A')).toEqual({ cells: ['A'], rows: 1, columns: 1 });
    expect(readRange(null)).toEqual({ cells: [], rows: 0, columns: 0 });
    expect(readRange([['a'], ['b', 'c']])).toEqual({ cells: ['a', '', 'b', 'c'], rows: 2, columns: 2 });
  });
});

describe('card number formats', () => {
  test.each([
    [1e-7, 'F', '##0.0##E+0" F"'],
    [50, 'V', 'General" V"'],
    [0, 'A', 'General" A"'],
    [2.9e9, 'Hz', '##0.0##E+0" Hz"'],
  ])('%d %s → %s', (value, unit, format) => {
    expect(siNumberFormat(value, unit)).toBe(format);
  });
});
