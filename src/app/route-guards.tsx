// Route guards of SPEC.md §2: guest-only screens send a signed-in user to /myaccount; admin screens admit only a
// signed-in user holding the dashboard flag and send everyone else to /access. (The server enforces the real rule.)
import { Navigate, Outlet } from 'react-router-dom';
import { paths } from './paths';
import { useSession } from './session-store';

export function GuestOnly() {
  const session = useSession();
  return session.isLoggedIn ? <Navigate to={paths.myAccount} replace /> : <Outlet />;
}

export function AdminOnly() {
  const session = useSession();
  return session.isLoggedIn && session.hasDashboardAccess ? <Outlet /> : <Navigate to={paths.access} replace />;
}

/** Account screens: a signed-out visitor goes to /login (the server refuses their data anyway). */
export function SignedInOnly() {
  const session = useSession();
  return session.isLoggedIn ? <Outlet /> : <Navigate to={paths.login} replace />;
}
