import { MESSAGES } from '@appointment/contracts/messages';
import { handlers, type OperationHandlers } from '../../http/mount-operations';
import type { AppointmentsContext } from '../appointments-context';
import { claimOffer, declineOffer, joinWaitlist, leaveWaitlist, listWaitlist } from './waitlist';

/** The waitlist's calls (issue 31): join, list, leave, and an offer's claim and decline. */
export const waitlistHandlers = (appointments: AppointmentsContext): OperationHandlers =>
  handlers({
    joinWaitlist: async ({ auth, body }) => ({
      message: MESSAGES.waitlistJoined,
      entry: await joinWaitlist(appointments, auth, body),
    }),
    listWaitlist: async ({ auth, query }) => ({
      entries: await listWaitlist(appointments, auth, query.timeslotId),
    }),
    leaveWaitlist: async ({ auth, params }) => {
      await leaveWaitlist(appointments, auth, params.id);
      return { message: MESSAGES.waitlistLeft };
    },
    claimOffer: async ({ auth, params }) => ({
      message: MESSAGES.offerClaimed,
      ...(await claimOffer(appointments, auth, params.id)),
    }),
    declineOffer: async ({ auth, params }) => {
      await declineOffer(appointments, auth, params.id);
      return { message: MESSAGES.offerDeclined };
    },
  });
