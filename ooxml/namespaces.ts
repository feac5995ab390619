/*
 * The names an OOXML package is built from, defined once: the XML declaration every part we
 * write starts with, the namespaces of SpreadsheetML and of the package (transitional, and the
 * strict ones of ISO/IEC 29500 Strict where a reader must accept both), relationship types and
 * content types. Everything under ooxml/ that reads or writes a part takes them from here.
 */

/** The declaration Excel writes at the top of every XML part. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Namespace URIs of SpreadsheetML and the package. */
export const NS = {
  /** SpreadsheetML (workbook, worksheet, styles, shared strings). */
  main: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  /** SpreadsheetML in a Strict Open XML workbook. */
  mainStrict: 'http://purl.oclc.org/ooxml/spreadsheetml/main',
  /** Relationship ids inside parts (`r:id`), and the base of relationship types. */
  relationships: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  /** The same in a Strict Open XML workbook. */
  relationshipsStrict: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
  /** The root element of a `.rels` part. */
  packageRelationships: 'http://schemas.openxmlformats.org/package/2006/relationships',
  /** The root element of `[Content_Types].xml`. */
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
} as const;

/** Namespaces of DrawingML, which a sheet's drawing and its charts are written in. */
export const CHART_NAMESPACES = {
  /** A chart part (`c:chartSpace`), and the `graphicData` URI of a chart in a drawing. */
  chart: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  /** DrawingML's shared elements (`a:`): text, fills, frames. */
  drawing: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  /** A worksheet's drawing part (`xdr:wsDr`) and its anchors. */
  spreadsheetDrawing: 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing',
} as const;

/** The namespaces `r:id` attributes may be bound to: transitional, then strict. */
export const RELATIONSHIP_NAMESPACES: readonly string[] = [NS.relationships, NS.relationshipsStrict];

/** A relationship type URI from its last segment (`worksheet`, `styles`, `hyperlink`, …). */
export function relationshipType(name: string, namespace: string = NS.relationships): string {
  return `${namespace}/${name}`;
}

const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Content types of the parts we write or re-declare. */
export const CONTENT_TYPES = {
  relationships: 'application/vnd.openxmlformats-package.relationships+xml',
  xml: 'application/xml',
  workbook: `${SML}.sheet.main+xml`,
  worksheet: `${SML}.worksheet+xml`,
  styles: `${SML}.styles+xml`,
  sharedStrings: `${SML}.sharedStrings+xml`,
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
} as const;
