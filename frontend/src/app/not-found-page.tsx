import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AFTER_LOGIN, AFTER_LOGOUT } from '@appointment/contracts/roles';
import { useAppSelector } from '../lib/hooks';
import { storedRoleOf } from '../lib/session';
import { selectStoredRoleValue } from '../lib/session.slice';
import { AuthLayout } from './layouts/auth-layout';
import { ShellLayout } from './layouts/shell-layout';
import { Detail, Page } from './router-error-page.styles';

/**
 * An address no route has (issue 32): the shell for someone signed in, the sign-in screens' frame
 * otherwise, around "Page not found". The router's "Unexpected Application Error!" stays for real
 * errors.
 */
export function UnknownAddress() {
  const stored = storedRoleOf(useAppSelector(selectStoredRoleValue));
  return stored.signedIn ? <ShellLayout /> : <AuthLayout />;
}

/** "Page not found", with the way back: the dashboard, or signing in. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const stored = storedRoleOf(useAppSelector(selectStoredRoleValue));
  return (
    <Page>
      <h1>{t('notFound.title')}</h1>
      <Detail>{t('notFound.body')}</Detail>
      <Link to={stored.signedIn ? AFTER_LOGIN : AFTER_LOGOUT}>
        {stored.signedIn ? t('notFound.dashboard') : t('notFound.signIn')}
      </Link>
    </Page>
  );
}
