import { z } from 'zod';
import { DOWNLOAD_CATEGORY_IDS } from '../../api/node';
import { defineTool } from '../tool';
import { DOWNLOAD_URL_OUTPUT } from './outputs';

export const downloadUrlTool = defineTool({
  name: 'download_url',
  title: 'Download link of a whole category',
  description:
    "The link to download every product of a category as one file (valid for 7 days), with its expiry, as `partspec url --json` gives it. " +
    'The link carries no key. Give it to the user rather than fetching it: a category holds many thousand products.',
  input: {
    category: z.enum(DOWNLOAD_CATEGORY_IDS as [string, ...string[]], { error: `category is one of ${DOWNLOAD_CATEGORY_IDS.join(', ')}.` }).describe('The product category.'),
  },
  output: DOWNLOAD_URL_OUTPUT,
  async run(args, context) {
    const link = await context.client.getDownloadUrl(args.category as (typeof DOWNLOAD_CATEGORY_IDS)[number], context.lang, { signal: context.signal });
    return { structured: { ...link }, text: `Download link of ${args.category}, valid until ${link.expiresAt.slice(0, 16).replace('T', ' ')} UTC.` };
  },
});
