/**
 * Reads the spec's markdown tables and lists every disagreement with a vocabulary. Pure, so the
 * tests can also prove that a single changed value on either side is caught.
 */
import * as vocabulary from '../../api/vocabulary';
import type { Group } from '../../api/vocabulary';

export type Vocabulary = Pick<
  typeof vocabulary,
  'FIELDS' | 'FILTER_FIELDS' | 'ALLOWED_VALUES' | 'CATEGORIES' | 'CATEGORY_IDS' | 'LANGS' | 'MAX_PRODUCTS_PER_CALL' | 'DOWNLOAD_URL_VALIDITY_DAYS'
>;

interface Table {
  caption: string;
  header: string[];
  rows: string[][];
}

export function readTables(markdown: string): Table[] {
  const lines = markdown.split('\n');
  const tables: Table[] = [];
  let caption = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line.startsWith('|')) {
      if (line) caption = line;
      continue;
    }
    const block: string[][] = [];
    while (i < lines.length && lines[i].trim().startsWith('|')) {
      block.push(lines[i].trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
      i++;
    }
    tables.push({ caption, header: block[0], rows: block.slice(2) });
    caption = '';
  }
  return tables;
}

const ALL: Group[] = ['SMD', 'Lead', 'Ind'];
const groupsOf = (text: string): Group[] =>
  text
    .replace(/only/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is Group => (ALL as string[]).includes(s));
const UNIT_WORDS: Record<string, string> = { 'degrees Celsius': '°C', ohm: 'Ω' };
const key = (xs: Iterable<string>): string => JSON.stringify([...xs].sort());
const split = (s: string): string[] => s.split(',').map((x) => x.trim());

export function compareWithSpec(spec: string, v: Vocabulary): string[] {
  const problems: string[] = [];
  const check = (what: string, ours: unknown, theirs: unknown) => {
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) problems.push(`${what}: ours ${JSON.stringify(ours)}, spec ${JSON.stringify(theirs)}`);
  };
  const tables = readTables(spec);
  const table = (start: string): Table => {
    const t = tables.find((x) => x.caption.startsWith(start));
    if (!t) {
      problems.push(`spec table '${start}' not found`);
      return { caption: start, header: [], rows: [] };
    }
    return t;
  };
  const match = (re: RegExp): string => {
    const m = re.exec(spec);
    if (!m) problems.push(`spec text ${re} not found`);
    return m?.[1] ?? '';
  };

  // Resource B.
  const expected = new Map<string, { type: string; groups: string; level: string; unit?: string }>();
  const add = (k: string, type: string, groups: Group[], level: string, unit?: string) => {
    if (expected.has(k)) problems.push(`spec lists ${k} twice`);
    expected.set(k, { type, groups: key(groups), level, unit });
  };
  for (const [names, type] of table('Root and grouping fields').rows) {
    for (const name of split(names)) {
      const level = ['HasMoreHits', 'Data'].includes(name) ? 'root' : name === 'Products' ? 'group' : /^(Ceramic|Inductors)/.test(name) ? 'data' : 'product';
      const groups = level === 'data' ? groupsOf(name === 'Inductors' ? 'Ind' : name.replace('CeramicCapacitors', '')) : ALL;
      add(name, type, groups, level);
    }
  }
  for (const [caption, groups] of [
    ['Product fields common to SMD, Lead, Ind', ALL],
    ['Product fields for SMD and Lead only', ['SMD', 'Lead']],
    ['Product fields for Ind only', ['Ind']],
  ] as [string, Group[]][]) {
    for (const [name, type] of table(caption).rows) add(name, type, groups, 'product');
  }
  for (const m of match(/ComplianceInfo fields \(SMD, Lead, Ind\): (.*)\./).matchAll(/(\w+) \((\w+)\)/g)) {
    add(`ComplianceInfo.${m[1]}`, m[2], ALL, 'ComplianceInfo');
  }
  for (const [cell, type, unit, returnedFor] of table('Specs fields').rows) {
    const m = /^(\w+)(?: \(\+(\w+)\))?$/.exec(cell);
    if (!m) {
      problems.push(`unreadable Specs row '${cell}'`);
      continue;
    }
    add(`Specs.${m[1]}`, type, groupsOf(returnedFor), 'Specs', type === 'Double' ? (UNIT_WORDS[unit] ?? unit) : undefined);
    if (m[2]) add(`Specs.${m[2]}`, 'String', groupsOf(returnedFor), 'Specs');
  }
  for (const part of match(/MediaFileUrls fields \(all String, each an address\): (.*)\n/).split(';')) {
    const m = /(.*) \(([^)]*)\)/.exec(part.trim());
    if (m) for (const name of split(m[1])) add(`MediaFileUrls.${name}`, 'String', groupsOf(m[2]), 'MediaFileUrls');
  }
  check('Resource B field keys', [...v.FIELDS.map((f) => f.key)].sort(), [...expected.keys()].sort());
  for (const f of v.FIELDS) {
    const e = expected.get(f.key);
    if (e) check(f.key, { type: f.type, level: f.level, groups: key(f.groups), unit: f.unit }, { type: e.type, level: e.level, groups: e.groups, unit: e.unit });
    if (f.text && !v.FIELDS.some((x) => x.key === `Specs.${f.text}` && x.textOf === f.name)) problems.push(`${f.key} has no Text companion`);
  }

  // Categories.
  const rows = table('### Category IDs').rows;
  check('category IDs', [...v.CATEGORY_IDS].sort(), rows.map((r) => r[0]).sort());
  for (const [id, meaning, url, filter] of rows) {
    const c = v.CATEGORIES[id as keyof typeof v.CATEGORIES];
    check(`category ${id}`, c && { meaning: c.meaning, url: c.urlAcquisition, filter: c.filterCategory }, { meaning, url: url === 'yes', filter: filter === 'yes' });
  }
  const params = tables.find((t) => t.header[0] === 'Name' && t.rows.some((r) => r[0] === 'category'));
  check('URL acquisition categories', key(v.CATEGORY_IDS.filter((id) => v.CATEGORIES[id].urlAcquisition)), key(split(params?.rows.find((r) => r[0] === 'category')?.[2] ?? '')));
  check('languages', key(v.LANGS), key(split(params?.rows.find((r) => r[0] === 'lang')?.[2] ?? '')));

  // Filter fields.
  const rule1 = split(match(/List-valued fields \(([^)]*)\) accept exact match only/));
  const specFilter = new Map<string, { type: string; usable: string }>();
  for (const [names, type, usable] of table('Category applicability: All').rows) {
    for (const name of split(names)) specFilter.set(name, { type, usable: key(split(usable)) });
  }
  check('Category filter row', specFilter.get('Category')?.usable, key(['any category ID (value of the condition)']));
  specFilter.delete('Category');
  check('filter fields', v.FILTER_FIELDS.map((f) => f.name).sort(), [...specFilter.keys()].sort());
  for (const f of v.FILTER_FIELDS) {
    const e = specFilter.get(f.name);
    if (!e) continue;
    check(`filter field ${f.name}`, { type: f.type, list: f.list, usable: key(f.usableWith) }, {
      type: e.type.replace(' (list)', ''),
      list: e.type.endsWith('(list)') || rule1.includes(f.name),
      usable: e.usable,
    });
    if (!v.FIELDS.some((x) => x.key === f.responseKey)) problems.push(`filter field ${f.name} maps to unknown ${f.responseKey}`);
  }
  check('list-valued fields', Object.keys(v.ALLOWED_VALUES).sort(), [...rule1].sort());

  // Allowed values.
  for (const [name, ours] of Object.entries(v.ALLOWED_VALUES) as [string, readonly { en: string; ja: string; zh: string }[]][]) {
    const sentence = new RegExp(`^${name}: (.*) \\(same in all three languages\\)\\.$`, 'm').exec(spec);
    if (sentence) {
      check(`${name} values`, ours.map((x) => [x.en, x.ja, x.zh]), split(sentence[1]).map((x) => [x, x, x]));
      continue;
    }
    const t = tables.find((x) => x.caption === `${name}:` || x.caption === `${name} (English / Japanese / Chinese):`);
    if (!t) {
      problems.push(`no value table for ${name}`);
      continue;
    }
    check(`${name} value count`, ours.length, t.rows.length);
    t.rows.forEach(([en, ja, zh], i) => {
      const o = ours[i];
      if (!o) return;
      check(`${name}[${i}].en`, o.en, en);
      for (const [lang, theirs] of [['ja', ja], ['zh', zh]] as const) {
        // The spec describes the two [Ask Maker] rows' ja/zh forms in words; ours spell them with Maker.
        if (/inquiry required/.test(theirs)) {
          if (!o[lang].includes('Maker') || !/[\u3040-\u30ff\u4e00-\u9fff]/.test(o[lang])) problems.push(`${name}[${i}].${lang} should be a ${lang} form with Maker`);
        } else check(`${name}[${i}].${lang}`, o[lang], theirs);
      }
    });
  }

  // Limits.
  if (!spec.includes(`| Part numbers returned per call | ${v.MAX_PRODUCTS_PER_CALL},`)) problems.push('per-call cap differs');
  if (!spec.includes(`| Validity of ProductDataDownloadUrl | ${v.DOWNLOAD_URL_VALIDITY_DAYS} days from issue |`)) problems.push('link validity differs');
  return problems;
}
