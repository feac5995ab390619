import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CATEGORIES,
  CATEGORY_IDS,
  LANGS,
  allowedValues,
  fieldsOfGroup,
  filterFieldsFor,
  isCategoryId,
  isLang,
  listValuesOf,
  unitChoicesOf,
  type CategoryId,
  type Lang,
} from '../api/node';
import type { LookupResultJson } from '../node/lookup-results';

/*
 * The resources: the field vocabulary per category and language (one table, api/vocabulary), and
 * one resource per part number looked up in this connection.
 */

const JSON_TYPE = 'application/json';
/** Part numbers remembered per connection (the oldest are forgotten first). */
const MAX_REMEMBERED_PARTS = 1000;

/** What a category's products carry and what its filters accept, in one language. */
function vocabularyOf(category: CategoryId, lang: Lang): Record<string, unknown> {
  const returned = [...new Map(CATEGORIES[category].groups.flatMap(fieldsOfGroup).map((f) => [f.key, f])).values()];
  return {
    category,
    lang,
    meaning: CATEGORIES[category].meaning,
    fields: returned.map((f) => ({
      key: f.key,
      name: f.name,
      type: f.type,
      ...(f.unit ? { unit: f.unit, displayUnits: unitChoicesOf(f) } : {}),
      ...(f.meaning ? { meaning: f.meaning } : {}),
      ...(f.values ? { allowedValues: allowedValues(f.values, lang) } : {}),
    })),
    filters: filterFieldsFor(category).map((f) => {
      const list = listValuesOf(f);
      const operators = f.type === 'Double' ? ['eq', 'ge', 'le', 'gt', 'lt'] : f.type === 'Boolean' ? ['eq'] : f.list ? ['eq'] : ['eq', 'startswith', 'contains'];
      return { field: f.name, type: f.type, operators, ...(list ? { allowedValues: allowedValues(list, lang) } : {}) };
    }),
  };
}

/** Lookup results by part number, newest last, bounded. */
export class PartMemory {
  private readonly parts = new Map<string, LookupResultJson>();

  remember(results: readonly LookupResultJson[]): void {
    for (const result of results) {
      this.parts.delete(result.input);
      this.parts.set(result.input, result);
      if (this.parts.size > MAX_REMEMBERED_PARTS) this.parts.delete(this.parts.keys().next().value as string);
    }
  }

  get(partno: string): LookupResultJson | undefined {
    return this.parts.get(partno);
  }

  list(): string[] {
    return [...this.parts.keys()];
  }
}

const partUri = (partno: string): string => `partspec://part/${encodeURIComponent(partno)}`;

const textOf = (value: unknown): string => {
  try {
    return decodeURIComponent(String(value));
  } catch {
    return String(value);
  }
};

/** Registers the vocabulary and part resources on `server`. */
export function registerResources(server: McpServer, parts: PartMemory): void {
  server.registerResource(
    'vocabulary',
    new ResourceTemplate('partspec://vocabulary/{category}/{lang}', {
      list: () => ({
        resources: CATEGORY_IDS.flatMap((category) =>
          LANGS.map((lang) => ({ uri: `partspec://vocabulary/${category}/${lang}`, name: `Fields of ${category} (${lang})`, mimeType: JSON_TYPE })),
        ),
      }),
    }),
    {
      title: 'Field vocabulary',
      description: 'The fields a category returns (type, unit, allowed values) and the conditions its search accepts, in one language (en, ja, zh).',
      mimeType: JSON_TYPE,
    },
    (uri, variables) => {
      const category = textOf(variables.category);
      const lang = textOf(variables.lang);
      if (!isCategoryId(category)) throw new Error(`'${category}' is not a category; use ${CATEGORY_IDS.join(', ')}.`);
      if (!isLang(lang)) throw new Error(`'${lang}' is not a language of the API; use ${LANGS.join(', ')}.`);
      return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(vocabularyOf(category, lang)) }] };
    },
  );
  server.registerResource(
    'part',
    new ResourceTemplate('partspec://part/{partno}', {
      list: () => ({ resources: parts.list().map((partno) => ({ uri: partUri(partno), name: partno, mimeType: JSON_TYPE })) }),
    }),
    {
      title: 'A part number looked up',
      description: 'What the lookup tool answered for one part number in this conversation (match, reason, products).',
      mimeType: JSON_TYPE,
    },
    (uri, variables) => {
      const partno = textOf(variables.partno);
      const result = parts.get(partno);
      if (!result) throw new Error(`${partno} has not been looked up here; call the lookup tool with it first.`);
      return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(result) }] };
    },
  );
}
