import type { z } from 'zod';
import type { Client, Lang } from '../api/node';
import type { LookupResultJson } from '../node/lookup-results';

/*
 * What one assistants' tool is: a name, words an assistant can act on, an input schema, and a run
 * that calls the core as the command line does. The server (server.ts) registers every tool of
 * tools/index.ts the same way: errors become one sentence, results are bounded and sent as
 * structured content (checked against the tool's output schema) with a short text and the same
 * data as JSON text. A new tool is one file and one line in that list.
 */

/** The parts the tools read the service through, for one connection (stdio) or one request (HTTP). */
export interface ToolContext {
  client: Client;
  /** Language of values asked of the service and of the summary's labels. */
  lang: Lang;
  /** Folders a BOM may be read from (check_bom); empty when the shell reads no files. */
  roots: readonly string[];
  /** Fires when the assistant cancels the call or the connection ends. */
  signal?: AbortSignal;
  /** Remembers what `lookup` answered, for the part resources. */
  remember(results: readonly LookupResultJson[]): void;
}

/** What a tool hands back: the data (an object, as MCP's structured content must be) and a short text. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  /** One or two sentences about the data; never text the service sent. */
  text: string;
}

/** A tool as the server registers it (its input typed only inside its own file). */
export interface PartSpecTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  /** The shape of `structured`, offered as the tool's outputSchema. */
  output: z.ZodRawShape;
  /** When false, the shell does not offer it (check_bom without --root). @default always */
  available?(context: Pick<ToolContext, 'roots'>): boolean;
  run(args: unknown, context: ToolContext): Promise<ToolAnswer>;
}

/** Declares a tool with its input typed from its schema. */
export function defineTool<S extends z.ZodRawShape>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  output: z.ZodRawShape;
  available?(context: Pick<ToolContext, 'roots'>): boolean;
  run(args: z.output<z.ZodObject<S>>, context: ToolContext): Promise<ToolAnswer>;
}): PartSpecTool {
  return tool as unknown as PartSpecTool;
}

/** "1 part number", "3 part numbers". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
