import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { canOpenRoute } from '@appointment/contracts/roles';
import { useAppSelector } from '../lib/hooks';
import { selectRole } from '../lib/session.slice';
import { breadcrumbTrail } from './breadcrumb-trail';
import { useCrumbNames } from './crumb-names';
import { HomeIcon } from './icons';
import { Crumb, CrumbLink, Current, List, Nav } from './breadcrumb.styles';

/** The breadcrumb of the signed-in shell: home is the dashboard; crumbs without a screen are text. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const names = useCrumbNames();
  const role = useAppSelector(selectRole) ?? undefined;
  // A crumb links only where the reader may go: an admin's "Service Providers" is text, not a way
  // back to its dashboard (issue 32).
  const hasPage = (path: string) => canOpenRoute(role, path);
  const trail = breadcrumbTrail(pathname, hasPage, names).map((crumb) => ({
    ...crumb,
    title: crumb.titleKey
      ? t(`breadcrumb.titles.${crumb.titleKey}`, { defaultValue: crumb.title })
      : crumb.title,
  }));

  return (
    <Nav aria-label={t('breadcrumb.label')}>
      <List>
        <Crumb>
          <CrumbLink as={Link} to="/dashboard" aria-label={t('breadcrumb.home')}>
            <HomeIcon width={16} height={16} />
          </CrumbLink>
        </Crumb>
        {trail.map((crumb, index) => (
          <Crumb key={crumb.path}>
            {index === trail.length - 1 ? (
              <Current aria-current="page">{crumb.title}</Current>
            ) : !crumb.hasPage ? (
              <Current>{crumb.title}</Current>
            ) : (
              <CrumbLink as={Link} to={crumb.path}>
                {crumb.title}
              </CrumbLink>
            )}
          </Crumb>
        ))}
      </List>
    </Nav>
  );
}
