import { parseCliArgs, UsageError } from '../../emulator/cli-args';

describe('emulator --download-format', () => {
  test.each(['json', 'csv', 'tsv', 'xlsx', 'zip', 'gzip'])('%s is accepted', (format) => {
    expect(parseCliArgs(['--download-format', format])).toEqual({ help: false, options: { downloadFormat: format } });
  });

  test('anything else is refused with the formats named', () => {
    expect(() => parseCliArgs(['--download-format', 'xml'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--download-format', 'xml'])).toThrow("--download-format needs one of json, csv, tsv, xlsx, zip, gzip, not 'xml'.");
  });
});
