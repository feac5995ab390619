import type { Client } from '../api/client/client-types';

/**
 * The client port, beside the BomDocument port: what the core asks of the API client. It is the
 * client's own shape (createClient's, which batches, caches and retries), cut to the calls the core
 * makes: the lookup of part numbers (and its request count, for a run's plan), product searches (suggestions) and harvests (replacements).
 * The shells pass the client they built; the core decides every call.
 */
export type BomClient = Pick<Client, 'lookup' | 'planLookup' | 'search' | 'harvest'>;
