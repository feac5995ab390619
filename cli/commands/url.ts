import { DOWNLOAD_CATEGORY_IDS } from '../../api/node';
import { CONNECTION_HELP, CONNECTION_OPTIONS, categoryFlag, parseFlags } from '../args';
import { connect, print, type CommandContext } from '../context';
import { EXIT } from '../../node/errors';
import type { Command } from './command';

const USAGE = `usage: partspec url --category C [options]

Prints the download link of a whole category (valid for 7 days). The link carries no API key.

Options:
  --category C          ${DOWNLOAD_CATEGORY_IDS.join(', ')}
  --json                the link with its category, language and expiry as JSON
${CONNECTION_HELP}`;

export const urlCommand: Command = {
  name: 'url',
  summary: 'print the download link of a category',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, category: { type: 'string' }, json: { type: 'boolean' } }, { min: 0, max: 0 });
    const category = categoryFlag(flags.required('category'), DOWNLOAD_CATEGORY_IDS);
    const { client, config } = connect(context, flags);
    const link = await client.getDownloadUrl(category, config.lang, { signal: context.signal });
    if (flags.bool('json')) await print(context, `${JSON.stringify(link, null, 2)}\n`);
    else {
      await print(context, `${link.url}\n`);
      context.note(`Valid until ${link.expiresAt.slice(0, 16).replace('T', ' ')} UTC.`);
    }
    return EXIT.ok;
  },
};
