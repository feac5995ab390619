import { CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { defaultCacheDir } from '../client';
import { ENV, defaultConfigPath, type SettingSource } from '../../node/config';
import { configOf, print, type CommandContext } from '../context';
import { EXIT } from '../../node/errors';
import type { Command } from './command';

const USAGE = `usage: partspec config [options]

Shows the settings a command would use and where each comes from (flag, environment, config
file, default). The API key itself is never shown.

The config file (~/.config/partspec/config.json, or --config FILE) is JSON:
  { "baseUrl": "https://…", "apiKey": "…", "lang": "en" }
Keep it private (chmod 600) when it holds the key.

Options:
  --json                the same as JSON
${CONNECTION_HELP}`;

export const configCommand: Command = {
  name: 'config',
  summary: 'show the settings in use and where they come from (never the key)',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, json: { type: 'boolean' } }, { min: 0, max: 0 });
    const config = configOf(context, flags);
    const from = (source: SettingSource | undefined, variable: string): string =>
      source === 'env' ? variable : source === 'file' ? `config file` : source ?? 'nowhere';
    const summary = {
      baseUrl: { value: config.baseUrl, from: from(config.sources.baseUrl, ENV.baseUrl) },
      apiKey: { value: config.apiKey ? (config.sources.apiKey === 'default' ? 'the emulator demo key' : 'set') : 'not set', from: from(config.sources.apiKey, ENV.apiKey) },
      lang: { value: config.lang, from: from(config.sources.lang, ENV.lang) },
      configFile: config.file ?? `${flags.string('config') ?? defaultConfigPath(context.env)} (not found)`,
      cacheDir: flags.bool('no-cache') ? 'off' : defaultCacheDir(context.env),
    };
    if (flags.bool('json')) {
      await print(context, `${JSON.stringify(summary, null, 2)}\n`);
    } else {
      await print(
        context,
        [
          `base URL     ${summary.baseUrl.value}   (${summary.baseUrl.from})`,
          `API key      ${summary.apiKey.value}   (${summary.apiKey.from})`,
          `language     ${summary.lang.value}   (${summary.lang.from})`,
          `config file  ${summary.configFile}`,
          `cache        ${summary.cacheDir}`,
          '',
        ].join('\n'),
      );
    }
    return EXIT.ok;
  },
};
