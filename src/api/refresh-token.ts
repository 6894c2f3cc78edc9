// POST refresh (SPEC.md §7 "Session"): the only call that may turn a 401 into a fresh access token. It goes out on
// its own, without the authenticated client's hooks, so a failing refresh can never trigger another refresh.
import ky from 'ky';
import { z } from 'zod/mini';

export const tokenRegeneratedMessage = 'Token regenerated successfully.';

const refreshReply = z.object({ message: z.literal(tokenRegeneratedMessage), authorization: z.string().check(z.minLength(1)) });

export class RefreshFailed extends Error {
  override name = 'RefreshFailed';
}

/**
 * Resolves with the new access token. Success is status 200 AND the spec's message AND a string token; anything
 * else (other status, other message, network error) rejects with RefreshFailed.
 */
export async function requestNewAccessToken(prefixUrl: string, refreshCookie: string | null): Promise<string> {
  let response: Response;
  try {
    response = await ky.post('refresh', {
      prefixUrl,
      // The server's HttpOnly refresh cookie travels with the credentials; the header carries it only when readable.
      credentials: 'same-origin',
      headers: refreshCookie ? { authorization: refreshCookie } : {},
      retry: 0,
      timeout: 20_000,
      throwHttpErrors: false,
    });
  } catch (error) {
    throw new RefreshFailed('The session could not be refreshed (network).', { cause: error });
  }
  if (response.status !== 200) throw new RefreshFailed(`The session could not be refreshed (${response.status}).`);
  const body: unknown = await response.json().catch(() => null);
  const parsed = refreshReply.safeParse(body);
  if (!parsed.success) throw new RefreshFailed('The refresh reply was not a new token.');
  return parsed.data.authorization;
}
