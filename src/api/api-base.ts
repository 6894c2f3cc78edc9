// Where the API lives: `/api` on the shop's own origin unless VITE_API_BASE says otherwise at build time. Made
// absolute so the same client also runs where relative URLs are not allowed (tests under Node's fetch).
const configured = (import.meta.env.VITE_API_BASE as string | undefined)?.trim() || '/api';

export function resolveApiBase(base: string, origin: string | undefined): string {
  const withoutSlash = base.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(withoutSlash) || !origin) return withoutSlash;
  return new URL(withoutSlash, origin).href.replace(/\/+$/, '');
}

export const apiBaseUrl = resolveApiBase(configured, typeof window === 'undefined' ? undefined : window.location.origin);

/**
 * The API's address in <img> tags and image preloads, as configured (by default the path `/api`): the server's render of
 * a page (src/entry-server.tsx) and the browser's hydration of it must write the same addresses.
 */
export const imageBaseUrl = resolveApiBase(configured, undefined);
