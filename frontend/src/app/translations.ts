import { registerTranslations, type NamespaceTranslations } from '../lib/i18n';
import { appointmentsTranslations } from '../features/appointments/appointments.i18n';
import { bookingTranslations } from '../features/booking/booking.i18n';
import { bookingLinkTranslations } from '../features/booking-link/booking-link.i18n';
import { dashboardTranslations } from '../features/dashboard/dashboard.i18n';
import { historyTranslations } from '../features/history/history.i18n';
import { integrationsTranslations } from '../features/integrations/integrations.i18n';
import { paymentsTranslations } from '../features/payments/payments.i18n';
import { profileTranslations } from '../features/profile/profile.i18n';
import { providersTranslations } from '../features/providers/providers.i18n';
import { schedulingTranslations } from '../features/scheduling/scheduling.i18n';
import { servicesTranslations } from '../features/services/services.i18n';
import { settingsTranslations } from '../features/settings/settings.i18n';
import { staffsTranslations } from '../features/staffs/staffs.i18n';
import { bookingAttachmentTranslations } from '../ui/booking-attachment.i18n';
import { hoursEditorTranslations } from '../ui/hours-editor.i18n';
import { paymentBadgeTranslations } from '../ui/payment-badge.i18n';
import { slotCalendarTranslations } from '../ui/slot-calendar/slot-calendar.i18n';
import { statusBadgeTranslations } from '../ui/status-badge.i18n';
import { verifyEmailTranslations } from '../ui/verify-email-banner.i18n';
import { timeZonePickerTranslations } from '../ui/time-zone-picker.i18n';
import { viewerTimeTranslations } from '../ui/viewer-time.i18n';
import { waitlistTranslations } from '../features/waitlist/waitlist.i18n';

/**
 * Every namespace of the screens, by name (the name each component passes to `useCatalogue`).
 * Each catalogue lives beside the feature that owns it; the shell's own texts are the `translation` namespace
 * of lib/i18n.ts.
 */
export const NAMESPACES: Readonly<Record<string, NamespaceTranslations>> = {
  appointments: appointmentsTranslations,
  booking: bookingTranslations,
  bookingAttachment: bookingAttachmentTranslations,
  bookingLink: bookingLinkTranslations,
  dashboardPanels: dashboardTranslations,
  hoursEditor: hoursEditorTranslations,
  history: historyTranslations,
  integrations: integrationsTranslations,
  payments: paymentsTranslations,
  paymentBadge: paymentBadgeTranslations,
  profile: profileTranslations,
  providers: providersTranslations,
  scheduling: schedulingTranslations,
  services: servicesTranslations,
  settings: settingsTranslations,
  staffs: staffsTranslations,
  slotCalendar: slotCalendarTranslations,
  statusBadge: statusBadgeTranslations,
  timeZonePicker: timeZonePickerTranslations,
  verifyEmail: verifyEmailTranslations,
  viewerTime: viewerTimeTranslations,
  waitlist: waitlistTranslations,
};

registerTranslations(NAMESPACES);
