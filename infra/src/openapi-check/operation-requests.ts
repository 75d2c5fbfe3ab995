import fc from 'fast-check';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import { API_KEY_SCOPES, type CreateApiKeyResponse } from '@appointment/contracts/api-keys';
import { API_OPERATIONS, type ApiOperation, type OperationId } from '@appointment/contracts/api';
import type { BookingResponse, SeriesBookedResponse } from '@appointment/contracts/appointments';
import { jsonSchemaOf } from '@appointment/contracts/openapi';
import type { PaymentResult } from '@appointment/contracts/payments';
import type { z } from 'zod';
import { DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import { SCHEDULE_PATHS, type TimeSlot, type TimeSlotsAdded } from '@appointment/contracts/schedule';
import type { WebhookWithSecretResponse } from '@appointment/contracts/webhooks';
import { readMailbox } from '@appointment/services/mail/mail-outbox';
import type { Caller, TestPlatform } from '@appointment/services/testing/test-platform';
import { dayKeyFromToday, testNow } from '../testing/clock';
import { validOf, type JsonSchema, type Knowledge } from '../fuzz/schema-arbitrary';

/** Who calls: signed out, one of the demo roles, or the admin's API key with every scope. */
export type CallerName = 'anonymous' | 'user' | 'admin' | 'incharge' | 'superadmin' | 'support' | 'apiKey';

/** One request to send through the proxy. */
export interface DrivenRequest {
  /** The path with its parameters filled in; the operation's own when it has none. */
  path?: string;
  query?: Record<string, string | string[]>;
  json?: unknown;
  form?: { fields: Record<string, string>; image?: { name: string; type: string; bytes: number[] } };
  /** A bearer token of its own (a fresh session or key), instead of the caller's; null: none. */
  token?: string | null;
}

/**
 * What the seeded demo system holds, read once before the run, and the means to make a fresh
 * thing for a call that uses one up (a deleted service, a revoked key, an approved provider).
 */
export interface DemoContext {
  test: TestPlatform;
  callers: Map<CallerName, Caller>;
  sunriseId: string;
  /** The demo admin's account id. */
  adminId: string;
  known: Knowledge;
  templateId: string;
  /** The user's appointment at Sunrise, and one of its time slots. */
  appointmentId: string;
  webhookId: string;
  /** A loopback receiver's URL for webhooks and the chat app: nothing leaves the machine. */
  hookUrl: string;
  /** The run's own person (`person`), once made. */
  person?: { caller: Caller; email: string };
  /** A delivery of that webhook, when one was made before the run. */
  deliveryId?: string;
  /** Open intervals of Sunrise's time slots a day or more ahead, a fresh one per booking. */
  freeSlots: Place[];
  paidSlots: Place[];
}

/** One interval of a split time slot. */
export interface Place {
  slot: TimeSlot;
  index: number;
}

/** A 1×1 GIF whose bytes are all ASCII: Prism forwards multipart bodies as text, so other bytes would not arrive intact. */
export const ASCII_GIF = [
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
];

let serial = 0;
/** A name no other call of the run uses. */
export const unique = (stem: string): string => `${stem}${Date.now().toString(36)}${(serial++).toString(36)}`;

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const workingHours = WEEK.map((day) => ({
  day,
  startTime: '09:00',
  endTime: '17:00',
  isAvailable: day !== 'sunday',
}));

const admin = (context: DemoContext) => context.callers.get('admin')!;
const user = (context: DemoContext) => context.callers.get('user')!;

const expectStatus = <T>(reply: { status: number; body: T }, status: number, what: string): T => {
  if (reply.status !== status)
    throw new Error(`${what}: answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body;
};

/** A session of the caller's role of its own, for a call that ends the one it carries. */
const freshSession = async (context: DemoContext, caller: CallerName): Promise<DrivenRequest> =>
  caller === 'anonymous' || caller === 'apiKey'
    ? {}
    : { token: (await context.test.signedIn(`${caller}@example.com`)).token };

/** A new user, registered and confirmed, signed in. */
const freshUser = async (context: DemoContext): Promise<Caller> => {
  const email = `${unique('person')}@example.com`;
  return context.test.registeredUser({ name: 'Fresh Person', email, phone: '9995550199' });
};

const linksIn = async (context: DemoContext, email: string, pattern: RegExp): Promise<string[]> =>
  (await readMailbox(context.test.platform.pool, email))
    .map((mail) => pattern.exec(mail.text)?.[0])
    .filter((link): link is string => link !== undefined);

/** The link of a kind that a new mail to `email` brings once `act` has run. */
const mailedLink = async (
  context: DemoContext,
  email: string,
  pattern: RegExp,
  act: () => Promise<unknown>,
): Promise<URL> => {
  // The mailbox lists the newest mails only: a new link is one not seen before.
  const before = new Set(await linksIn(context, email, pattern));
  await act();
  const deadline = Date.now() + 10_000;
  for (;;) {
    // Newest first.
    const fresh = (await linksIn(context, email, pattern)).find((link) => !before.has(link));
    if (fresh) return new URL(fresh);
    if (Date.now() > deadline) throw new Error(`no mail with ${String(pattern)} reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** One person of the run's own, for the calls that only need some account (made on first use). */
const person = async (context: DemoContext): Promise<{ caller: Caller; email: string }> => {
  if (!context.person) {
    const email = `${unique('person')}@example.com`;
    context.person = {
      caller: await context.test.registeredUser({ name: 'Fresh Person', email, phone: '9995550199' }),
      email,
    };
  }
  return context.person;
};

/** A provider registration waiting for approval: its pending user's id. */
const pendingProvider = async (context: DemoContext): Promise<string> => {
  const email = `${unique('clinic')}@example.com`;
  expectStatus(
    await context.test.caller().post('/api/auth/registerprovider', {
      businessName: 'Fresh Clinic',
      industry: 'Healthcare',
      email,
      phone: '9995550198',
      address: '1 Fresh Street, Palakkad',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    }),
    201,
    'registering a provider',
  );
  const pending = expectStatus(
    await context.callers
      .get('superadmin')!
      .get<{ users: { _id: string; email: string }[] }>('/api/profile/getuser'),
    200,
    'the pending providers',
  );
  return pending.users.find((entry) => entry.email === email)!._id;
};

const freshService = async (context: DemoContext): Promise<string> =>
  expectStatus(
    await admin(context).post<{ service: { _id: string } }>('/api/providerservice/addservice', {
      name: unique('Service '),
      duration: 30,
      price: 0,
    }),
    201,
    'adding a service',
  ).service._id;

const freshTemplate = async (context: DemoContext): Promise<string> =>
  expectStatus(
    await admin(context).post<{ template: { id: string } }>('/api/schedulemanage/duplicatetemplate', {
      id: context.templateId,
    }),
    201,
    'copying a template',
  ).template.id;

/** Days ahead of the time slots made to be changed or deleted: one day each, so none overlap. */
let freshSlotDay = 40;

/** A time slot of its own far ahead (nobody books it), made to be changed or deleted. */
const freshTimeSlot = async (context: DemoContext) => {
  const form = {
    date: dayKeyFromToday('Asia/Kolkata', freshSlotDay++),
    startTime: '06:00',
    endTime: '07:00',
    availableSlots: 2,
    addAsSlot: true,
    serviceIds: ['Follow-up Visit'],
  };
  const added = expectStatus(
    await admin(context).post<z.infer<typeof TimeSlotsAdded>>(SCHEDULE_PATHS.addTimeSlot, form),
    201,
    'adding a time slot to change',
  );
  return { id: added.timeslots[0]!._id, form };
};

/** A time off far ahead (no demo booking is inside it), made to be deleted. */
const freshTimeOff = async (context: DemoContext): Promise<string> =>
  expectStatus(
    await admin(context).post<{ timeOff: { _id: string } }>('/api/schedulemanage/addtimeoff', {
      from: dayKeyFromToday('Asia/Kolkata', 330),
      to: dayKeyFromToday('Asia/Kolkata', 330),
      reason: 'Fresh',
    }),
    201,
    'adding time off',
  ).timeOff._id;

export const freshKey = async (context: DemoContext): Promise<CreateApiKeyResponse> =>
  expectStatus(
    await admin(context).post<CreateApiKeyResponse>('/api/integrations/apikeys', {
      name: unique('key '),
      scopes: [...API_KEY_SCOPES],
    }),
    201,
    'creating an API key',
  );

export const freshWebhook = async (context: DemoContext): Promise<string> =>
  expectStatus(
    await admin(context).post<WebhookWithSecretResponse>('/api/integrations/webhooks', {
      name: unique('hook '),
      url: context.hookUrl,
      eventTypes: ['appointment.booked'],
    }),
    201,
    'creating a webhook',
  ).webhook.id;

/** A booking body for the next unused time slot of a list. */
export const bookingOf = (context: DemoContext, places: Place[], service: string) => {
  const place = places.shift();
  if (!place) throw new Error(`no time slot left for ${service}`);
  return {
    servicename: service,
    providerId: context.sunriseId,
    timeslotId: place.slot._id,
    date: place.slot.date,
    index: place.index,
  };
};

/**
 * Issue 31: a weekly series of two from the latest free place: its second week has no time slot,
 * so only the free one is booked (`freeOnly`) and no place another call books is taken.
 */
const seriesOf = (context: DemoContext, take: boolean) => {
  const place = take ? context.freeSlots.pop() : context.freeSlots.at(-1);
  if (!place) throw new Error('no time slot left for a series');
  return {
    servicename: 'Follow-up Visit',
    providerId: context.sunriseId,
    timeslotId: place.slot._id,
    date: place.slot.date,
    index: place.index,
    every: 1,
    unit: 'weeks',
    count: 2,
    freeOnly: true,
  };
};

/** A paid booking of the user's, unpaid: its appointment and order. */
const unpaidBooking = async (context: DemoContext) =>
  expectStatus(
    await user(context).post<BookingResponse>(
      '/api/appointments/bookappointment',
      bookingOf(context, context.paidSlots, 'General Consultation'),
    ),
    201,
    'booking a paid slot',
  );

/** A free booking of the user's, just made: its appointment's id (for a call that uses it up). */
const freeBooking = async (context: DemoContext): Promise<string> =>
  expectStatus(
    await user(context).post<BookingResponse>(
      '/api/appointments/bookappointment',
      bookingOf(context, context.freeSlots, 'Follow-up Visit'),
    ),
    201,
    'booking a free slot',
  ).appointment._id;

/** A fresh booking of the user's and the signed link of `purpose` its booking e-mail carries. */
const mailedBookingLink = async (context: DemoContext, purpose: 'cancel' | 'reschedule') => {
  let id = '';
  const link = await mailedLink(
    context,
    'user@example.com',
    new RegExp(`https?://\\S+/booking-link/${purpose}\\?\\S+`),
    async () => {
      id = await freeBooking(context);
    },
  );
  const proof = {
    token: link.searchParams.get('token') ?? '',
    expires: link.searchParams.get('expires') ?? '',
  };
  return { id: link.searchParams.get('appointment') ?? id, proof };
};

/** A place of Sunrise the run's person has just booked: full, for the user to wait for (issue 31). */
const fullPlace = async (context: DemoContext) => {
  const body = bookingOf(context, context.freeSlots, 'Follow-up Visit');
  const booked = expectStatus(
    await (await person(context)).caller.post<BookingResponse>('/api/appointments/bookappointment', body),
    201,
    'booking a place to wait for',
  );
  return { timeslotId: body.timeslotId, index: Number(body.index), appointmentId: booked.appointment._id };
};

/** The user's entry on the waitlist of a full place. */
const waitingEntry = async (context: DemoContext) => {
  const { timeslotId, index, appointmentId } = await fullPlace(context);
  const joined = expectStatus(
    await user(context).post<{ entry: { _id: string } }>('/api/waitlist', {
      timeslotId,
      index,
      serviceName: 'Follow-up Visit',
    }),
    201,
    'joining a waitlist',
  );
  return { entryId: joined.entry._id, appointmentId };
};

/** An offer to the user: the place they wait for, freed by its booker. */
const userOffer = async (context: DemoContext): Promise<string> => {
  const { appointmentId } = await waitingEntry(context);
  expectStatus(
    await (await person(context)).caller.post(`/api/appointments/${appointmentId}/cancel`),
    200,
    'freeing a place waited for',
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { entries } = expectStatus(
      await user(context).get<{ entries: { offer: { id: string } | null }[] }>('/api/waitlist'),
      200,
      'reading the waitlist',
    );
    const offer = entries.find((entry) => entry.offer)?.offer;
    if (offer) return offer.id;
    if (Date.now() > deadline) throw new Error('no waitlist offer reached the user');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const providerQuery = (context: DemoContext, caller: CallerName) =>
  caller === 'superadmin' || caller === 'support' ? { providerId: context.sunriseId } : undefined;

const chatApp = (context: DemoContext) => ({
  name: 'Team chat',
  description: 'Bookings',
  webhookUrl: context.hookUrl,
});

/**
 * A meaningful request for each operation that needs one, as `caller` would make it: ids the
 * demo system holds, a fresh thing where the call uses one up. Operations not here are sent with
 * a body or query generated from their schema (`generatedRequest`).
 */
export const REQUESTS: Partial<
  Record<OperationId, (context: DemoContext, caller: CallerName) => Promise<DrivenRequest> | DrivenRequest>
> = {
  // Signing in again replaces the session the call carries: each role does it with a fresh one.
  login: async (context, caller) => ({
    json: {
      email: `${caller === 'anonymous' || caller === 'apiKey' ? 'user' : caller}@example.com`,
      password: DEMO_PASSWORD,
    },
    ...(await freshSession(context, caller)),
  }),
  // Signing out ends the session: each role signs out a fresh one of its own.
  logout: (context, caller) => freshSession(context, caller),
  register: () => ({ json: registration() }),
  registerUser: () => ({ json: registration() }),
  registerProvider: () => ({
    json: {
      businessName: 'New Clinic',
      industry: 'Fitness',
      email: `${unique('provider')}@example.com`,
      phone: '9995550197',
      address: '2 New Street, Palakkad',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  }),
  verifyEmail: async (context) => {
    const email = `${unique('verify')}@example.com`;
    const link = await mailedLink(context, email, /https?:\/\/\S+\/api\/auth\/verify\?\S+/, () =>
      context.test.caller().post('/api/auth/register/user', { ...registration(), email }),
    );
    return { query: Object.fromEntries(link.searchParams) };
  },
  // The run's person moves to a new address each time; the link comes to the new one.
  confirmEmailChange: async (context) => {
    const { caller } = await person(context);
    const email = `${unique('moved')}@example.com`;
    const link = await mailedLink(context, email, /https?:\/\/\S+\/api\/auth\/email-change\?\S+/, async () =>
      expectStatus(
        await caller.post('/api/profile/updateprofile', {
          ...profile('Fresh Person', email),
          currentPassword: DEMO_PASSWORD,
        }),
        200,
        'changing the address',
      ),
    );
    return { query: Object.fromEntries(link.searchParams) };
  },
  forgotPassword: () => ({ json: { email: 'user@example.com' } }),
  // A fresh person each time: a reset ends every session of the account.
  resetPassword: async (context) => {
    const email = `${unique('forgot')}@example.com`;
    await context.test.registeredUser({ name: 'Forgetful Person', email, phone: '9995550194' });
    const link = await mailedLink(context, email, /https?:\/\/\S+\/reset-password\?\S+/, () =>
      context.test.caller().post('/api/auth/forgot-password', { email }),
    );
    return {
      json: {
        ...Object.fromEntries(link.searchParams),
        password: `${DEMO_PASSWORD}2`,
        confirmPassword: `${DEMO_PASSWORD}2`,
      },
    };
  },
  updateProfile: async (context, caller) => {
    const me = await context.callers
      .get(caller)
      ?.get<{ user: { name: string; email: string } }>('/api/auth/me');
    return {
      json: profile(me?.body.user?.name ?? 'Asha User', me?.body.user?.email ?? 'user@example.com'),
    };
  },
  // A fresh person deletes their own account; the others ask to delete it (refused).
  deleteAccount: async (context, caller) => {
    const person = await freshUser(context);
    const me = await person.get<{ user: { id: string } }>('/api/auth/me');
    return { json: { id: me.body.user.id }, ...(caller === 'user' ? { token: person.token } : {}) };
  },
  uploadProfilePic: () => ({
    form: { fields: {}, image: { name: 'me.gif', type: 'image/gif', bytes: ASCII_GIF } },
  }),
  // The same password again: a real change, with nothing to undo afterwards.
  updatePassword: () => ({
    json: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  }),
  approveProvider: async (context) => ({ json: { id: await pendingProvider(context) } }),
  rejectProvider: async (context) => ({ json: { id: await pendingProvider(context) } }),

  addService: () => ({ json: { name: unique('Service '), description: 'A check', duration: 20, price: 10 } }),
  editService: async (context) => ({
    json: { id: await freshService(context), data: { name: unique('Service '), duration: 45, price: 5 } },
  }),
  deleteService: async (context) => ({ json: { id: await freshService(context) } }),
  addProvider: () => ({
    form: {
      fields: {
        name: unique('Provider '),
        email: `${unique('place')}@example.com`,
        phone: '9995550196',
        industry: 'Office',
        address: '3 Office Lane, Kochi',
        description: 'Desks by the hour',
        workingHours: JSON.stringify(workingHours),
        services: JSON.stringify([{ name: 'Desk', duration: 60, price: 5 }]),
      },
      image: { name: 'logo.gif', type: 'image/gif', bytes: ASCII_GIF },
    },
  }),
  fetchProviders: () => ({ json: { search: 'Sunrise' } }),
  providerById: (context) => ({ json: { id: context.sunriseId } }),
  setProviderCurrency: () => ({ json: { currency: 'INR' } }),
  updateFavourite: (context) => ({ json: { providerId: context.sunriseId, favorite: true } }),

  addTimeSlot: () => ({
    json: {
      date: dayKeyFromToday('Asia/Kolkata', 20),
      startTime: '14:00',
      endTime: '15:00',
      availableSlots: 2,
      addAsSlot: true,
      serviceIds: ['Follow-up Visit'],
    },
  }),
  serviceByFilter: () => ({ json: { serviceId: 'Follow-up Visit' } }),
  fetchSlot: (context) => ({ json: { providerId: context.sunriseId, serviceId: 'Follow-up Visit' } }),
  setAvailability: () => ({
    json: { workingHours, breaks: [{ startTime: '13:00', endTime: '14:00' }], timezone: 'Asia/Kolkata' },
  }),
  saveTemplate: () => ({
    json: { name: unique('Template '), description: 'Weekdays', workingHours, breaks: [] },
  }),
  duplicateTemplate: (context) => ({ json: { id: context.templateId } }),
  deleteTemplate: async (context) => ({ json: { id: await freshTemplate(context) } }),
  applyTemplate: (context) => ({
    json: {
      id: context.templateId,
      weekStart: mondayAhead(5),
      serviceNames: ['Follow-up Visit'],
    },
  }),
  // The default policy (a generated one could close every booking to its user's moves).
  setBookingPolicy: () => ({ json: DEFAULT_BOOKING_POLICY }),
  // Issue 30: a time slot of the run's own, made longer, or deleted.
  editTimeSlot: async (context) => {
    const { id, form } = await freshTimeSlot(context);
    return { json: { ...form, id, endTime: '07:30', availableSlots: 3 } };
  },
  deleteTimeSlot: async (context) => ({ json: { id: (await freshTimeSlot(context)).id } }),
  addTimeOff: () => ({
    json: {
      from: `${dayKeyFromToday('Asia/Kolkata', 320)}T10:00`,
      to: `${dayKeyFromToday('Asia/Kolkata', 320)}T12:00`,
      reason: 'Training',
    },
  }),
  deleteTimeOff: async (context) => ({ json: { id: await freshTimeOff(context) } }),
  book: (context) => ({ json: bookingOf(context, context.freeSlots, 'Follow-up Visit') }),
  cardBooking: (context) => ({ json: bookingOf(context, context.paidSlots, 'General Consultation') }),
  list: () => ({ json: { filters: { status: 'all' } } }),
  updateStatus: (context) => ({ json: { id: context.appointmentId, status: 'scheduled' } }),
  deleteNotification: async (context, caller) => {
    const mine = await context.callers
      .get(caller)
      ?.get<{ notifications?: { _id: string }[] }>('/api/appointments/getnotification');
    return { json: { _id: mine?.body.notifications?.[0]?._id ?? 'no-such-notification' } };
  },
  paymentSuccess: async (context) => {
    const { order } = await unpaidBooking(context);
    const paid = expectStatus(
      await user(context).post<PaymentResult>('/api/payments/sandbox/pay', { orderId: order!.id }),
      200,
      'paying in the sandbox',
    );
    return { json: paid };
  },
  payAgain: async (context) => ({ json: { appointmentId: (await unpaidBooking(context)).appointment._id } }),
  sandboxCheckout: async (context) => {
    const { checkout } = await unpaidBooking(context);
    const url = new URL((checkout as { url: string }).url, 'http://localhost');
    return { query: Object.fromEntries(url.searchParams) };
  },
  sandboxPay: async (context) => ({ json: { orderId: (await unpaidBooking(context)).order!.id } }),
  providerCalendarFeed: (context, caller) => ({ query: providerQuery(context, caller) }),
  connectProviderCalendar: (context, caller) => ({ json: providerQuery(context, caller) ?? {} }),
  disconnectProviderCalendar: (context, caller) => ({ json: providerQuery(context, caller) ?? {} }),
  // The user's feed, connected anew (an earlier call may have disconnected it).
  calendarFeed: async (context) => {
    const connected = expectStatus(
      await user(context).post<{ url: string }>('/api/calendar/me/connect'),
      200,
      'connecting the calendar feed',
    );
    return { path: new URL(connected.url, 'http://localhost').pathname };
  },
  appointmentCalendar: (context) => ({ path: `/api/appointments/${context.appointmentId}/calendar.ics` }),
  // Each caller cancels a booking of its own making (only the user's answers 200).
  cancelAppointment: async (context) => ({ path: `/api/appointments/${await freeBooking(context)}/cancel` }),
  // Issue 31: a series previewed, booked, and cancelled from its first occurrence on.
  previewSeries: (context) => ({ json: seriesOf(context, false) }),
  bookSeries: (context) => ({ json: seriesOf(context, true) }),
  cancelFollowing: async (context) => {
    const booked = expectStatus(
      await user(context).post<SeriesBookedResponse>('/api/appointments/series', seriesOf(context, true)),
      201,
      'booking a series',
    );
    return { path: `/api/appointments/${booked.bookings[0]!.appointment._id}/cancel-following` };
  },
  // A series of the user's (one occurrence held) moved from its first occurrence on to a free place;
  // the others may not (the user's own series only), so nothing is booked or taken for them.
  rescheduleFollowing: async (context, caller) => {
    if (caller !== 'user')
      return {
        path: `/api/appointments/${context.appointmentId}/reschedule-following`,
        json: { timeslotId: context.freeSlots[0]!.slot._id },
      };
    const booked = expectStatus(
      await user(context).post<SeriesBookedResponse>('/api/appointments/series', seriesOf(context, true)),
      201,
      'booking a series',
    );
    const { timeslotId, index } = bookingOf(context, context.freeSlots, 'Follow-up Visit');
    return {
      path: `/api/appointments/${booked.bookings[0]!.appointment._id}/reschedule-following`,
      json: { timeslotId, ...(index === undefined || index === null ? {} : { index: Number(index) }) },
    };
  },
  // Each caller moves a booking of the user's to the next free place (the user and the clinic may).
  rescheduleAppointment: async (context) => {
    const id = await freeBooking(context);
    const { timeslotId, index } = bookingOf(context, context.freeSlots, 'Follow-up Visit');
    return {
      path: `/api/appointments/${id}/reschedule`,
      json: { timeslotId, ...(index === undefined || index === null ? {} : { index: Number(index) }) },
    };
  },
  // An e-mail's signed links (issue 29): a fresh booking of the user's, its link read from the mail.
  bookingLink: async (context) => {
    const { id, proof } = await mailedBookingLink(context, 'cancel');
    return { path: `/api/appointments/${id}/link`, query: { ...proof, purpose: 'cancel' } };
  },
  cancelByLink: async (context) => {
    const { id, proof } = await mailedBookingLink(context, 'cancel');
    return { path: `/api/appointments/${id}/link/cancel`, json: proof };
  },
  rescheduleByLink: async (context) => {
    const { id, proof } = await mailedBookingLink(context, 'reschedule');
    const { timeslotId, index } = bookingOf(context, context.freeSlots, 'Follow-up Visit');
    return {
      path: `/api/appointments/${id}/link/reschedule`,
      json: {
        ...proof,
        timeslotId,
        ...(index === undefined || index === null ? {} : { index: Number(index) }),
      },
    };
  },
  // The waitlist (issue 31): only the user joins, leaves, claims and declines; others are refused.
  joinWaitlist: async (context, caller) => {
    if (caller !== 'user') return { json: { timeslotId: 'none' } };
    const { timeslotId, index } = await fullPlace(context);
    return { json: { timeslotId, index, serviceName: 'Follow-up Visit' } };
  },
  leaveWaitlist: async (context, caller) => ({
    path: `/api/waitlist/${caller === 'user' ? (await waitingEntry(context)).entryId : 'none'}`,
  }),
  claimOffer: async (context, caller) => ({
    path: `/api/waitlist/offers/${caller === 'user' ? await userOffer(context) : 'none'}/claim`,
  }),
  declineOffer: async (context, caller) => ({
    path: `/api/waitlist/offers/${caller === 'user' ? await userOffer(context) : 'none'}/decline`,
  }),
  integrationSettings: (context, caller) => ({ query: providerQuery(context, caller) }),
  whatsAppMessages: (context, caller) => ({ query: providerQuery(context, caller) }),
  saveChatbotSettings: (context, caller) => ({
    query: providerQuery(context, caller),
    json: {
      enabled: true,
      model: 'gpt-4o-mini',
      temperature: 0.5,
      maxTokens: 512,
      templates: { greeting: 'Hello', farewell: 'Bye', booking: 'Booked', fallback: 'Sorry' },
    },
  }),
  saveWhatsAppSettings: (context, caller) => ({
    query: providerQuery(context, caller),
    json: {
      enabled: false,
      connectedNumber: '+919995550100',
      phoneNumberId: '123456',
      accessToken: '',
      templates: [{ name: 'reminder', language: 'en', status: 'approved', body: 'See you {{1}}' }],
    },
  }),
  connectChatApp: (context, caller) => ({ query: providerQuery(context, caller), json: chatApp(context) }),
  configureChatApp: (context, caller) => ({
    query: providerQuery(context, caller),
    json: { ...chatApp(context), name: 'Team chat 2' },
  }),
  disconnectChatApp: (context, caller) => ({ query: providerQuery(context, caller) }),
  chat: (context) => ({
    json: { message: 'What are your opening hours?', context: { providerId: context.sunriseId } },
  }),
  createApiKey: () => ({ json: { name: unique('key '), scopes: ['appointments:read'] } }),
  revokeApiKey: async (context) => ({
    path: `/api/integrations/apikeys/${(await freshKey(context)).apiKey.id}`,
  }),
  listWebhooks: (context, caller) => ({ query: providerQuery(context, caller) }),
  createWebhook: (context, caller) => ({
    json: {
      name: unique('hook '),
      url: context.hookUrl,
      eventTypes: ['appointment.booked', 'payment.confirmed'],
      ...providerQuery(context, caller),
    },
  }),
  editWebhook: (context) => ({
    path: `/api/integrations/webhooks/${context.webhookId}`,
    json: { name: 'Renamed hook', url: context.hookUrl, eventTypes: ['appointment.booked'] },
  }),
  deleteWebhook: async (context) => ({ path: `/api/integrations/webhooks/${await freshWebhook(context)}` }),
  rotateWebhookSecret: (context) => ({
    path: `/api/integrations/webhooks/${context.webhookId}/rotate-secret`,
  }),
  webhookDeliveries: (context) => ({ path: `/api/integrations/webhooks/${context.webhookId}/deliveries` }),
  redeliverWebhook: (context) => ({
    path: `/api/integrations/webhooks/${context.webhookId}/deliveries/${context.deliveryId ?? 'no-such-delivery'}/redeliver`,
  }),
  providerHistory: (context) => ({
    path: `/api/providers/${context.sunriseId}/history`,
    query: { limit: '20' },
  }),
  providerHistoryExport: (context, caller) => ({
    path: `/api/providers/${context.sunriseId}/history/export`,
    // Both of its content types, one caller each.
    query: { format: caller === 'superadmin' ? 'csv' : 'ndjson' },
  }),
  providerHistoryState: (context) => ({
    path: `/api/providers/${context.sunriseId}/history/state`,
    query: { at: new Date(testNow()).toISOString() },
  }),
};

/** A whole profile form. */
const profile = (name: string, email: string) => ({
  name,
  email,
  phone: '9995550102',
  timezone: 'America/Chicago',
  language: 'en',
  notificationPreferences: { email: true, sms: false, whatsapp: false },
});

/** A new user's registration. */
const registration = () => ({
  name: 'New Person',
  email: `${unique('new')}@example.com`,
  phone: '9995550195',
  password: DEMO_PASSWORD,
  confirmPassword: DEMO_PASSWORD,
});

/** The Monday of the week `weeks` weeks from now (Asia/Kolkata, Sunrise's zone). */
const mondayAhead = (weeks: number): string => {
  const day = dayKeyFromToday('Asia/Kolkata', weeks * 7);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

/** A value the zod schema accepts, drawn from its JSON Schema with the demo's ids (a fixed seed). */
const generatedValue = (schema: NonNullable<ApiOperation['body']>, known: Knowledge): unknown => {
  const samples = fc.sample(validOf(jsonSchemaOf(schema) as JsonSchema, known), { numRuns: 100, seed: 27 });
  return samples.find((value) => schema.safeParse(value).success) ?? samples[0];
};

/** The request for an operation without one of its own: its body or query from its schema. */
export const generatedRequest = (operation: ApiOperation, known: Knowledge): DrivenRequest => {
  const request: DrivenRequest = {};
  if (operation.body) request.json = generatedValue(operation.body, known);
  else if (operation.form) {
    const fields = operation.form.fields ? generatedValue(operation.form.fields, known) : {};
    request.form = {
      fields: Object.fromEntries(
        Object.entries(fields as Record<string, unknown>).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ),
      image: { name: 'picture.gif', type: 'image/gif', bytes: ASCII_GIF },
    };
  }
  if (operation.query) {
    const value = generatedValue(operation.query, known) as Record<string, unknown>;
    request.query = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, String(field)]));
  }
  return request;
};

/** The request of an operation for a caller. */
export const requestFor = async (
  id: OperationId,
  context: DemoContext,
  caller: CallerName,
): Promise<DrivenRequest> => {
  const build = REQUESTS[id];
  return build ? build(context, caller) : generatedRequest(API_OPERATIONS[id], context.known);
};
