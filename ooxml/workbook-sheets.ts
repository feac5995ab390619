import { attributeOf, scanXml } from './xml-scan';

/*
 * The workbook part as the patcher reads it: the sheets it lists (name and relationship id, in
 * workbook order) and whether its dates count from 1904.
 */

/** The sheets of the workbook part (name and relationship id), and its 1904 date system. */
export function scanWorkbook(xml: string, sheet: (name: string, id: string) => void, date1904: (on: boolean) => void): void {
  scanXml(xml, {
    open: (e) => {
      if (e.path.length === 2 && e.path[1] === 'sheets' && e.name === 'sheet') sheet(e.attributes.name ?? '', attributeOf(e, 'id') ?? '');
      if (e.path.length === 1 && e.name === 'workbookPr') date1904(e.attributes.date1904 === '1' || e.attributes.date1904 === 'true');
    },
  });
}
