// Log Out for now (SPEC.md §4 "Logout"): storage and refresh cookie cleared, bag count 0, then /login.
// TODO(accounts issue): call POST logout first so the server revokes the refresh token.
import { useNavigate } from 'react-router-dom';
import { cartCountStore } from './cart-count-store';
import { paths } from './paths';
import { sessionStore } from './session-store';

export function useLogOut(): () => void {
  const navigate = useNavigate();
  return () => {
    sessionStore.clear();
    cartCountStore.set(0);
    navigate(paths.login);
  };
}
