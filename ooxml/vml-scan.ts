import { scanXml } from './xml-scan';

/*
 * The objects of a legacy VML drawing that a sheet's notes and form controls live in, read with
 * the SAX scanner (leniently: VML as Excel writes it is often not well-formed, with bare `<br>`),
 * in time that grows with the text and within the XML depth and element limits.
 */

/** One `x:ClientData` of a VML drawing. */
export interface VmlObject {
  /** `Note`, `Checkbox`, `Button`, `Drop`, … */
  objectType: string;
  /**
   * The anchor's numbers when it has one: LeftColumn, LeftOffset, TopRow, TopOffset,
   * RightColumn, RightOffset, BottomRow, BottomOffset.
   */
  anchor: number[] | undefined;
}

/** The client-data objects of a VML drawing, in order; throws a FileLimitError past the XML limits. */
export function scanVmlObjects(xml: string, subject?: string): VmlObject[] {
  const objects: VmlObject[] = [];
  let current: VmlObject | undefined;
  let anchor: string[] | undefined;
  scanXml(
    xml,
    {
      open: (e) => {
        if (e.name === 'ClientData') current = { objectType: e.attributes.ObjectType ?? '', anchor: undefined };
        else if (e.name === 'Anchor' && current) anchor = [];
      },
      text: (text) => anchor?.push(text),
      close: (e) => {
        if (e.name === 'Anchor' && current && anchor) {
          current.anchor = anchor.join('').split(',').map((n) => Number(n.trim()));
          anchor = undefined;
        } else if (e.name === 'ClientData' && current) {
          objects.push(current);
          current = undefined;
        }
      },
    },
    { lenient: true, subject },
  );
  return objects;
}
