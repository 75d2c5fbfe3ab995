import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AFTER_LOGOUT, UNAUTHORISED_REDIRECT } from '@appointment/contracts/roles';
import { mayOpen, readStoredRole } from './session';

/**
 * SPEC §2.1: a route opens only if the stored role is in its allowed list, otherwise the user
 * goes to /dashboard. Someone with no stored role is signed out and goes to the sign-in screen,
 * because /dashboard would refuse them too.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const stored = readStoredRole();
  if (!stored.signedIn) return <Navigate to={AFTER_LOGOUT} replace />;
  if (!mayOpen(stored, pathname)) return <Navigate to={UNAUTHORISED_REDIRECT} replace />;
  return <Outlet />;
}
