/**
 * The pages of a booking e-mail's signed links (issue 29 "Telling people"), opened without signing
 * in: the English catalogue of the `bookingLink` namespace (es and fr in booking-link.i18n.ts).
 */
export const BOOKING_LINK_TEXTS = {
  cancelTitle: 'Cancel your appointment',
  rescheduleTitle: 'Choose another time',
  loading: 'Loading your appointment...',
  when: 'When',
  status: 'Status',
  refundAll: 'Your payment of {{paid}} is refunded in full.',
  refundLess: 'It is past the cancellation deadline: {{fee}} is kept and {{refund}} is refunded.',
  refundNone: 'It is past the cancellation deadline: nothing of your payment is refunded.',
  nothingPaid: 'Nothing was paid: cancelling costs nothing.',
  confirmCancel: 'Confirm cancellation',
  cancelling: 'Cancelling...',
  cancelled: 'Your appointment is cancelled.',
  notActive: 'This appointment can no longer be changed.',
  noPlaces: 'There is no free time in the coming weeks.',
  places: 'Free times',
  from: 'From',
  to: 'To',
  confirmMove: 'Confirm the new time',
  moving: 'Moving...',
  moved: 'Your appointment is moved.',
} as const;
