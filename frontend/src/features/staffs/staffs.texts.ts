/**
 * Labels of the Staffs screen (docs/product.md §2.8 Staffs); the error text comes from MESSAGES. The English
 * catalogue of the `staffs` namespace (es and fr in staffs.i18n.ts).
 */
export const STAFFS_TEXTS = {
  title: 'Staffs',
  columns: { number: '#', name: 'Name', email: 'Email', phone: 'Phone', role: 'Role' },
  loading: 'Loading staff...',
  none: 'No staff members found.',
  roles: {
    user: 'user',
    admin: 'admin',
    incharge: 'incharge',
    superadmin: 'superadmin',
    support: 'support',
  },
} as const;
