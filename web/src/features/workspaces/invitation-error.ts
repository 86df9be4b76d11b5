import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { serverMessage } from '../../lib/api/api';

/**
 * Why an invitation link cannot be used, in product-spec §8's words: unknown 404, expired 410
 * with code 'expired', used or revoked 410 (the server's message), anything else a lookup failure.
 */
export function invitationProblem(error: FetchBaseQueryError | SerializedError): string {
  const status = 'status' in error ? error.status : undefined;
  const data = 'data' in error ? (error.data as { code?: unknown } | undefined) : undefined;
  if (status === 404) return 'Invalid invitation link';
  if (status === 410 && data?.code === 'expired') return 'This invitation has expired.';
  if (status === 410) return serverMessage(error) ?? 'Invalid invitation link';
  return 'Error checking invitation. Please try again.';
}
