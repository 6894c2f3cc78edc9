// How a machine reads a refused or failed call, whatever HTTP client the view plugged in.

/** What a refused or failed call tells a machine; `status` null means no answer (network, time-out). */
export interface CallFailure {
  status: number | null;
  code: string | null;
  serverMessage: string | null;
}

/** Reads a rejection without knowing the HTTP client: anything without a numeric status is a network failure. */
export function failureOf(error: unknown): CallFailure {
  const value = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    status: typeof value.status === 'number' ? value.status : null,
    code: typeof value.code === 'string' ? value.code : null,
    serverMessage: typeof value.serverMessage === 'string' && value.serverMessage ? value.serverMessage : null,
  };
}
