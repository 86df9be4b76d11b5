import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` gets: nothing trusted, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: which peers may say who the client is (X-Forwarded-For, -Proto, -Host). Empty
 * (default): nobody, the socket's address is the client. Otherwise a comma-separated list of proxy
 * addresses or CIDRs. `true` (trust anyone) is refused: then every client could pick its own
 * address and dodge the per-client throttles. So is a hop count: Fastify 5 ignores hop counts
 * (it cannot tell whether the immediate peer is a proxy), which would silently trust nobody.
 */
export const trustProxySchema = z
  .string()
  .default('')
  .transform((value, context): TrustProxy => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'false') return false;
    const entries = trimmed.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be empty or a comma-separated list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });
