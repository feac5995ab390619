import path from 'path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { LOCALES, localizeFunctionsMetadata, readLocaleTable } from '../../scripts/localize-functions-metadata';

const ROOT = path.resolve(__dirname, '../..');
const FUNCTIONS_TS = path.join(ROOT, 'src/functions/functions.ts');

interface Parameter {
  name: string;
  description?: string;
  optional?: boolean;
  dimensionality?: string;
  type?: string;
}
interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters: Parameter[];
  result: { dimensionality?: string; type?: string };
}
interface Metadata {
  functions: FunctionMetadata[];
}

/** What `npm run build` writes to dist/functions.json, generated straight from the source. */
async function generate(): Promise<{ metadata: Metadata; associate: { id: string; functionName: string }[] }> {
  const result = await generateCustomFunctionsMetadata([FUNCTIONS_TS], false);
  expect(result.errors).toEqual([]);
  return { metadata: JSON.parse(result.metadataJson) as Metadata, associate: result.associate };
}

const SIGNATURES: Record<string, string[]> = {
  SPEC: ['partno', 'field', '[unit]', '[lang]'],
  LIST: ['partno', 'field', '[lang]'],
  QUERY: ['category', '[filter]', '[fields]', '[orderby]', '[max]', '[lang]'],
  RISK: ['partno'],
  DOWNLOADURL: ['category', '[lang]'],
  FIELDS: ['[category]'],
  CARD: ['partno'],
  REPLACEMENTS: ['partno', '[max]', '[strict]'],
  SUGGEST: ['text', '[category]', '[count]'],
};

describe('functions.json', () => {
  test('lists every PART function with its parameters in order, optional ones marked', async () => {
    const { metadata, associate } = await generate();
    const signatures = Object.fromEntries(
      metadata.functions.map((f) => [f.id, f.parameters.map((p) => (p.optional ? `[${p.name}]` : p.name))]),
    );
    expect(signatures).toEqual(SIGNATURES);
    expect(metadata.functions.every((f) => f.name === f.id)).toBe(true);
    expect(associate.map((a) => a.id).sort()).toEqual(Object.keys(SIGNATURES).sort());
  });

  test('every function and parameter has help text, with examples for the parameters', async () => {
    const { metadata } = await generate();
    for (const fn of metadata.functions) {
      expect(fn.description?.length ?? 0).toBeGreaterThan(30);
      for (const p of fn.parameters) {
        expect({ fn: fn.id, p: p.name, ok: (p.description?.length ?? 0) > 20 }).toEqual({ fn: fn.id, p: p.name, ok: true });
      }
    }
    const spec = metadata.functions.find((f) => f.id === 'SPEC')!;
    expect(spec.parameters.map((p) => p.dimensionality)).toEqual(['matrix', 'matrix', 'matrix', undefined]);
    expect(spec.result.dimensionality).toBe('matrix');
    expect(spec.parameters[1].description).toContain('"MediaFileUrls.SpecificationsSheet"');
  });

  test('the RISK help states the rule', async () => {
    const { metadata } = await generate();
    const risk = metadata.functions.find((f) => f.id === 'RISK')!;
    for (const word of ['EOL', 'Risk', 'Watch', 'Unknown', 'synthetic', 'OK', 'NRND', 'To be discontinued', '12 months', 'Under Development']) {
      expect(risk.description).toContain(word);
    }
  });

  test.each(Object.keys(LOCALES))('%s: the RISK help names Unknown too', async (locale) => {
    const { metadata } = await generate();
    const localized = localizeFunctionsMetadata(metadata, readLocaleTable(ROOT, locale), locale) as Metadata;
    expect(localized.functions.find((f) => f.id === 'RISK')!.description).toContain('Unknown');
  });
});

describe('localized functions metadata (ja, zh)', () => {
  test.each(Object.keys(LOCALES))('%s: every description and parameter description is translated, nothing else changes', async (locale) => {
    const { metadata } = await generate();
    const localized = localizeFunctionsMetadata(metadata, readLocaleTable(ROOT, locale), locale) as Metadata;
    const cjk = /[\u3040-\u30ff\u4e00-\u9fff]/;
    expect(localized.functions.map((f) => f.id)).toEqual(metadata.functions.map((f) => f.id));
    localized.functions.forEach((fn, i) => {
      const original = metadata.functions[i];
      expect(fn.description).toMatch(cjk);
      expect(fn.name).toBe(original.name);
      expect(fn.result).toEqual(original.result);
      expect(fn.parameters.map((p) => ({ ...p, description: undefined }))).toEqual(original.parameters.map((p) => ({ ...p, description: undefined })));
      for (const p of fn.parameters) expect(p.description).toMatch(cjk);
    });
  });

  test('a missing translation fails loudly', async () => {
    const { metadata } = await generate();
    const table = readLocaleTable(ROOT, 'ja');
    delete table.SPEC.parameters.unit;
    delete table.CARD;
    expect(() => localizeFunctionsMetadata(metadata, table, 'ja')).toThrow(/SPEC\(unit\) has no description[\s\S]*CARD has no description/);
  });
});
