import { posix } from 'node:path';
import type { SummarySheet } from '../core/report/sheet-layout';
import { chartPartXml } from './chart-part';
import { drawingPartXml, type DrawnChart } from './drawing-part';
import { CONTENT_TYPES, relationshipType } from './namespaces';
import { ContentTypes, RelationshipsPart, relativeTarget, typeName } from './package-parts';
import { relsPathOf } from './package-reader';
import { StylesPart } from './styles';
import { summarySheetXml, type SummaryStyles } from './summary-sheet-part';
import { NS } from './namespaces';
import { escapeAttribute, scanXml } from './xml-scan';
import { ZipPackage, type RandomAccess } from './zip-package';

/*
 * The PartSpec Summary sheet added to a workbook, or updated in it, through the package patcher:
 * the sheet, its drawing and its chart parts are written whole; the workbook part gains one
 * sheet element, its relationships one relationship, the styles part three cell formats (right
 * aligned, wrapped, top; appended once) and the content types their overrides, each an edit of the
 * text as it was. Every other entry of the ZIP is copied as stored. A re-run finds
 * the sheet by name and rewrites the same parts, so nothing else changes.
 */

/** Entries of the package to write anew, and to leave out. */
export interface PackageEdit {
  replaced: Map<string, Uint8Array>;
  removed: Set<string>;
}

interface WorkbookSheet {
  name: string;
  id: string;
  sheetId: number;
}

/** The workbook part's sheets, where its `</sheets>` is, and the prefix its `r:id` attributes use. */
function scanWorkbookPart(xml: string, relNamespace: string): { sheets: WorkbookSheet[]; sheetsClose: number; sheetPrefix: string; relPrefix?: string } {
  const sheets: WorkbookSheet[] = [];
  let sheetsClose = -1;
  let sheetPrefix = '';
  let relPrefix: string | undefined;
  scanXml(xml, {
    open: (e) => {
      if (e.path.length === 0) {
        const bound = Object.entries(e.attributes).find(([name, value]) => name.startsWith('xmlns:') && value === relNamespace);
        relPrefix = bound?.[0].slice('xmlns:'.length);
      }
      if (e.path.length === 2 && e.path[1] === 'sheets' && e.name === 'sheet') {
        const id = Object.entries(e.attributes).find(([name]) => name.endsWith(':id'))?.[1] ?? '';
        sheets.push({ name: e.attributes.name ?? '', id, sheetId: Number(e.attributes.sheetId) || 0 });
      }
    },
    close: (e, _end, closeStart) => {
      if (e.path.length === 1 && e.name === 'sheets') {
        sheetsClose = closeStart;
        sheetPrefix = e.prefix ? `${e.prefix}:` : '';
      }
    },
  });
  if (sheetsClose < 0) throw new Error('its workbook part lists no sheets');
  return { sheets, sheetsClose, sheetPrefix, relPrefix };
}

/** The first `dir/stem<n>.xml` from `n = 1` that the package does not hold in any letter case and no earlier pick took. */
function freePath(zip: ZipPackage, taken: Set<string>, dir: string, stem: string): string {
  for (let n = 1; ; n++) {
    const path = `${dir}/${stem}${n}.xml`;
    if (!zip.hasAnyCase(path) && !taken.has(path.toLowerCase())) {
      taken.add(path.toLowerCase());
      return path;
    }
  }
}

class SummaryPackage {
  readonly replaced = new Map<string, Uint8Array>();
  readonly removed = new Set<string>();
  private readonly taken = new Set<string>();
  private readonly types: ContentTypes;

  constructor(private readonly zip: ZipPackage) {
    this.types = new ContentTypes(this.requireText('[Content_Types].xml'));
  }

  text(path: string): string | undefined {
    const bytes = this.zip.read(path);
    return bytes && new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  }

  requireText(path: string): string {
    const text = this.text(path);
    if (text === undefined) throw new Error(`it has no ${path}`);
    return text;
  }

  put(path: string, xml: string, contentType?: string): void {
    this.replaced.set(path, new TextEncoder().encode(xml));
    if (contentType && this.types.typeOf(path) !== contentType) this.types.setOverride(path, contentType);
  }

  remove(path: string): void {
    this.removed.add(path);
    this.types.removeOverride(path);
  }

  newPath(dir: string, stem: string): string {
    return freePath(this.zip, this.taken, dir, stem);
  }

  finish(): PackageEdit {
    if (!this.types.hasDefault('rels')) this.types.addDefault('rels', CONTENT_TYPES.relationships);
    if (this.types.changed) this.replaced.set('[Content_Types].xml', new TextEncoder().encode(this.types.toXml()));
    return { replaced: this.replaced, removed: this.removed };
  }
}

/** The two cell formats of the summary, appended to the workbook's styles part (made when it has none). */
function summaryStyles(pkg: SummaryPackage, workbookPath: string, workbookRels: RelationshipsPart, relNamespace: string): SummaryStyles {
  const rel = workbookRels.find('styles');
  if (rel && (rel.external || rel.path.startsWith('../'))) throw new Error(`its styles relationship points outside the package (${rel.target})`);
  const main = relNamespace === NS.relationshipsStrict ? NS.mainStrict : NS.main;
  const styles = new StylesPart(rel ? pkg.text(rel.path) : undefined, main);
  const found = {
    // Wrapped, so a header over numbers in a narrowed column takes two lines rather than running over its neighbour.
    right: styles.styleOf(0, { alignment: { horizontal: 'right', indent: 1, vertical: 'top', wrap: true } }),
    wrap: styles.styleOf(0, { alignment: { vertical: 'top', wrap: true } }),
    top: styles.styleOf(0, { alignment: { vertical: 'top' } }),
  };
  if (!styles.changed) return found;
  let path = rel?.path;
  if (path === undefined) {
    path = pkg.newPath(posix.dirname(workbookPath) === '.' ? 'xl' : posix.dirname(workbookPath), 'styles');
    workbookRels.add(relationshipType('styles', relNamespace), relativeTarget(workbookPath, path));
  }
  pkg.put(path, styles.toXml(), CONTENT_TYPES.styles);
  return found;
}

/** The sheet's part, its drawing and the drawing's charts as the package holds them (a re-run). */
function existingParts(pkg: SummaryPackage, sheetPath: string): { drawing?: string; charts: string[] } {
  const rels = new RelationshipsPart(sheetPath, pkg.text(relsPathOf(sheetPath)));
  const drawing = rels.find('drawing');
  if (!drawing || drawing.external) return { charts: [] };
  const drawingRels = new RelationshipsPart(drawing.path, pkg.text(relsPathOf(drawing.path)));
  return { drawing: drawing.path, charts: drawingRels.list.filter((r) => !r.external && typeName(r.type) === 'chart').map((r) => r.path) };
}

/**
 * The edit that adds `layout` as a sheet of the workbook in `zip`, or rewrites the sheet of that
 * name with its drawing and charts. `bomSheet` is the sheet its links point at. Throws an Error
 * (a reason for a sentence) when the package is not a workbook it can read.
 */
export function editSummarySheet(zip: ZipPackage, layout: SummarySheet, bomSheet: string): PackageEdit {
  const pkg = new SummaryPackage(zip);
  const root = new RelationshipsPart('', pkg.text('_rels/.rels'));
  const office = root.find('officeDocument');
  if (!office) throw new Error('it holds no workbook part');
  const workbookPath = office.path;
  const relNamespace = office.type.slice(0, office.type.lastIndexOf('/'));
  const workbookRels = new RelationshipsPart(workbookPath, pkg.text(relsPathOf(workbookPath)));
  const workbookXml = pkg.requireText(workbookPath);
  const scanned = scanWorkbookPart(workbookXml, relNamespace);
  const base = posix.dirname(workbookPath) === '.' ? '' : `${posix.dirname(workbookPath)}/`;

  const known = scanned.sheets.find((s) => s.name === layout.name);
  const knownRel = known && workbookRels.byId(known.id);
  let sheetPath: string;
  if (knownRel && !knownRel.external && typeName(knownRel.type) === 'worksheet') {
    sheetPath = knownRel.path;
  } else {
    sheetPath = pkg.newPath(`${base}worksheets`, 'sheet');
    const id = workbookRels.add(relationshipType('worksheet', relNamespace), relativeTarget(workbookPath, sheetPath));
    const sheetId = scanned.sheets.reduce((max, s) => Math.max(max, s.sheetId), 0) + 1;
    const rAttribute = scanned.relPrefix ? `${scanned.relPrefix}:id` : 'r:id';
    const rBinding = scanned.relPrefix ? '' : ` xmlns:r="${escapeAttribute(relNamespace)}"`;
    const element = `<${scanned.sheetPrefix}sheet name="${escapeAttribute(layout.name)}" sheetId="${sheetId}"${rBinding} ${rAttribute}="${id}"/>`;
    pkg.put(workbookPath, workbookXml.slice(0, scanned.sheetsClose) + element + workbookXml.slice(scanned.sheetsClose));
  }
  const styles = summaryStyles(pkg, workbookPath, workbookRels, relNamespace);
  if (workbookRels.changed) pkg.put(workbookRels.path, workbookRels.toXml());

  const before = existingParts(pkg, sheetPath);
  const sheetRels = new RelationshipsPart(sheetPath, undefined);
  const drawingPath = before.drawing ?? pkg.newPath(`${base}drawings`, 'drawing');
  const drawingId = layout.charts.length > 0 ? sheetRels.add(relationshipType('drawing', relNamespace), relativeTarget(sheetPath, drawingPath)) : undefined;
  pkg.put(sheetPath, summarySheetXml(layout, bomSheet, drawingId, styles), CONTENT_TYPES.worksheet);
  pkg.put(sheetRels.path, sheetRels.toXml());

  const drawingRels = new RelationshipsPart(drawingPath, undefined);
  const drawn: DrawnChart[] = layout.charts.map((chart, i) => {
    const chartPath = before.charts[i] ?? pkg.newPath(`${base}charts`, 'chart');
    pkg.put(chartPath, chartPartXml(chart, layout.name, layout.cells), CONTENT_TYPES.chart);
    const relationshipId = drawingRels.add(relationshipType('chart', relNamespace), relativeTarget(drawingPath, chartPath));
    return { name: chart.name, relationshipId, anchor: chart.anchor };
  });
  for (const left of before.charts.slice(layout.charts.length)) pkg.remove(left);
  if (drawn.length > 0) {
    pkg.put(drawingPath, drawingPartXml(drawn), CONTENT_TYPES.drawing);
    pkg.put(drawingRels.path, drawingRels.toXml());
  } else if (before.drawing) {
    pkg.remove(before.drawing);
    pkg.remove(drawingRels.path);
  }
  return pkg.finish();
}

/**
 * The chunks of a copy of the workbook read from `source` with the summary sheet added or
 * updated; read from the source as they are taken, so write them before the source is replaced.
 */
export function patchSummaryWorkbook(source: RandomAccess, layout: SummarySheet, bomSheet: string): { chunks: Iterable<Uint8Array>; close: () => void } {
  const zip = new ZipPackage(source);
  try {
    const { replaced, removed } = editSummarySheet(zip, layout, bomSheet);
    return { chunks: zip.writeChunks(replaced, removed), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}
