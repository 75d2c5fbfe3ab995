import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AFTER_LOGIN, AFTER_LOGOUT, UNAUTHORISED_REDIRECT } from '@appointment/contracts/roles';
import { useAppSelector } from '../lib/hooks';
import { mayOpen, storedRoleOf } from '../lib/session';
import { selectStoredRoleValue } from '../lib/session.slice';

/**
 * docs/product.md §2.1: a route opens only if the stored role is in its allowed list, otherwise the user
 * goes to /dashboard. Someone with no stored role is signed out and goes to the sign-in screen,
 * because /dashboard would refuse them too. The session slice mirrors the stored role, so an
 * expired session or a logout redirects at once.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const stored = storedRoleOf(useAppSelector(selectStoredRoleValue));
  if (!stored.signedIn) return <Navigate to={AFTER_LOGOUT} replace />;
  if (!mayOpen(stored, pathname)) return <Navigate to={UNAUTHORISED_REDIRECT} replace />;
  return <Outlet />;
}

/** `/`: the dashboard for someone signed in, the sign-in screen otherwise. */
export function HomeRedirect() {
  const stored = storedRoleOf(useAppSelector(selectStoredRoleValue));
  return <Navigate to={stored.signedIn ? AFTER_LOGIN : AFTER_LOGOUT} replace />;
}

/** /login and /register: someone signed in is sent to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const stored = storedRoleOf(useAppSelector(selectStoredRoleValue));
  return stored.signedIn ? <Navigate to={AFTER_LOGIN} replace /> : children;
}
