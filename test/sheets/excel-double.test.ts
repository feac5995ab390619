import { createExcelDouble } from '../../src/workbench/excel-double';

describe('the workbook double behaves like Excel where PartSpec depends on it', () => {
  test('a value starting with = + - @ becomes a formula unless the cell is formatted as text', async () => {
    const excel = createExcelDouble();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:D1').values = [['=1+1', '+SUM(A1)', '-2+3', '@cmd']];
      const text = sheet.getRange('A2:D2');
      text.numberFormat = [['@', '@', '@', '@']];
      text.values = [['=1+1', '+SUM(A1)', '-2+3', '@cmd']];
      sheet.getRange('A3:B3').values = [['-12.5', 'TRUE']];
      await context.sync();
    });
    expect(excel.formulaCells().map((c) => c.address)).toEqual(['Sheet1!A1', 'Sheet1!B1', 'Sheet1!C1', 'Sheet1!D1']);
    expect(excel.values('Sheet1')[1]).toEqual(['=1+1', '+SUM(A1)', '-2+3', '@cmd']);
    expect(excel.values('Sheet1')[2].slice(0, 2)).toEqual([-12.5, true]);
  });

  test('each sheet keeps its own selection, and onActivated / onSelectionChanged are raised after the change, until removed', async () => {
    const excel = createExcelDouble();
    excel.addSheet('B');
    const heard: string[] = [];
    const stop = await excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const handlers = [
        sheets.onActivated.add(async (e) => void heard.push(`activated ${e.worksheetId}`)),
        sheets.onSelectionChanged.add(async (e) => void heard.push(`selected ${e.worksheetId} ${e.address}`)),
      ];
      await context.sync();
      return handlers;
    });
    const id = (name: string): string => excel.model.sheet(name).id;
    excel.select('Sheet1', 'C2');
    excel.select('B', 'G:G');
    expect(heard).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toEqual([`selected ${id('Sheet1')} C2`, `activated ${id('B')}`, `selected ${id('B')} G1:G1048576`]);
    // Back on Sheet1 (its tab), its own selection is the one Excel reads.
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').activate();
      await context.sync();
    });
    const address = await excel.run(async (context) => {
      const range = context.workbook.getSelectedRange().load('address');
      await context.sync();
      return range.address;
    });
    expect(address).toBe('Sheet1!C2');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard.at(-1)).toBe(`activated ${id('Sheet1')}`);
    for (const handler of stop) handler.remove();
    await stop[0].context.sync();
    heard.length = 0;
    excel.select('B', 'A1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toEqual([]);
  });

  test('reading a property that was not loaded throws; loads take effect on sync', async () => {
    const excel = createExcelDouble();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2');
      range.values = [[42]];
      const read = context.workbook.worksheets.getItem('Sheet1').getRange('B2');
      expect(() => read.values).toThrow(/not available/);
      read.load('values,address');
      await context.sync();
      expect(read.values).toEqual([[42]]);
      expect(read.address).toBe('Sheet1!B2');
    });
  });

  test('syncs are counted with their payload size, and an oversized payload is refused', async () => {
    const excel = createExcelDouble({ payloadLimit: 1000 });
    await expect(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['x'.repeat(2000)]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(excel.syncCount()).toBe(1);
    expect(excel.payloadSizes()[0]).toBeGreaterThan(2000);
    expect(excel.values('Sheet1')).toEqual([]);
  });

  test('sheet names are validated and unique; document settings travel only once saved', async () => {
    const excel = createExcelDouble();
    await expect(
      excel.run(async (context) => {
        context.workbook.worksheets.add('sheet1');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'ItemAlreadyExists' });
    await expect(
      excel.run(async (context) => {
        context.workbook.worksheets.add('a/b');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
    const settings = excel.office.context.document.settings;
    settings.set('k', { a: 1 });
    expect(excel.savedSettings()).toEqual({});
    await new Promise<void>((resolve) => settings.saveAsync(() => resolve()));
    expect(excel.savedSettings()).toEqual({ k: { a: 1 } });
  });
});
