import { ROLES, can, canOpenRoute, menuFor, type Role } from './roles';

describe('role matrix (docs/product.md §2.1, §6)', () => {
  it.each([
    ['/login', undefined, true],
    ['/', undefined, true],
    ['/dashboard', undefined, false],
    ['/dashboard', 'support', true],
    ['/appointments', 'user', true],
    ['/appointments', 'incharge', true],
    ['/appointments/list', 'superadmin', true],
    ['/appointments/book', 'user', true],
    ['/appointments/book', 'admin', false],
    ['/appointments/reschedule', 'user', true],
    ['/appointments/reschedule', 'admin', true],
    ['/appointments/reschedule', 'incharge', false],
    ['/appointments/reschedule', 'superadmin', false],
    ['/services', 'admin', true],
    ['/services', 'incharge', true],
    ['/services', 'support', false],
    ['/scheduling/templates', 'superadmin', false],
    ['/scheduling/templates', 'admin', true],
    ['/integrations/webhooks', 'admin', true],
    ['/integrations/settings', 'support', true],
    ['/integrations/apps', 'incharge', false],
    ['/integrations/apps', 'user', false],
    ['/providers', 'superadmin', true],
    ['/providers/42', 'superadmin', true],
    ['/providers/42', 'admin', false],
    ['/providers/42', 'user', true],
    ['/providers', 'user', false],
    ['/integrations/api-keys', 'admin', true],
    ['/integrations/api-keys', 'superadmin', true],
    ['/integrations/api-keys', 'incharge', false],
    ['/integrations/api-keys', 'user', false],
    ['/providerstablelist', 'support', true],
    ['/integrations/api-keys', 'support', true],
    ['/no-such-screen', 'superadmin', false],
  ] as [string, Role | undefined, boolean][])('%s for %s: %s', (path, role, allowed) => {
    expect(canOpenRoute(role, path)).toBe(allowed);
  });

  it('gives each role its side navigation', () => {
    expect(menuFor('superadmin').map((item) => item.label)).toEqual([
      'Dashboard',
      'Service Providers',
      'Manage Providers',
      'API Keys',
      'Profile',
      'Settings',
    ]);
    expect(menuFor('support')).toEqual(menuFor('superadmin'));
    expect(menuFor('incharge').map((item) => item.path)).toEqual([
      '/dashboard',
      '/services',
      '/staffs',
      '/appointments',
      '/scheduling/manage',
      '/profile',
      '/settings',
    ]);
    // The admin's menu adds the Integrations group before Profile; incharge has none.
    expect(menuFor('admin').map((item) => item.path)).toEqual([
      '/dashboard',
      '/services',
      '/staffs',
      '/appointments',
      '/scheduling/manage',
      '/integrations/api-keys',
      '/integrations/webhooks',
      '/integrations/apps',
      '/integrations/settings',
      '/profile',
      '/settings',
    ]);
    expect(new Set(menuFor('admin').map((item) => item.group))).toEqual(new Set([undefined, 'Integrations']));
    expect(menuFor('user').map((item) => item.label)).toContain('Book Appointment');
    expect(menuFor(undefined)).toEqual(menuFor('user'));
  });

  it('lets only admin change an appointment status and only users book', () => {
    expect(ROLES.filter((role) => can(role, 'appointments.changeStatus'))).toEqual(['admin']);
    expect(ROLES.filter((role) => can(role, 'appointments.book'))).toEqual(['user']);
    expect(can(undefined, 'dashboard.view')).toBe(false);
  });

  it('opens the reschedule screen to exactly those who may move a booking (issue 29)', () => {
    expect(ROLES.filter((role) => canOpenRoute(role, '/appointments/reschedule'))).toEqual(
      ROLES.filter((role) => can(role, 'appointments.reschedule')),
    );
  });

  it('lets admin and superadmin manage integrations, support only read them (issue 10)', () => {
    expect(ROLES.filter((role) => can(role, 'integrations.manage'))).toEqual(['admin', 'superadmin']);
    expect(ROLES.filter((role) => can(role, 'integrations.read'))).toEqual([
      'admin',
      'superadmin',
      'support',
    ]);
  });

  it('opens every menu entry to every role it is shown to', () => {
    for (const role of ROLES) {
      for (const item of menuFor(role))
        expect([item.path, canOpenRoute(role, item.path)]).toEqual([item.path, true]);
    }
  });
});
