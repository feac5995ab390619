import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CancelledError, NetworkError, ValidationError } from '../../api/errors';
import { FileLimitError } from '../../core/limits';
import { parseFlags, takeDebugFlag } from '../../node/args';
import { EXIT, FileError, UsageError, describeFailure, exitCodeOf, isInternalError } from '../../node/errors';
import { DEMO_KEY } from '../../emulator';
import { useEmulatorHome } from '../cli/helpers';
import { runCliInProcess } from '../cli/in-process';

/*
 * Every failure maps to one exit code and one sentence. PartSpec's own failures (a bug) get their
 * own code, 5, and say so in one sentence; the stack trace only with --debug.
 */

/** A real internal failure: spreading an unbounded array overflows the stack, as a BOM of 130,000 rows once did. */
function overflow(): unknown {
  try {
    return Math.max(...Array.from({ length: 3_000_000 }, (_v, i) => i));
  } catch (error) {
    return error;
  }
}

/** A real system error: reading a file that is not there. */
function missingFile(): unknown {
  try {
    return readFileSync(join(__dirname, 'no-such-file'));
  } catch (error) {
    return error;
  }
}

describe('describeFailure', () => {
  const secrets = ['s3cret-key'];

  test('an internal error: exit 5, one sentence, no stack trace unless --debug', () => {
    const error = overflow();
    expect(error).toBeInstanceOf(RangeError);
    expect(isInternalError(error)).toBe(true);
    expect(describeFailure(error, { secrets })).toEqual({
      code: EXIT.internal,
      message: 'PartSpec hit an internal error: RangeError: Maximum call stack size exceeded; run again with --debug to see where.',
    });
    const debug = describeFailure(error, { secrets, debug: true });
    expect(debug.code).toBe(5);
    expect(debug.detail).toMatch(/^RangeError: Maximum call stack size exceeded\n\s+at overflow /);
  });

  test('a stack trace under --debug has the key removed too', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 's3cret-key')");
    const failure = describeFailure(error, { secrets, debug: true });
    expect(failure.message).toBe("PartSpec hit an internal error: TypeError: Cannot read properties of undefined (reading '[REDACTED]'); run again with --debug to see where.");
    expect(failure.detail).not.toContain('s3cret-key');
  });

  test.each<[string, unknown, number]>([
    ['a usage error', new UsageError('--port needs a whole number.'), EXIT.usage],
    ['a file error', new FileError('book.xlsx does not exist.'), EXIT.usage],
    ['a validation error', new ValidationError('emptyValue', 'Partno has an empty value.'), EXIT.usage],
    ['a file over a limit', new FileLimitError('textBytes', 'bom.csv'), EXIT.usage],
    ['a system error about a file', missingFile(), EXIT.usage],
    ['a network failure', new NetworkError('ECONNREFUSED'), EXIT.api],
    ['a cancelled request', new CancelledError(), EXIT.interrupted],
  ])('%s is not internal', (_what, error, code) => {
    expect(isInternalError(error)).toBe(false);
    expect(exitCodeOf(error)).toBe(code);
    expect(describeFailure(error, { secrets, debug: true }).detail).toBeUndefined();
  });

  test('Ctrl+C wins over whatever the command was doing', () => {
    expect(describeFailure(overflow(), { secrets, interrupted: true })).toEqual({ code: EXIT.interrupted, message: 'Cancelled.' });
  });
});

describe('the one flag parser', () => {
  test('repeated flags come back as lists, in order, a comma inside a value kept', () => {
    const flags = parseFlags(['--column', 'Part, Number', '--column=MPN2', '--out', 'x.csv', 'bom.csv'], { column: { type: 'string', multiple: true }, out: { type: 'string' } }, { min: 1, max: 1 });
    expect(flags.list('column')).toEqual(['Part, Number', 'MPN2']);
    expect(flags.string('out')).toBe('x.csv');
    expect(flags.positionals).toEqual(['bom.csv']);
    expect(() => flags.string('column')).toThrow('read it with list()');
  });

  test.each<[string[], RegExp]>([
    [['--bogus'], /^Unknown option '--bogus'\.$/],
    [['--port'], /--port/],
    [['--port', '70000'], /^--port needs a whole number from 0 to 65535, not '70000'\.$/],
    [['a', 'b'], /^Unexpected argument 'b'\.$/],
  ])('%j is one UsageError sentence', (argv, message) => {
    const parse = (): unknown => parseFlags(argv, { port: { type: 'string' } }, { min: 0, max: 1 }).integer('port', 0, 65535);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });

  test('--debug is taken out before a command parses its flags, but not after --', () => {
    expect(takeDebugFlag(['lookup', '--debug', 'X'])).toEqual({ argv: ['lookup', 'X'], debug: true });
    expect(takeDebugFlag(['lookup', '--', '--debug'])).toEqual({ argv: ['lookup', '--', '--debug'], debug: false });
  });
});

describe('partspec with --debug', () => {
  const world = useEmulatorHome();

  test('every command takes --debug; a failure that is not a bug shows no stack trace with it', async () => {
    const run = await runCliInProcess(['lookup', 'GRM155R71C104KA88D', '--debug', '--base-url', 'http://127.0.0.1:9', '--fields', 'Status'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_RETRY_BUDGET: '0.2' } });
    expect(run.code).toBe(EXIT.api);
    expect(run.stderr).toMatch(/^partspec lookup: The product service at http:\/\/127\.0\.0\.1:9 could not be reached\./);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const ok = await runCliInProcess(['lookup', 'GRM155R71C104KA88D', '--debug', '--fields', 'Status', '--json'], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });
    expect(ok.code).toBe(EXIT.ok);
  });
});
