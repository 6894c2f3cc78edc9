// Log Out (SPEC.md §4 "Logout"): the server revokes the refresh token first; then, whatever it answered, local and
// session storage are cleared, the refresh cookie expired, the bag count set to 0, and the user goes to /login.
import { useNavigate } from 'react-router-dom';
import { cartCountStore } from './cart-count-store';
import { paths } from './paths';
import { sessionStore } from './session-store';

/** Resolves once the user is signed out and on /login; callers may ignore the promise. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    // A refused or unreachable logout must still sign the browser out. The call's module (with the sign-in and sign-up
    // contracts it parses with) is fetched here, not with the app's first script, which would evaluate those schemas on
    // every first visit (Total Blocking Time, docs/performance.md).
    await import('../api/auth').then(({ logOut }) => logOut()).catch(() => undefined);
    sessionStore.clear();
    cartCountStore.set(0);
    await navigate(paths.login);
  };
}
