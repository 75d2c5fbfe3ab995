import { z } from 'zod';

/** docs/product.md §1 and §6: the roles named across the product. */
export const ROLES = ['user', 'admin', 'incharge', 'superadmin', 'support'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const PUBLIC = 'public' as const;
export const SIGNED_IN = 'signed-in' as const;
export type RouteAudience = typeof PUBLIC | typeof SIGNED_IN | readonly Role[];

/**
 * docs/product.md §2.1 route access, as data. Client guards and server checks both read this table.
 *
 * The spec leaves two roles open; decided here:
 * - incharge is a provider's staff member. It shares the admin menu (docs/product.md §2.1), so it may open
 *   every screen of that menu for its own provider: appointments, services, staffs and the
 *   schedule. It may manage the schedule, but changing services, staff, appointment status
 *   (docs/product.md §6 "Only admin can change appointment status") and integrations stays with admin.
 * - support is platform staff with the superadmin menu (docs/product.md §2.1, §6). It may open the screens of
 *   that menu (providers, the approval table, provider detail) read-only; approving,
 *   rejecting, creating providers and API keys stay with superadmin.
 */
export const ROUTE_ACCESS: readonly { paths: readonly string[]; audience: RouteAudience }[] = [
  {
    paths: [
      '/login',
      '/register',
      '/registration-success',
      '/forgot-password',
      '/reset-password',
      // A booking e-mail's signed links (issue 29).
      '/booking-link/cancel',
      '/booking-link/reschedule',
      '/',
    ],
    audience: PUBLIC,
  },
  { paths: ['/dashboard', '/profile', '/settings'], audience: SIGNED_IN },
  { paths: ['/appointments', '/appointments/list'], audience: ['user', 'admin', 'incharge', 'superadmin'] },
  { paths: ['/appointments/book'], audience: ['user'] },
  // Issue 31: the user's waitlist, and the page of an offer's e-mail.
  { paths: ['/waitlist', '/waitlist/offers/:id'], audience: ['user'] },
  // Issue 29: moving a booking, on the booking screen opened on its provider and service, for whoever
  // may move it (appointments.reschedule): its booker, or its provider's admin. No browsing, no booking.
  { paths: ['/appointments/reschedule'], audience: ['user', 'admin'] },
  { paths: ['/services', '/staffs', '/scheduling/manage'], audience: ['admin', 'incharge'] },
  // Issues 10 and 11: a provider's webhooks, apps and settings are its admin's; superadmin reads and
  // changes any provider's, support reads them (the screens ask platform staff which provider).
  {
    paths: ['/integrations/apps', '/integrations/webhooks', '/integrations/settings'],
    audience: ['admin', 'superadmin', 'support'],
  },
  // The spec (docs/product.md §2.1) also lets superadmin open the templates, but templates are a
  // provider's own and the platform team has none: the screen could only say so. It opens for admin only.
  { paths: ['/scheduling/templates'], audience: ['admin'] },
  { paths: ['/providers', '/providerstablelist'], audience: ['superadmin', 'support'] },
  // A user opens a provider's detail too, to book there with its Book Appointment.
  { paths: ['/providers/:id'], audience: ['superadmin', 'support', 'user'] },
  // API keys are a provider's own, so its admin manages them; superadmin sees and revokes
  // every provider's, support reads them (docs/decisions.md D38).
  { paths: ['/integrations/api-keys'], audience: ['admin', 'superadmin', 'support'] },
  // A provider's history; the admin opens its own provider's only.
  { paths: ['/providers/:id/history'], audience: ['superadmin', 'support', 'admin'] },
];

/** Where a refused route sends the user (docs/product.md §2.1). */
export const UNAUTHORISED_REDIRECT = '/dashboard';
export const AFTER_LOGIN = '/dashboard';
export const AFTER_LOGOUT = '/login';

const matches = (pattern: string, path: string): boolean => {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  if (path === '/' || pattern === '/') return pattern === path;
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
};

export const audienceOf = (path: string): RouteAudience | undefined =>
  ROUTE_ACCESS.find((entry) => entry.paths.some((pattern) => matches(pattern, path)))?.audience;

/** May someone with this role (undefined: signed out) open this route? */
export const canOpenRoute = (role: Role | undefined, path: string): boolean => {
  const audience = audienceOf(path);
  if (audience === undefined) return false;
  if (audience === PUBLIC) return true;
  if (role === undefined) return false;
  if (audience === SIGNED_IN) return true;
  return audience.includes(role);
};

export interface MenuItem {
  path: string;
  label: string;
  /** A heading the side navigation shows the item under ("Integrations"). */
  group?: string;
}

/** docs/product.md §2.1 side navigation per role. */
export const MENUS: {
  platform: MenuItem[];
  provider: MenuItem[];
  integrations: MenuItem[];
  user: MenuItem[];
} = {
  platform: [
    { path: '/dashboard', label: 'Dashboard' },
    { path: '/providers', label: 'Service Providers' },
    { path: '/providerstablelist', label: 'Manage Providers' },
    // Every provider's API keys (superadmin revokes, support reads).
    { path: '/integrations/api-keys', label: 'API Keys' },
    { path: '/profile', label: 'Profile' },
    { path: '/settings', label: 'Settings' },
  ],
  provider: [
    { path: '/dashboard', label: 'Dashboard' },
    { path: '/services', label: 'Services' },
    { path: '/staffs', label: 'Staffs' },
    { path: '/appointments', label: 'Appointments' },
    { path: '/scheduling/manage', label: 'Schedule' },
    { path: '/profile', label: 'Profile' },
    { path: '/settings', label: 'Settings' },
  ],
  /** The admin's "Integrations" group, between Schedule and Profile. */
  integrations: [
    { path: '/integrations/api-keys', label: 'API Keys', group: 'Integrations' },
    { path: '/integrations/webhooks', label: 'Webhooks', group: 'Integrations' },
    { path: '/integrations/apps', label: 'Connected Apps', group: 'Integrations' },
    { path: '/integrations/settings', label: 'Integration Settings', group: 'Integrations' },
  ],
  user: [
    { path: '/dashboard', label: 'Dashboard' },
    { path: '/appointments/book', label: 'Book Appointment' },
    { path: '/appointments', label: 'My Appointments' },
    { path: '/waitlist', label: 'Waitlist' },
    { path: '/profile', label: 'Profile' },
    { path: '/settings', label: 'Settings' },
  ],
};

export const menuFor = (role: Role | undefined): MenuItem[] => {
  if (role === 'superadmin' || role === 'support') return MENUS.platform;
  if (role === 'admin') {
    // The provider menu with the Integrations group before Profile and Settings.
    const profileAt = MENUS.provider.findIndex((item) => item.path === '/profile');
    return [...MENUS.provider.slice(0, profileAt), ...MENUS.integrations, ...MENUS.provider.slice(profileAt)];
  }
  if (role === 'incharge') return MENUS.provider;
  return MENUS.user;
};

/** docs/product.md §6 capabilities, as data; the server checks every action against this. */
export const CAPABILITIES = {
  'dashboard.view': ['user', 'admin', 'incharge', 'superadmin', 'support'],
  'profile.manage': ['user', 'admin', 'incharge', 'superadmin', 'support'],
  'settings.manage': ['user', 'admin', 'incharge', 'superadmin', 'support'],
  'notifications.manage': ['user', 'admin', 'incharge', 'superadmin', 'support'],
  // Support reads the platform's appointments (its dashboard's counts), never changes them.
  'appointments.view': ['user', 'admin', 'incharge', 'superadmin', 'support'],
  'appointments.book': ['user'],
  'appointments.changeStatus': ['admin'],
  // Issue 29: the booker moves their own booking; the admin any booking of their provider.
  'appointments.reschedule': ['user', 'admin'],
  'favourites.manage': ['user'],
  'services.view': ['admin', 'incharge'],
  'services.manage': ['admin'],
  'staffs.view': ['admin', 'incharge'],
  'schedule.manage': ['admin', 'incharge'],
  'templates.manage': ['admin', 'superadmin'],
  'integrations.manage': ['admin', 'superadmin'],
  // The integrations' lists, read-only for support (D38).
  'integrations.read': ['admin', 'superadmin', 'support'],
  // A user's own calendar feed of their bookings.
  'calendar.personal': ['user'],
  'providers.view': ['superadmin', 'support'],
  'providers.approve': ['superadmin'],
  'providers.manage': ['superadmin'],
  // A provider's history; an admin reads only its own provider's (checked by the route).
  'history.view': ['superadmin', 'support', 'admin'],
  'history.viewAny': ['superadmin', 'support'],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

export const can = (role: Role | undefined, capability: Capability): boolean =>
  role !== undefined && (CAPABILITIES[capability] as readonly Role[]).includes(role);

/** docs/product.md §6 live events by role. */
export const LIVE_EVENT_FOR_ROLE: Partial<Record<Role, string>> = {
  user: 'appointmentCreated',
  admin: 'appointmentCreatedadmin',
};
