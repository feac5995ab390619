import { readPackage, type OoxmlPackage, type SheetEntry } from './package-reader';
import { scanVmlObjects } from './vml-scan';
import { attributeOf } from './xml-scan';
import { elementsNamed, rootAttributes, scanned } from './package-scan';
import { fileSource } from './zip-package';

/*
 * What a copy of a workbook that holds only cells cannot carry: the parts beyond cells, styles,
 * merges, validations, conditional formats, hyperlinks, notes, pictures, tables and defined names
 * (chart sheets, charts, pivot tables, slicers, timelines, VBA, external links, form controls,
 * sparklines, threaded comments, …). A workbook enriched into CSV names them on stderr
 * (`findUnkeptParts`); a workbook written as a workbook is patched and keeps them all
 * (ooxml/). Parts are read through the package's SAX scanner; one that cannot be read is named
 * as a part rather than stopping the list (the CSV file is written by then).
 */

/** Something of the user's workbook that a rewrite does not carry over, as a phrase for a sentence. */
export interface PackageLoss {
  /** e.g. "a chart sheet 'Chart1'", "2 charts on sheet 'Data'". */
  what: string;
}

/** Content types (by suffix) of parts ExcelJS reads and writes again. */
const KEPT_TYPES = [
  'spreadsheetml.sheet.main+xml',
  'spreadsheetml.sheet.macroEnabled.main+xml',
  'spreadsheetml.template.main+xml',
  'spreadsheetml.template.macroEnabled.main+xml',
  'spreadsheetml.worksheet+xml',
  'spreadsheetml.styles+xml',
  'spreadsheetml.sharedStrings+xml',
  'spreadsheetml.comments+xml',
  'spreadsheetml.table+xml',
  // A cache of the calculation order that the spreadsheet program rebuilds; nothing of the user's.
  'spreadsheetml.calcChain+xml',
  'theme+xml',
  'package.core-properties+xml',
  'extended-properties+xml',
];

/** Relationship types from a worksheet to parts that are lost, and how to name them. */
const LOST_SHEET_PARTS: Record<string, (sheet: string, part: string, pkg: OoxmlPackage) => string> = {
  pivotTable: (sheet, part, pkg) => `the pivot table '${rootAttributes(pkg, part).name ?? part}' on sheet '${sheet}'`,
  slicer: (sheet) => `slicers on sheet '${sheet}'`,
  timeline: (sheet) => `timelines on sheet '${sheet}'`,
  threadedComment: (sheet) => `threaded comments on sheet '${sheet}'`,
  ctrlProp: (sheet) => `form controls on sheet '${sheet}'`,
  control: (sheet) => `ActiveX controls on sheet '${sheet}'`,
  oleObject: (sheet) => `an embedded object on sheet '${sheet}'`,
  package: (sheet) => `an embedded object on sheet '${sheet}'`,
  printerSettings: (sheet) => `the printer settings of sheet '${sheet}'`,
  queryTable: (sheet) => `a query table on sheet '${sheet}'`,
  image: (sheet) => `the background picture of sheet '${sheet}'`,
  webextension: (sheet) => `an Office add-in on sheet '${sheet}'`,
};

/** Worksheet extension blocks (extLst) by URI, as ExcelJS drops them all. */
const SHEET_EXTENSIONS: Record<string, string> = {
  '{05C60535-1F16-4fd2-B633-F4F36F0B64E0}': 'sparklines',
  '{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}': 'data validations that refer to other sheets',
  '{A8765BA9-456A-4dab-B4F3-ACF838C121DE}': 'slicers',
  '{3A4CF648-6AED-40f4-86FF-DC5316D8AED3}': 'slicers',
  '{7E03D99C-DC04-49d9-9315-930204A7B6E9}': 'timelines',
  '{F7C9EE02-42E1-4005-9D12-6889AFFD525C}': 'Office add-ins',
  '{FC87AEE6-9EDD-4A0A-B7FB-166176984837}': 'protected ranges',
  '{01252117-D84E-4E92-8308-4BE1C098FCBB}': 'ignored-error marks',
  // ExcelJS reads and writes some of these again, but not every option of them: named, not trusted.
  '{78C0D931-6437-407d-A8EE-F0AAD7539E65}': 'Excel 2010 conditional formats (data bars, icon sets)',
};

/** Elements of a worksheet's main markup that ExcelJS does not model. */
const SHEET_ELEMENTS: Record<string, string> = {
  sheetCalcPr: 'calculation settings',
  protectedRanges: 'protected ranges',
  scenarios: 'scenarios',
  sortState: 'a saved sort',
  dataConsolidate: 'data consolidation settings',
  customSheetViews: 'custom views',
  phoneticPr: 'furigana (phonetic) settings',
  cellWatches: 'cell watches',
  ignoredErrors: 'ignored-error marks',
  smartTags: 'smart tags',
  webPublishItems: 'web publishing settings',
  colBreaks: 'page breaks between columns',
  legacyDrawingHF: 'pictures in the header or footer',
  drawingHF: 'pictures in the header or footer',
};

/** Elements of the workbook part that ExcelJS does not model. */
const WORKBOOK_ELEMENTS: Record<string, string> = {
  fileSharing: 'the write-reservation password',
  workbookProtection: 'the protection of the workbook structure',
  customWorkbookViews: 'custom views',
  functionGroups: 'function groups',
  smartTagPr: 'smart tag settings',
  webPublishing: 'web publishing settings',
  webPublishObjects: 'web publishing settings',
  fileRecoveryPr: 'file recovery settings',
};

/** Content types of lost workbook-level parts, and how to name them. */
const LOST_TYPES: [suffix: string, what: (part: string, pkg: OoxmlPackage) => string][] = [
  ['vbaProject', (part) => `VBA macros (${part})`],
  ['externalLink+xml', (part, pkg) => `a link to the external workbook '${pkg.relationships(part).find((r) => r.external)?.target ?? part}'`],
  ['connections+xml', () => 'data connections'],
  ['sheetMetadata+xml', () => 'dynamic-array formula metadata'],
  ['custom-properties+xml', () => 'the custom document properties'],
  ['customXmlProperties+xml', () => ''],
  ['pivotCacheDefinition+xml', () => 'a pivot cache'],
  ['slicerCache+xml', () => 'slicers'],
  ['timelineCache+xml', () => 'timelines'],
  ['person+xml', () => 'threaded comments'],
];

/** How many losses are named one by one. */
const MAX_LISTED = 50;

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : `${count} ${many}`;
}

/** Marks a part and every part it reaches through its relationships. */
function markTree(pkg: OoxmlPackage, part: string, seen: Set<string>): void {
  if (seen.has(part) || !pkg.has(part)) return;
  seen.add(part);
  for (const r of pkg.relationships(part)) if (!r.external) markTree(pkg, r.target, seen);
}

/** What a drawing anchor holds, by the local names of the elements in it; undefined for a picture, slicer or timeline. */
function anchorKind(names: ReadonlySet<string>): 'chart' | 'group' | 'shape' | 'connector' | 'other' | undefined {
  if (names.has('slicer')) return undefined;
  if (names.has('chart@id')) return 'chart';
  if (names.has('grpSp')) return 'group';
  if (names.has('pic')) return undefined;
  if (names.has('sp')) return 'shape';
  if (names.has('cxnSp')) return 'connector';
  return 'other';
}

/** The drawing objects of a worksheet's drawing that are not pictures (charts, shapes, …). */
function drawingLosses(pkg: OoxmlPackage, drawing: string, sheet: string, handled: Set<string>): string[] {
  handled.add(drawing);
  const rels = pkg.relationships(drawing);
  const counts = { chart: 0, shape: 0, group: 0, connector: 0, other: 0 };
  const anchors = new Set(['twoCellAnchor', 'oneCellAnchor', 'absoluteAnchor']);
  let anchor: Set<string> | undefined;
  const read = scanned(pkg, drawing, {
    open: (e) => {
      if (e.path.length === 1 && anchors.has(e.name)) anchor = new Set();
      else if (anchor) {
        // Slicers and timelines sit in drawings too; they are named from their own parts.
        if (/slicer/i.test(e.name) || Object.values(e.attributes).some((v) => /slicer/i.test(v))) anchor.add('slicer');
        if (e.name === 'chart' && attributeOf(e, 'id') !== undefined) anchor.add('chart@id');
        anchor.add(e.name);
      }
    },
    close: (e) => {
      if (e.path.length !== 1 || !anchor) return;
      const kind = anchorKind(anchor);
      if (kind) counts[kind]++;
      anchor = undefined;
    },
  });
  for (const r of rels) {
    if (r.external) continue;
    if (r.type === 'image') handled.add(r.target);
    else markTree(pkg, r.target, handled);
  }
  // A drawing that cannot be read is named whole, not by what was counted before the failure.
  if (!read) return [`the drawing ${drawing} on sheet '${sheet}'`];
  const out: string[] = [];
  if (counts.chart) out.push(`${plural(counts.chart, 'a chart', 'charts')} on sheet '${sheet}'`);
  if (counts.shape) out.push(`${plural(counts.shape, 'a shape or text box', 'shapes or text boxes')} on sheet '${sheet}'`);
  if (counts.group) out.push(`${plural(counts.group, 'a group of shapes', 'groups of shapes')} on sheet '${sheet}'`);
  if (counts.connector) out.push(`${plural(counts.connector, 'a connector', 'connectors')} on sheet '${sheet}'`);
  if (counts.other) out.push(`${plural(counts.other, 'a drawing object', 'drawing objects')} on sheet '${sheet}'`);
  return out;
}

/** True when a VML drawing holds objects other than notes (form controls), or cannot be read. */
function vmlHoldsControls(pkg: OoxmlPackage, part: string): boolean {
  try {
    return scanVmlObjects(pkg.text(part), `The part ${part}`).some((o) => o.objectType !== 'Note');
  } catch (error) {
    // Past the XML limits, or damaged: named as controls that cannot be kept rather than passed over.
    if (error instanceof Error) return true;
    throw error;
  }
}

/** The losses of one worksheet: parts it references that ExcelJS drops, and extension blocks. */
function worksheetLosses(pkg: OoxmlPackage, sheet: SheetEntry, handled: Set<string>): string[] {
  handled.add(sheet.path);
  const out: string[] = [];
  for (const r of pkg.relationships(sheet.path)) {
    // A part named by many relationships is read and named once.
    if (r.external || (handled.has(r.target) && r.target !== sheet.path)) continue;
    if (r.type === 'drawing') out.push(...drawingLosses(pkg, r.target, sheet.name, handled));
    else if (r.type === 'comments' || r.type === 'table') handled.add(r.target);
    else if (r.type === 'vmlDrawing') {
      handled.add(r.target);
      if (vmlHoldsControls(pkg, r.target)) out.push(`form controls on sheet '${sheet.name}'`);
    } else {
      const name = LOST_SHEET_PARTS[r.type];
      out.push(name ? name(sheet.name, r.target, pkg) : `the part ${r.target} of sheet '${sheet.name}'`);
      markTree(pkg, r.target, handled);
    }
  }
  const elements = elementsNamed(pkg, sheet.path, [...Object.keys(SHEET_ELEMENTS), 'ext']);
  if (!elements) out.push(`the part ${sheet.path} of sheet '${sheet.name}'`);
  for (const [element, what] of Object.entries(SHEET_ELEMENTS)) if (elements?.has(element)) out.push(`${what} on sheet '${sheet.name}'`);
  for (const attributes of elements?.get('ext') ?? []) {
    const uri = attributes.uri ?? '';
    const what = SHEET_EXTENSIONS[uri] ?? `extension data (${uri})`;
    out.push(`${what} on sheet '${sheet.name}'`);
  }
  return out;
}

/**
 * Everything in a workbook package that a rewrite through ExcelJS would not keep, in package
 * order, each named once. Empty when the workbook holds only what ExcelJS models.
 */
export function findUnkeptParts(pkg: OoxmlPackage): PackageLoss[] {
  const handled = new Set<string>([pkg.workbookPath]);
  const found: string[] = [];
  const workbookElements = elementsNamed(pkg, pkg.workbookPath, Object.keys(WORKBOOK_ELEMENTS)) ?? new Map<string, Record<string, string>[]>();
  for (const [element, what] of Object.entries(WORKBOOK_ELEMENTS)) {
    // An empty <workbookProtection/> (LibreOffice writes one) protects nothing, so nothing is lost.
    const tags = workbookElements.get(element) ?? [];
    const settings = element === 'workbookProtection' || element === 'fileSharing';
    const set = settings ? tags.some((attributes) => Object.entries(attributes).some(([name, value]) => !name.startsWith('xmlns') && value !== '0' && value !== 'false')) : tags.length > 0;
    if (set) found.push(what);
  }
  for (const sheet of pkg.sheets) {
    if (sheet.kind === 'worksheet') found.push(...worksheetLosses(pkg, sheet, handled));
    else {
      const kind = sheet.kind === 'chartsheet' ? 'a chart sheet' : sheet.kind === 'dialogsheet' ? 'a dialog sheet' : sheet.kind === 'macrosheet' ? 'an Excel 4.0 macro sheet' : `a ${sheet.kind}`;
      found.push(`${kind} '${sheet.name}'`);
      markTree(pkg, sheet.path, handled);
    }
  }
  for (const path of pkg.names) {
    if (handled.has(path) || path === '[Content_Types].xml' || path.endsWith('.rels') || path.endsWith('/')) continue;
    const type = pkg.contentType(path);
    if (KEPT_TYPES.some((t) => type.endsWith(t))) continue;
    handled.add(path);
    const lost = LOST_TYPES.find(([suffix]) => type.includes(suffix));
    if (lost) {
      const what = lost[1](path, pkg);
      if (what) found.push(what);
      markTree(pkg, path, handled);
    } else if (path.startsWith('customXml/')) found.push(`custom XML data (${path})`);
    else if (/thumbnail/i.test(path)) found.push(`the preview picture (${path})`);
    else found.push(`the part ${path}`);
  }
  // A slicer or timeline cache, or the people of threaded comments, is named by its sheet already.
  const named = [...new Set(found)].filter((what) => !(['slicers', 'timelines', 'threaded comments'].includes(what) && found.some((f) => f.startsWith(`${what} on sheet`))));
  // A package of thousands of parts is summed up rather than listed part by part.
  const listed = named.length > MAX_LISTED ? [...named.slice(0, MAX_LISTED - 1), `${named.length - MAX_LISTED + 1} more parts`] : named;
  return listed.map((what) => ({ what }));
}

/** findUnkeptParts of a workbook file, read where it lies (only the parts it names are inflated). */
export function findUnkeptPartsOfFile(file: string): PackageLoss[] {
  const pkg = readPackage(fileSource(file));
  try {
    return findUnkeptParts(pkg);
  } finally {
    pkg.close();
  }
}
