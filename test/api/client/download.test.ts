import { gzipSync } from 'node:zlib';
import { DownloadFormatError, parseDownloadedFile } from '../../../src/api';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('downloaded category files', () => {
  const json = JSON.stringify({
    HasMoreHits: false,
    Data: { Inductors: { Products: [{ Partno: 'MLG15HNT010NJZ9D', Specs: { Inductance: 1e-8 }, Status: 'NRND' }] } },
  });
  const expected = [{ group: 'Ind', partno: 'MLG15HNT010NJZ9D', values: { Partno: 'MLG15HNT010NJZ9D', Status: 'NRND', 'Specs.Inductance': 1e-8 } }];

  test('JSON in the product-search shape', async () => {
    await expect(parseDownloadedFile(enc(json))).resolves.toEqual(expected);
  });

  test('gzip when fetch did not decompress', async () => {
    await expect(parseDownloadedFile(new Uint8Array(gzipSync(json)))).resolves.toEqual(expected);
  });

  test('CSV with dotted and bare field names, quoted cells and list cells', async () => {
    const csv = '\uFEFFPartno,Specs.Inductance,Status,Soldering,FeatureText\r\nMLG15HNT010NJZ9D,1e-8,NRND,Reflow|Flow,"a, ""quoted"" text"\r\n';
    await expect(parseDownloadedFile(enc(csv), 'inductors')).resolves.toEqual([
      {
        group: 'Ind',
        partno: 'MLG15HNT010NJZ9D',
        values: { Partno: 'MLG15HNT010NJZ9D', Status: 'NRND', 'Specs.Inductance': 1e-8, Soldering: ['Reflow', 'Flow'], FeatureText: 'a, "quoted" text' },
      },
    ]);
    const bare = 'Partno;Inductance\nMLG1;0.00000001\n';
    await expect(parseDownloadedFile(enc(bare), 'inductors')).resolves.toMatchObject([{ partno: 'MLG1', values: { 'Specs.Inductance': 1e-8 } }]);
  });

  test.each([
    ['<html><body>Access denied</body></html>', /neither JSON nor CSV/],
    ['{"HasMoreHits": fals', /not complete JSON/],
    ['{"hello": "world"}', /without Data/],
    ['Name,Value\nx,1\n', /no Partno column/],
    ['PK\u0003\u0004binary', /neither JSON nor CSV/],
  ])('%p fails with a clear DownloadFormatError', async (text, message) => {
    const error = await parseDownloadedFile(enc(text)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadFormatError);
    expect((error as Error).message).toMatch(message);
    expect((error as DownloadFormatError).userMessage).toMatch(/neither JSON nor CSV/);
  });
});
