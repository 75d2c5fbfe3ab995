import type { AppointmentStatus } from '@appointment/contracts/appointments';

/**
 * Labels of the appointments screens (docs/product.md §2.5). Error texts come from MESSAGES; these are the
 * headings, buttons and card labels, written once: the English catalogue of the `appointments` namespace
 * (es and fr in appointments.i18n.ts).
 */
export const APPOINTMENTS_TEXTS = {
  myAppointments: 'My Appointments',
  appointments: 'Appointments',
  statusCards: 'Appointment status',
  bookNew: 'Book New Appointment',
  allAppointments: 'All Appointments',
  back: 'Back',
  loading: 'Loading appointments...',
  list: 'Appointment list',
  changeStatus: 'Change status',
  updating: 'Updating...',
  email: 'Email',
  service: 'Service',
  date: 'Date',
  time: 'Time',
  provider: 'Provider',
  userId: 'User ID',
  addToCalendar: 'Add to calendar',
  cancel: {
    button: 'Cancel appointment',
    buttonNamed: 'Cancel {{service}} on {{date}}',
    title: 'Cancel appointment',
    question:
      'Cancel your appointment for {{service}} at {{provider}} on {{date}}, {{time}}? Its place is freed for others at once.',
    confirm: 'Cancel appointment',
    keep: 'Keep it',
    /** Issue 31: an appointment of a series. */
    following: 'Also cancel the following appointments of this series',
    cancelling: 'Cancelling...',
    freeUntil: 'Free cancellation until {{deadline}}.',
    refundAll: 'Your payment of {{paid}} is refunded in full.',
    refundLess:
      'It is past the free cancellation deadline ({{deadline}}): the provider keeps a fee of {{fee}} and {{refund}} is refunded.',
    refundNone:
      'It is past the free cancellation deadline ({{deadline}}): the provider keeps your payment of {{paid}}, nothing is refunded.',
  },
  /** Moving an upcoming booking to another time, on the booking screen (issue 29). */
  reschedule: {
    button: 'Reschedule',
    buttonNamed: 'Reschedule {{service}} on {{date}}',
  },
  /** What became of a cancelled booking and its payment (issue 29). */
  cancelledBy: {
    user: 'Cancelled by the customer',
    provider: 'Cancelled by the provider',
    system: 'Cancelled: not paid in time',
  },
  lateCancel: 'after the free cancellation deadline',
  refund: {
    pending: 'Refund of {{amount}} on its way',
    refunded: 'Refunded {{amount}}',
    fee: 'Fee kept: {{fee}}',
  },
  /** The status cards' labels and the list titles they open (docs/product.md §2.5). */
  statusLabels: {
    scheduled: 'Scheduled',
    completed: 'Completed',
    pending: 'Pending',
    cancelled: 'Cancelled',
    no_show: 'No-show',
    all: 'Total',
  },
  statusTitles: {
    scheduled: 'Scheduled Appointments',
    completed: 'Completed Appointments',
    pending: 'Pending Appointments',
    cancelled: 'Cancelled Appointments',
    no_show: 'No-show Appointments',
  },
  statusCard: '{{label}} {{count}}',
} as const;

/** Where a status card leads: the list's status filter and title (docs/product.md §2.5). */
export type ListStatus = AppointmentStatus | 'all';

export interface StatusCard {
  label: string;
  status: ListStatus;
  title: string;
  count:
    | 'scheduledAppointments'
    | 'completedAppointments'
    | 'pendingAppointments'
    | 'cancelledAppointments'
    | 'noShowAppointments'
    | 'totalAppointments';
}

/** docs/product.md §2.5: Scheduled, Completed, Pending, Cancelled, Total, in that order. */
export const STATUS_CARDS: readonly StatusCard[] = [
  {
    label: 'Scheduled',
    status: 'scheduled',
    title: 'Scheduled Appointments',
    count: 'scheduledAppointments',
  },
  {
    label: 'Completed',
    status: 'completed',
    title: 'Completed Appointments',
    count: 'completedAppointments',
  },
  { label: 'Pending', status: 'pending', title: 'Pending Appointments', count: 'pendingAppointments' },
  {
    label: 'Cancelled',
    status: 'cancelled',
    title: 'Cancelled Appointments',
    count: 'cancelledAppointments',
  },
  // Issue 29: scheduled appointments their person missed.
  { label: 'No-show', status: 'no_show', title: 'No-show Appointments', count: 'noShowAppointments' },
  { label: 'Total', status: 'all', title: APPOINTMENTS_TEXTS.allAppointments, count: 'totalAppointments' },
];

/** docs/product.md §2.5 title filter: these four titles pick their status, any other title shows all. */
export const STATUS_BY_TITLE: Readonly<Record<string, AppointmentStatus>> = {
  'Scheduled Appointments': 'scheduled',
  'Cancelled Appointments': 'cancelled',
  'Completed Appointments': 'completed',
  'Pending Appointments': 'pending',
  'No-show Appointments': 'no_show',
};

export const statusOfTitle = (title: string): ListStatus => STATUS_BY_TITLE[title] ?? 'all';

/** docs/product.md §2.5: the admin's status dropdown, in the spec's order. */
export const STATUS_OPTIONS: readonly { value: AppointmentStatus; label: string }[] = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'pending', label: 'Pending' },
  { value: 'no_show', label: 'No-show' },
];
