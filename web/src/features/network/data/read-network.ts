import { COMPACT_NETWORK_MEDIA_TYPE, type TeamNetworkData } from '@warmpath/contracts';
import { decodeNetwork, type CompactNetwork } from '@warmpath/domain';

/**
 * Asked of the network routes: the compact columns (a few times fewer bytes to parse than the
 * spec's JSON, company links derived here instead of sent), else JSON, which every server has.
 */
export const NETWORK_ACCEPT = `${COMPACT_NETWORK_MEDIA_TYPE}, application/json;q=0.9`;

/** The answer's network, whichever representation the server chose (its Content-Type says). */
export async function readNetwork(response: Response): Promise<Partial<TeamNetworkData>> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const body: unknown = await response.json();
  return type === COMPACT_NETWORK_MEDIA_TYPE
    ? decodeNetwork(body as CompactNetwork)
    : (body as Partial<TeamNetworkData>);
}
