/** docs/product.md §2.2 breadcrumb titles, keyed by the path (without the leading slash) up to that segment. */
export const BREADCRUMB_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  providers: 'Service Providers',
  appointments: 'Appointments',
  settings: 'Settings',
  profile: 'Profile',
  providerstablelist: 'Manage Providers',
  'provider-dashboard': 'Provider Dashboard',
  'appointments/reschedule': 'Reschedule',
  'appointments/list': 'List',
  'appointments/book': 'Book',
  'scheduling/templates': 'Schedule Templates',
  'scheduling/manage': 'Schedule Management',
  'integrations/api-keys': 'API Keys',
  'integrations/apps': 'Connected Apps',
  'integrations/webhooks': 'Webhooks',
  'integrations/settings': 'Integration Settings',
  // The screens whose title was their capitalised segment have it here, so it can be translated.
  services: 'Services',
  staffs: 'Staffs',
  scheduling: 'Scheduling',
  integrations: 'Integrations',
  history: 'History',
};

/** Segments titled the same wherever they sit (a provider's /providers/{id}/history). */
const NESTED_TITLES: ReadonlySet<string> = new Set(['history']);

export interface Crumb {
  path: string;
  title: string;
  /** The key of a known title, so the screen can show it in the reader's language. */
  titleKey?: string;
  /** Whether a screen lives at this path (a crumb without one is plain text). */
  hasPage: boolean;
  /** A segment that is a record's id: shown by the name its screen gives it, never raw. */
  isId?: boolean;
}

/** A segment that names a record (a uuid, a long hex or number), not a screen. */
const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|\d{4,})$/i;

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One crumb per URL segment; any segment without a title shows with its first letter
 * capitalised, and an id segment waits for its screen to name it (`names`). `hasPage` tells
 * which paths have a screen.
 */
export const breadcrumbTrail = (
  pathname: string,
  hasPage: (path: string) => boolean = () => true,
  names: Readonly<Record<string, string>> = {},
): Crumb[] => {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const key = segments.slice(0, index + 1).join('/');
    const path = `/${key}`;
    const titleKey = key in BREADCRUMB_TITLES ? key : NESTED_TITLES.has(segment) ? segment : undefined;
    if (titleKey) return { path, title: BREADCRUMB_TITLES[titleKey], titleKey, hasPage: hasPage(path) };
    if (ID_SEGMENT.test(decode(segment)))
      return { path, title: names[path] ?? '…', hasPage: hasPage(path), isId: true };
    return { path, title: names[path] ?? capitalise(decode(segment)), hasPage: hasPage(path) };
  });
};
