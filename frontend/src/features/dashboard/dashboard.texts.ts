/**
 * Labels of the dashboard's panels (docs/product.md §2.4); error texts come from MESSAGES. The English catalogue
 * of the `dashboardPanels` namespace (es and fr in dashboard.i18n.ts).
 */
export const DASHBOARD_TEXTS = {
  allAppointments: 'All Appointments',
  filters: 'Appointment filters',
  status: 'Status',
  statusFilters: {
    all: 'All',
    pending: 'Pending',
    scheduled: 'Scheduled',
    completed: 'Completed',
    cancelled: 'Cancelled',
    no_show: 'No-show',
  },
  search: 'Search',
  searchPlaceholder: 'User name or email',
  location: 'Location',
  allLocations: 'All locations',
  loading: 'Loading...',
  appointmentItems: 'Appointments',
  confirm: 'Confirm',
  reject: 'Reject',
  services: 'Services',
  recentProviders: 'Recent Providers',
  viewAll: 'View All',
  noRecentProviders: 'No recent providers.',
  bookNew: 'Book New',
  bookAgain: 'Book Again',
  lastVisit: 'Last appointment: {{date}}',
  duration_one: '{{count}} min',
  duration_other: '{{count}} min',
  bookedAt: '{{service}} at {{provider}}',
  itemLabel: '{{service}} for {{user}}, {{date}}, {{time}}',
  rejectPaidTitle: 'Reject a paid booking',
  keepBooking: 'Keep booking',
  theUser: 'The user',
  rejectPaidBody:
    '{{user}} has paid {{amount}} for {{service}}. Rejecting cancels the booking and frees the slot; the payment is not refunded automatically, so refund it with the payment provider.',
  // The admin's way to its own provider's history.
  providerHistory: "Your provider's history",
  openHistory: 'Open History',
  providerHistoryHint: 'Who changed what and when, and your provider as it was at any point.',
  // A new provider's first steps (issue 32): each goes once done, the panel once all are.
  firstSteps: 'First steps',
  firstStepsHint: 'A few things to do before people can book with you.',
  stepService: 'Add a service',
  stepTimeSlots: 'Add time slots or apply a template',
  stepPolicy: 'Set your booking policy',
} as const;
