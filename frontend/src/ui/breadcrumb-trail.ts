/** SPEC §2.2 breadcrumb titles, keyed by the path (without the leading slash) up to that segment. */
export const BREADCRUMB_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  providers: 'Service Providers',
  appointments: 'Appointments',
  settings: 'Settings',
  profile: 'Profile',
  'provider-dashboard': 'Provider Dashboard',
  'scheduling/templates': 'Schedule Templates',
  'scheduling/manage': 'Schedule Management',
  'integrations/api-keys': 'API Keys',
  'integrations/apps': 'Connected Apps',
  'integrations/webhooks': 'Webhooks',
  'integrations/settings': 'Integration Settings',
};

export interface Crumb {
  path: string;
  title: string;
  /** The key of a known title, so the screen can show it in the reader's language. */
  titleKey?: string;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One crumb per URL segment; any segment without a title shows with its first letter capitalised. */
export const breadcrumbTrail = (pathname: string): Crumb[] => {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const key = segments.slice(0, index + 1).join('/');
    const known = BREADCRUMB_TITLES[key];
    return known
      ? { path: `/${key}`, title: known, titleKey: key }
      : { path: `/${key}`, title: capitalise(decode(segment)) };
  });
};
