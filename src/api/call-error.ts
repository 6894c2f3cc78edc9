// How every typed API function reports a refused or failed call: an ApiCallError with the status and the server's
// `{ message, code }`, which machines read with machines/call-failure.ts without knowing about HTTP clients.
import { HTTPError } from 'ky';
import type { Options } from 'ky';
import type { z } from 'zod/mini';
import { apiError } from '../../domain/errors';
import type { ApiCallContext } from './client';

/** A refused or failed call: `status` is null when no answer came back (network, time-out, unreadable reply). */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  constructor(
    readonly status: number | null,
    readonly code: string | null,
    readonly serverMessage: string | null,
    options?: { cause?: unknown },
  ) {
    super(serverMessage ?? (status === null ? 'The request did not get an answer.' : `HTTP ${status}`), options);
  }
}

/** For calls whose 401 means "wrong credentials" or "no such session", never "your token expired". */
export const unauthenticated: Options = { context: { skipSessionRefresh: true } satisfies ApiCallContext };

export async function toCallError(error: unknown): Promise<ApiCallError> {
  if (error instanceof ApiCallError) return error;
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = apiError.safeParse(body);
    return new ApiCallError(
      error.response.status,
      parsed.success ? parsed.data.code : null,
      parsed.success ? parsed.data.message : null,
      { cause: error },
    );
  }
  return new ApiCallError(null, null, null, { cause: error });
}

/** Runs a request and parses its reply; any failure, including a reply that breaks the contract, is an ApiCallError. */
export async function call<T extends z.ZodMiniType>(request: () => Promise<unknown>, reply: T): Promise<z.infer<T>> {
  try {
    return reply.parse(await request());
  } catch (error) {
    throw await toCallError(error);
  }
}
