import { Link, useLocation } from 'react-router-dom';
import { breadcrumbTrail } from './breadcrumb-trail';
import { HomeIcon } from './icons';
import { Crumb, CrumbLink, Current, List, Nav } from './breadcrumb.styles';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);

  return (
    <Nav aria-label="Breadcrumb">
      <List>
        <Crumb>
          <CrumbLink as={Link} to="/" aria-label="Home">
            <HomeIcon width={16} height={16} />
          </CrumbLink>
        </Crumb>
        {trail.map((crumb, index) => (
          <Crumb key={crumb.path}>
            {index === trail.length - 1 ? (
              <Current aria-current="page">{crumb.title}</Current>
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
