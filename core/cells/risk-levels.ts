/*
 * The words of the Risk column in each language, and the one reader of them. A Risk cell, the
 * summary's risk column and the BOM health pane write a level in the run's language; what reads a
 * level back from a sheet (the highlight rules, which compare whole cell values) knows every
 * language's word, so a sheet enriched in English and again in Japanese keeps its colours. JSON
 * and the assistants' tools keep the level codes themselves (`EOL`, `Risk`…): they are read by
 * programs.
 */
import type { Lang } from '../../api/vocabulary';
import { RISK_LEVELS, type RiskLevel } from './risk';

/** Each level's word in each language. */
export const RISK_LEVEL_WORDS: Readonly<Record<Lang, Readonly<Record<RiskLevel, string>>>> = {
  en: { EOL: 'EOL', Risk: 'Risk', Watch: 'Watch', Unknown: 'Unknown', OK: 'OK' },
  ja: { EOL: '生産終了', Risk: 'リスクあり', Watch: '要注意', Unknown: '不明', OK: '問題なし' },
  zh: { EOL: '停产', Risk: '有风险', Watch: '需关注', Unknown: '未知', OK: '正常' },
};

/** A level as the run's language writes it. */
export function riskLevelText(level: RiskLevel, lang: Lang = 'en'): string {
  return RISK_LEVEL_WORDS[lang][level];
}

const LEVELS_BY_TEXT: ReadonlyMap<string, RiskLevel> = new Map(
  Object.values(RISK_LEVEL_WORDS).flatMap((words) => RISK_LEVELS.map((level): [string, RiskLevel] => [words[level], level])),
);

/** The level a Risk cell holds, in whatever language PartSpec wrote it; undefined for any other text. */
export function readRiskText(value: unknown): RiskLevel | undefined {
  return typeof value === 'string' ? LEVELS_BY_TEXT.get(value.trim()) : undefined;
}

/** Every language's word for a level (a highlight colours a Risk cell whatever language wrote it). */
export function riskTextsOf(level: RiskLevel): string[] {
  return [...new Set(Object.values(RISK_LEVEL_WORDS).map((words) => words[level]))];
}
