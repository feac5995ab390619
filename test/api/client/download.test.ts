import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { DownloadFormatError, parseDownloadedFile } from '../../../api';

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

  const csvText = 'Partno\tSpecs.Inductance\tStatus\nMLG15HNT010NJZ9D\t1e-8\tNRND\n';
  const utf16 = (text: string, bigEndian: boolean, bom: boolean): Uint8Array => {
    const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
    if (bigEndian) le.swap16();
    return new Uint8Array(le);
  };

  test.each([
    ['TSV in UTF-8', enc(csvText)],
    ['TSV in UTF-8 with BOM', enc(`\uFEFF${csvText}`)],
    ['TSV in UTF-16LE with BOM', utf16(csvText, false, true)],
    ['TSV in UTF-16BE with BOM', utf16(csvText, true, true)],
    ['TSV in UTF-16LE without BOM', utf16(csvText, false, false)],
    ['TSV in UTF-16BE without BOM', utf16(csvText, true, false)],
    ['TSV in UTF-16LE inside gzip', new Uint8Array(gzipSync(utf16(csvText, false, true)))],
    ['TSV inside ZIP', zipSync({ '__MACOSX/._x': new Uint8Array([1]), 'folder/inductors.tsv': enc(csvText) })],
    ['JSON inside ZIP inside gzip', new Uint8Array(gzipSync(zipSync({ 'a.json': enc(json) })))],
  ])('%s', async (_name, bytes) => {
    await expect(parseDownloadedFile(bytes, 'inductors')).resolves.toEqual(expected);
  });

  test.each([
    ['<html><body>Access denied</body></html>', /HTML or XML.*text\/html, first bytes 3C 68 74 6D 6C/],
    ['{"HasMoreHits": fals', /ends before the JSON is complete/],
    ['{"HasMoreHits": nope}', /not valid JSON/],
    ['{"hello": "world"}', /without Data/],
    ['Name,Value\nx,1\n', /no Partno column/],
    ['PK\u0003\u0004binary', /ZIP archive with no file in it/],
    ['%PDF-1.7 binary', /neither JSON, CSV, TSV nor xlsx.*first bytes 25 50 44 46/],
    ['', /it is empty.*no bytes at all/],
  ])('%p fails with a sentence naming the first bytes and content type', async (text, message) => {
    const error = await parseDownloadedFile(enc(text), undefined, 'text/html').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadFormatError);
    expect((error as Error).message).toMatch(message);
    expect((error as DownloadFormatError).userMessage).toMatch(/none of the formats PartSpec reads.*nothing was written/);
  });
});
