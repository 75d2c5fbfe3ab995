/**
 * The waitlist's screens (issue 31): the English catalogue of the `waitlist` namespace (es and fr
 * in waitlist.i18n.ts).
 */
export const WAITLIST_TEXTS = {
  title: 'Waitlist',
  lead: 'The full places you wait for. When one frees, the first person waiting gets it, held for them for a while.',
  empty: 'You are not waiting for any place.',
  loading: 'Loading your waitlist...',
  when: 'When',
  status: 'Status',
  position: 'Position',
  waiting: 'Waiting',
  offered: 'Offered to you',
  claimed: 'Booked',
  declined: 'Declined',
  expired: 'Expired',
  left: 'Left',
  withdrawn: 'Withdrawn by the provider',
  heldUntil: 'Held for you until {{until}}',
  anyPlaceOn: 'Any place on {{day}}',
  leave: 'Leave',
  claim: 'Book it',
  decline: 'Decline',
  claimTitle: 'A place is free for you',
  claimLead: 'It is held for you until {{until}}. Book it, or let the next person have it.',
  claimedNote: 'The place is yours: find it in My Appointments.',
  declinedNote: 'The place passes to the next person waiting.',
  notOpen: 'This offer is no longer open.',
  loadingOffer: 'Loading the offer...',
} as const;
