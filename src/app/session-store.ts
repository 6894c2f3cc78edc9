// The browser's record of who is signed in: the local-storage keys of SPEC.md §3 and the guest session's id, read and
// written only here, with a subscription so the header follows sign-in and sign-out (also from other tabs).
import { useSyncExternalStore } from 'react';
import type { SignInReply } from '../../domain/auth';

export const storageKeys = {
  userId: 'userId',
  userExtId: 'userExtId',
  isLoggedIn: 'isLoggedIn',
  accessToken: 'accessToken',
  email: 'email',
  dashboardAccess: 'pkrpsrtyzx',
} as const;

export const guestSessionIdKey = 'guestSessionId';
export const refreshTokenCookie = 'refreshToken';

export interface SessionSnapshot {
  isLoggedIn: boolean;
  userId: string | null;
  userExtId: string | null;
  email: string | null;
  /** The stored trueUser flag: shows Dashboard and passes the admin route guard. */
  hasDashboardAccess: boolean;
}

export interface SignedInSession {
  userId: string;
  userExtId: string;
  accessToken: string;
  email: string;
  trueUser: boolean;
}

const listeners = new Set<() => void>();
let cached: SessionSnapshot | undefined;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as signed out.
    return null;
  }
}

function computeSnapshot(): SessionSnapshot {
  const userId = read(storageKeys.userId);
  return {
    isLoggedIn: read(storageKeys.isLoggedIn) === 'true' && Boolean(userId),
    userId,
    userExtId: read(storageKeys.userExtId),
    email: read(storageKeys.email),
    hasDashboardAccess: read(storageKeys.dashboardAccess) === 'yes',
  };
}

function notify(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', notify);
}

export const sessionStore = {
  /** A stable snapshot (same object until something changes), as useSyncExternalStore needs. */
  getSnapshot(): SessionSnapshot {
    const next = computeSnapshot();
    if (
      !cached ||
      cached.isLoggedIn !== next.isLoggedIn ||
      cached.userId !== next.userId ||
      cached.userExtId !== next.userExtId ||
      cached.email !== next.email ||
      cached.hasDashboardAccess !== next.hasDashboardAccess
    ) {
      cached = next;
    }
    return cached;
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  getAccessToken(): string | null {
    return read(storageKeys.accessToken);
  },

  setAccessToken(accessToken: string): void {
    window.localStorage.setItem(storageKeys.accessToken, accessToken);
    notify();
  },

  /**
   * `quiet`: write without telling subscribers, for a sign-in that ends in a full page load anyway; otherwise the
   * guest-only route guard would unmount the sign-in flow before its guest-bag sync has run.
   */
  signIn(session: SignedInSession, { quiet = false }: { quiet?: boolean } = {}): void {
    const storage = window.localStorage;
    storage.setItem(storageKeys.userId, session.userId);
    storage.setItem(storageKeys.userExtId, session.userExtId);
    storage.setItem(storageKeys.isLoggedIn, 'true');
    storage.setItem(storageKeys.accessToken, session.accessToken);
    storage.setItem(storageKeys.email, session.email);
    if (session.trueUser) storage.setItem(storageKeys.dashboardAccess, 'yes');
    else storage.removeItem(storageKeys.dashboardAccess);
    if (!quiet) notify();
  },

  /** Sign-out as SPEC.md §4: local and session storage cleared, the refresh cookie expired. */
  clear(): void {
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Nothing stored that we could clear.
    }
    document.cookie = `${refreshTokenCookie}=; Max-Age=0; path=/`;
    notify();
  },

  /** The refresh cookie's value when script-readable (the server's HttpOnly cookie is not; it travels anyway). */
  readRefreshCookie(): string | null {
    const prefix = `${refreshTokenCookie}=`;
    const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
    return entry ? decodeURIComponent(entry.slice(prefix.length)) || null : null;
  },
};

/** Stores the session a `loginapi` reply grants; `quiet` as for sessionStore.signIn. */
export function storeSignInReply(reply: SignInReply, options: { quiet?: boolean } = {}): void {
  sessionStore.signIn(
    {
      userId: reply.userId,
      userExtId: reply.userExtId,
      accessToken: reply.authorization,
      email: reply.email,
      trueUser: reply.trueUser,
    },
    options,
  );
}

/** The guest session's id (SPEC.md §4 "Add to cart"): null when there is none or session storage is unavailable. */
export function readGuestSessionId(): string | null {
  try {
    return window.sessionStorage.getItem(guestSessionIdKey) || null;
  } catch {
    return null;
  }
}

export function storeGuestSessionId(sessionId: string): void {
  window.sessionStorage.setItem(guestSessionIdKey, sessionId);
}

/** Drops the guest session's id once its bag belongs to an account. */
export function forgetGuestSessionId(): void {
  try {
    window.sessionStorage.removeItem(guestSessionIdKey);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/** What the server draws a page with (it cannot see the browser's storage), and so what hydration starts from. */
const signedOut: SessionSnapshot = { isLoggedIn: false, userId: null, userExtId: null, email: null, hasDashboardAccess: false };

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, () => signedOut);
}
