import type { PartSpecTool } from '../tool';
import { checkBomTool } from './check-bom';
import { checkPortfolioTool } from './check-portfolio';
import { downloadUrlTool } from './download-url';
import { findPartsTool } from './find-parts';
import { lookupTool } from './lookup';
import { replacementsTool } from './replacements';
import { searchTool } from './search';

/** Every tool the assistants' server offers, in the order tools/list shows them. */
export const TOOLS: readonly PartSpecTool[] = [lookupTool, searchTool, findPartsTool, replacementsTool, checkBomTool, checkPortfolioTool, downloadUrlTool];
