import { ALLOWED_VALUES, translateValue, type Lang } from '../../api';
import { get, partnosOf, productsOf, search, searchError, searchUrl } from '../../testkit/emulator-http';
import { useEmulator } from '../support/use-emulator';

const emulator = useEmulator();

const SAMPLE = "Partno eq 'MCS18R71H104KZ9D|MLS751XA2101JZ9B|MPM25PMT01R0MZ9K'";

describe('lang', () => {
  test.each([
    ['en', 'In Production', 'Capacitors', 'Reflow soldering', 'Consumer equipment', 'Wire wound type (Metal)', 'Power lines circuits'],
    ['ja', '生産中', 'コンデンサ', 'リフローはんだ', '民生機器', '巻線メタルアロイコア', '電源系回路'],
    ['zh', '目前生产', '电容器', '回流焊接', '民用设备', '绕线型金属合金磁珠', '电源线回路'],
  ])('%s: Status, list values and category names in the language', async (lang, status, lv1, mounting, application, construction, target) => {
    const body = await search(emulator.url, { filter: SAMPLE, lang });
    const smd = body.Data.CeramicCapacitorsSMD.Products[0];
    expect(smd.Status).toBe(status);
    expect(smd.Lv1Category).toBe(lv1);
    expect(smd.Mounting).toContain(mounting);
    expect(String(smd.Application).split(',')).toContain(application);
    const lead = body.Data.CeramicCapacitorsLead.Products[0];
    const standard = ALLOWED_VALUES.Standard.map((v) => v[lang as Lang]);
    expect(standard).toContain(lead.Standard);
    const ind = body.Data.Inductors.Products[0];
    expect(ind.Construction).toEqual([construction]);
    expect(ind.TargetCircuitCategory).toBe(target);
    // Free text and numbers do not change with the language.
    expect((ind.Specs as Record<string, unknown>).Inductance).toBe(1e-6);
  });

  test('Benefits and SmdType come back translated', async () => {
    const body = await search(emulator.url, { filter: "Category eq 'ceramicCapacitorsSMD' and SmdType eq 'LW逆転' and Benefits eq '低インダクタンス'", lang: 'ja' });
    const products = productsOf(body);
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect((p.Specs as Record<string, unknown>).SmdType).toBe('LW逆転');
      expect(p.Benefits).toContain('低インダクタンス');
    }
  });

  test('every Status in all three languages, matched in the chosen language', async () => {
    for (const row of ALLOWED_VALUES.Status) {
      const byLang: Record<string, string[]> = {};
      for (const lang of ['en', 'ja', 'zh'] as const) {
        const body = await search(emulator.url, { filter: `Status eq '${row[lang]}' and startswith(Partno,'MLH')`, lang });
        const products = productsOf(body);
        expect(products.every((p) => p.Status === row[lang])).toBe(true);
        byLang[lang] = partnosOf(body);
      }
      expect(byLang.ja).toEqual(byLang.en);
      expect(byLang.zh).toEqual(byLang.en);
      expect(byLang.en.length).toBeGreaterThan(0);
    }
  });

  test('a list value written in another language than lang is refused', async () => {
    const res = await searchError(emulator.url, { filter: "Status eq '生産中'", lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/'生産中' is not an allowed value of Status in language en/);
    const zh = await searchError(emulator.url, { filter: "Status eq 'In Production'", lang: 'zh' });
    expect(zh.status).toBe(400);
  });

  test('Application matched by its parts in ja and returned comma-separated in ja', async () => {
    const value = translateValue('Application', 'Automotive powertrain/safety equipment', 'en', 'ja');
    const body = await search(emulator.url, { filter: `Category eq 'inductors' and Application eq '${value}'`, lang: 'ja' });
    const products = productsOf(body);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => String(p.Application).split(',').includes(value))).toBe(true);
  });

  test('no lang, an empty lang or an inapplicable one is English', async () => {
    for (const lang of [undefined, '', 'fr', 'JA', 'ja-JP']) {
      const res = await get(searchUrl(emulator.url, { filter: SAMPLE, lang }));
      expect(res.status).toBe(200);
      const body = res.json() as Parameters<typeof productsOf>[0];
      expect(body.Data.CeramicCapacitorsSMD.Products[0].Status).toBe('In Production');
    }
  });
});
