import { randomUUID } from 'node:crypto';
import { addDays, format, parseISO } from 'date-fns';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS } from '@appointment/contracts/catalogue';
import type { Clock } from '@appointment/contracts/clock';
import { PAYMENT_PATHS } from '@appointment/contracts/payments';
import { SCHEDULE_PATHS, dayKeyIn, timeOfDayIn, type TimeSlot } from '@appointment/contracts/schedule';
import { WAITLIST_PATHS, type WaitlistEntry } from '@appointment/contracts/waitlist';

/**
 * The steady booking load of the kill soak: people who register, book free and paid services at
 * the demo's Sunrise Clinic and pay through the sandbox checkout, and the clinic's admin who
 * schedules, completes and cancels bookings that wait for the clinic. Every booking lands in a
 * time slot chosen so that its reminders fall due during the run, or soon after, or days later.
 * What was done, and what the product answered, goes in a `Ledger` the checks read.
 */

export const SERVICES = {
  /** Free, booked straight away: scheduled at once, so its reminder jobs are set at once. */
  quick: { name: 'Soak Quick', duration: 2, price: 0, automaticBooking: true, allowRecurring: true },
  /** Paid: pending until paid, then scheduled; left unpaid, cancelled by the unpaid timeout. */
  paid: { name: 'Soak Paid', duration: 2, price: 20, automaticBooking: true },
  /** Free, decided by the clinic's admin: scheduled, completed or cancelled. */
  manual: { name: 'Soak Manual', duration: 2, price: 0, automaticBooking: false },
} as const;
type ServiceKind = keyof typeof SERVICES;

const PROVIDER_ZONE = 'Asia/Kolkata';
const TIME_SLOT_MINUTES = 2;
/** The soak's time slots begin this long after the run's start (the demo's are 09:00–12:00). */
const FIRST_TIME_SLOT_AFTER_MIN = 40;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface Ledger {
  bookings: Map<string, { kind: ServiceKind; userId: string }>;
  /** Appointments whose payment the product accepted (paymentsuccess answered 202). */
  paid: Set<string>;
  /** Paid bookings their user then cancelled (issue 29): each has its refund requested. */
  cancelledPaid: Set<string>;
  /** Paid bookings the load never paid: the unpaid timeout is theirs. */
  leftUnpaid: Map<string, { bookedAt: number }>;
  statusChanges: number;
  /** Waitlist offers claimed or declined by their waiters (issue 31). */
  offersClaimed: number;
  offersDeclined: number;
  /** Recurring series the product answered as booked (issue 31), by id: how many occurrences. */
  series: Map<string, number>;
  registrations: number;
  /** Bookings refused with 409 (a full time slot): part of the load, not a fault. */
  conflicts: number;
  requests: number;
  /** Answers that were neither success nor an expected refusal, by "route status". */
  failures: Map<string, number>;
}

export const newLedger = (): Ledger => ({
  bookings: new Map(),
  paid: new Set(),
  cancelledPaid: new Set(),
  leftUnpaid: new Map(),
  statusChanges: 0,
  offersClaimed: 0,
  offersDeclined: 0,
  series: new Map(),
  registrations: 0,
  conflicts: 0,
  requests: 0,
  failures: new Map(),
});

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

class Http {
  constructor(
    private readonly base: string,
    private readonly ledger: Ledger,
  ) {}

  async call(
    method: string,
    route: string,
    token: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    this.ledger.requests++;
    const response = await fetch(`${this.base}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  }

  /**
   * A call a client repeats until it is answered: on a network error or a 5xx it tries again,
   * as a browser's retry would (the same idempotency key, where there is one). Statuses in
   * `accepted` end it; any other answer is recorded as a failure and returned.
   */
  async retried(
    route: string,
    token: string | undefined,
    body: unknown,
    accepted: number[],
    headers: Record<string, string> = {},
  ): Promise<Reply | undefined> {
    for (let attempt = 1; attempt <= 8; attempt++) {
      let reply: Reply | undefined;
      try {
        reply = await this.call('POST', route, token, body, headers);
      } catch (error) {
        this.fail(route, (error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
      }
      if (reply && accepted.includes(reply.status)) return reply;
      if (reply) this.fail(route, String(reply.status));
      if (reply && reply.status < 500) return reply;
      await sleep(250 * attempt);
    }
    return undefined;
  }

  private fail(route: string, what: string): void {
    const key = `${route.split('?')[0]} ${what}`;
    this.ledger.failures.set(key, (this.ledger.failures.get(key) ?? 0) + 1);
  }
}

interface Person {
  userId: string;
  token: string;
}

interface SoakTimeSlot {
  id: string;
  date: string;
  startsAt: number;
}

export interface SoakWorld {
  providerId: string;
  adminToken: string;
  adminId: string;
  people: Person[];
  timeSlots: SoakTimeSlot[];
  /** Time slots of one place each, for the waitlist's turns (issue 31), the fourth day on. */
  waitlistSlots: SoakTimeSlot[];
}

/** How many days running the load's recurring series book (the time slots repeat for three). */
const SERIES_OCCURRENCES = 3;

/** How many one-place time slots the waitlist's turns use, one turn each. */
const WAITLIST_SLOTS = 60;

export interface LoadOptions {
  base: string;
  clock: Clock;
  /** How long the run may last: time slots are made for that long. */
  expectedMinutes: number;
  people: number;
  ledger: Ledger;
  /** A tag that keeps this run's e-mail addresses apart from any other's. */
  tag: string;
  progress?: (message: string) => void;
  /**
   * Opens the confirmation link of a new account's address, as its owner would, and
   * resolves once the account may book.
   */
  confirmAddress: (userId: string) => Promise<void>;
}

const registerAndSignIn = async (
  http: Http,
  ledger: Ledger,
  tag: string,
  n: number,
  confirmAddress: LoadOptions['confirmAddress'],
) => {
  const email = `soak-${tag}-${n}@example.com`;
  const registered = await http.retried(
    '/api/auth/register',
    undefined,
    {
      name: `Soak Person ${n}`,
      email,
      phone: `98${String(n).padStart(8, '0')}`,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
    // A repeat after a lost answer finds the account made: 409.
    [201, 409],
  );
  if (!registered || ![201, 409].includes(registered.status)) return undefined;
  if (registered.status === 201) ledger.registrations++;
  const login = await http.retried(
    '/api/auth/login?token=true',
    undefined,
    { email, password: DEMO_PASSWORD },
    [200],
  );
  if (login?.status !== 200) return undefined;
  const userId = String((login.body.user as { id: string }).id);
  await confirmAddress(userId);
  return { userId, token: String(login.body.token) };
};

/**
 * The clinic's services and time slots for the run: 2-minute time slots (a block of 500 places each)
 * from 40 minutes after the run's start, on its day and the two days after, so that bookings can
 * start about an hour from now (the 1-hour reminder is due during the run), about a day from now
 * (the 24-hour one is) or later (both wait).
 */
export const prepareWorld = async (options: LoadOptions): Promise<SoakWorld> => {
  const { base, clock, ledger } = options;
  const http = new Http(base, ledger);
  const admin = await http.retried(
    '/api/auth/login?token=true',
    undefined,
    {
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
    },
    [200],
  );
  if (admin?.status !== 200) throw new Error(`the demo admin cannot sign in: ${JSON.stringify(admin?.body)}`);
  const adminToken = String(admin.body.token);
  const adminId = String((admin.body.user as { id: string }).id);
  for (const service of Object.values(SERVICES)) {
    const added = await http.retried(
      CATALOGUE_PATHS.addService,
      adminToken,
      { ...service, description: 'Booked by the kill soak.' },
      [200, 201],
    );
    if (!added || added.status >= 300)
      throw new Error(`adding ${service.name}: ${JSON.stringify(added?.body)}`);
  }
  const providers = await http.retried(
    CATALOGUE_PATHS.fetchProviders,
    adminToken,
    { search: 'Sunrise' },
    [200],
  );
  const providerId = String((providers!.body.providers as { id: string }[])[0]!.id);

  const first = clock().getTime() + FIRST_TIME_SLOT_AFTER_MIN * MINUTE;
  const firstStart = Math.ceil(first / (TIME_SLOT_MINUTES * MINUTE)) * TIME_SLOT_MINUTES * MINUTE;
  const count = Math.ceil((options.expectedMinutes + 40) / TIME_SLOT_MINUTES);
  /**
   * A 2-minute block of the clinic's starting at `start`, with `more` of the form (places, repeat,
   * services); none when it would cross the clinic's midnight (a time slot stays inside one day).
   */
  const addTimeSlot = async (
    start: Date,
    more: Record<string, unknown>,
    key: string,
  ): Promise<SoakTimeSlot[] | undefined> => {
    const end = new Date(start.getTime() + TIME_SLOT_MINUTES * MINUTE);
    const date = dayKeyIn(start, PROVIDER_ZONE);
    if (dayKeyIn(end, PROVIDER_ZONE) !== date || timeOfDayIn(end, PROVIDER_ZONE) === '00:00')
      return undefined;
    const added = await http.retried(
      SCHEDULE_PATHS.addTimeSlot,
      adminToken,
      {
        date,
        startTime: timeOfDayIn(start, PROVIDER_ZONE),
        endTime: timeOfDayIn(end, PROVIDER_ZONE),
        addTotalSlot: true,
        ...more,
        ...(more.repeat ? { repeatUntil: format(addDays(parseISO(date), 2), 'yyyy-MM-dd') } : {}),
      },
      [201],
      { 'idempotency-key': key },
    );
    if (added?.status !== 201) throw new Error(`adding a time slot: ${JSON.stringify(added?.body)}`);
    return (added.body.timeslots as TimeSlot[]).map((slot) => ({
      id: slot._id,
      date: slot.date,
      startsAt: Date.parse(slot.startDateTime),
    }));
  };
  const timeSlots: SoakTimeSlot[] = [];
  for (let k = 0; k < count; k++) {
    const added = await addTimeSlot(
      new Date(firstStart + k * TIME_SLOT_MINUTES * MINUTE),
      {
        totalSlots: 500,
        repeat: 'daily',
        serviceIds: Object.values(SERVICES).map((service) => service.name),
      },
      `soak-time-slot-${k}`,
    );
    if (!added) break;
    timeSlots.push(...added);
    if (k % 10 === 9) options.progress?.(`  ${timeSlots.length} time slots`);
  }
  // One place each, three days after the first (the others repeat for two): a booking, two waiters.
  const waitlistSlots: SoakTimeSlot[] = [];
  for (let k = 0; k < WAITLIST_SLOTS; k++) {
    const added = await addTimeSlot(
      new Date(firstStart + 3 * 24 * HOUR + k * TIME_SLOT_MINUTES * MINUTE),
      { totalSlots: 1, serviceIds: [SERVICES.quick.name] },
      `soak-waitlist-slot-${k}`,
    );
    if (!added) break;
    waitlistSlots.push(...added);
  }
  const people: Person[] = [];
  for (let n = 0; n < options.people; n++) {
    const person = await registerAndSignIn(http, ledger, options.tag, n, options.confirmAddress);
    if (!person) throw new Error(`person ${n} could not register and sign in`);
    people.push(person);
  }
  return { providerId, adminToken, adminId, people, timeSlots, waitlistSlots };
};

/** A time slot for a booking made now: its reminders due during the run, a day from now, or later. */
const timeSlotFor = (world: SoakWorld, now: number): SoakTimeSlot | undefined => {
  const band = Math.random();
  const within = (from: number, to: number) =>
    world.timeSlots.filter((slot) => slot.startsAt >= now + from && slot.startsAt <= now + to);
  const candidates =
    band < 0.4
      ? // Starts in 50–64 minutes: the 1-hour reminder is due now (sent, or suppressed when late)
        // or during the next few minutes; the 24-hour one is long past (suppressed).
        within(50 * MINUTE, 64 * MINUTE)
      : band < 0.65
        ? // About a day from now: the 24-hour reminder is due now or in a few minutes.
          within(24 * HOUR - 8 * MINUTE, 24 * HOUR + 4 * MINUTE)
        : within(65 * MINUTE, 60 * HOUR);
  return candidates.length > 0 ? pick(candidates) : pick(within(50 * MINUTE, 60 * HOUR));
};

export interface RunningLoad {
  stop(): Promise<void>;
}

/** Starts the load; it runs until `stop`, which waits for every operation under way. */
export const startLoad = (world: SoakWorld, options: LoadOptions): RunningLoad => {
  const { base, clock, ledger } = options;
  const http = new Http(base, ledger);
  let running = true;
  const manualQueue: string[] = [];
  const later: string[] = [];

  const book = async (person: Person, kind: ServiceKind): Promise<void> => {
    const timeSlot = timeSlotFor(world, clock().getTime());
    if (!timeSlot) return;
    const booked = await http.retried(
      APPOINTMENT_PATHS.book,
      person.token,
      {
        servicename: SERVICES[kind].name,
        providerId: world.providerId,
        timeslotId: timeSlot.id,
        date: timeSlot.date,
      },
      [201, 409],
      { 'idempotency-key': randomUUID() },
    );
    if (!booked) return;
    if (booked.status === 409) {
      ledger.conflicts++;
      return;
    }
    if (booked.status !== 201) return;
    const appointment = booked.body.appointment as { _id: string };
    ledger.bookings.set(appointment._id, { kind, userId: person.userId });
    if (kind === 'manual') manualQueue.push(appointment._id);
    if (kind !== 'paid') return;
    const order = booked.body.order as { id: string } | undefined;
    if (!order) return;
    if (Math.random() < 0.15) {
      ledger.leftUnpaid.set(appointment._id, { bookedAt: Date.now() });
      return;
    }
    // The sandbox checkout's Pay button, then the call the app makes on payment success.
    const payment = await http.retried(PAYMENT_PATHS.sandboxPay, person.token, { orderId: order.id }, [200]);
    if (payment?.status !== 200) return;
    const success = await http.retried(PAYMENT_PATHS.paymentSuccess, person.token, payment.body, [202]);
    if (success?.status !== 202) return;
    ledger.paid.add(appointment._id);
    if (Math.random() >= 0.3) return;
    // Paid, then cancelled by its user (issue 29): refunded once, whether the payment's
    // confirmation (a job) came before the cancellation or after it.
    await sleep(Math.random() * 400);
    const cancelled = await http.retried(
      APPOINTMENT_PATHS.cancel.replace(':id', appointment._id),
      person.token,
      {},
      [200],
    );
    if (cancelled?.status === 200) ledger.cancelledPaid.add(appointment._id);
  };

  const person = async (me: Person): Promise<void> => {
    while (running) {
      const roll = Math.random();
      await book(me, roll < 0.4 ? 'quick' : roll < 0.75 ? 'paid' : 'manual').catch(() => undefined);
      await sleep(100 + Math.random() * 300);
    }
  };

  const changeStatus = async (id: string, status: string): Promise<void> => {
    const changed = await http.retried(
      APPOINTMENT_PATHS.updateStatus,
      world.adminToken,
      { id, status },
      [200, 409],
    );
    if (changed?.status === 200) ledger.statusChanges++;
  };

  const admin = async (): Promise<void> => {
    while (running) {
      const fromLater = later.length > 3 && Math.random() < 0.3;
      const id = fromLater ? later.shift() : manualQueue.shift();
      if (!id) {
        await sleep(200);
        continue;
      }
      const roll = Math.random();
      if (fromLater || roll >= 0.85) await changeStatus(id, 'cancelled').catch(() => undefined);
      else if (roll < 0.55) await changeStatus(id, 'scheduled').catch(() => undefined);
      else if (roll < 0.7) {
        // Scheduled now, cancelled a while later: the reminder jobs set for it must stand down.
        await changeStatus(id, 'scheduled').catch(() => undefined);
        later.push(id);
      } else await changeStatus(id, 'completed').catch(() => undefined);
      await sleep(150 + Math.random() * 200);
    }
  };

  /** Newcomers keep arriving: each registration is an e-mail, and each newcomer books once. */
  const newcomers = async (): Promise<void> => {
    for (let n = options.people; running; n++) {
      const newcomer = await registerAndSignIn(http, ledger, options.tag, n, options.confirmAddress).catch(
        () => undefined,
      );
      if (newcomer) await book(newcomer, 'quick').catch(() => undefined);
      await sleep(1500 + Math.random() * 1500);
    }
  };

  /**
   * The waitlist's turns (issue 31), one time slot of one place each: someone books it, two others
   * join its waitlist, the booking is cancelled; the first waiter is offered the place and claims
   * it, or declines it and the second one is offered it and claims it. Every offer is an event the
   * checks expect to be told and mailed to its waiter exactly once, whatever was killed meanwhile.
   */
  const waitlists = async (): Promise<void> => {
    for (const slot of world.waitlistSlots) {
      if (!running || world.people.length < 3) return;
      const [booker, first, second] = [...world.people].sort(() => Math.random() - 0.5);
      await waitlistTurn(slot, booker!, first!, second!).catch(() => undefined);
      await sleep(500 + Math.random() * 500);
    }
  };

  /** The waiter's offer of `slot`, once their list shows it (read-your-writes), or none. */
  const offerOf = async (waiter: Person, slot: SoakTimeSlot): Promise<string | undefined> => {
    for (let attempt = 0; attempt < 40 && running; attempt++) {
      const listed = await http.call('GET', WAITLIST_PATHS.waitlist, waiter.token).catch(() => undefined);
      const entry = (listed?.body.entries as WaitlistEntry[] | undefined)?.find(
        (e) => e.timeslotId === slot.id && e.status === 'offered',
      );
      if (entry?.offer) return entry.offer.id;
      await sleep(250);
    }
    return undefined;
  };

  const claim = async (waiter: Person, offerId: string): Promise<void> => {
    const claimed = await http.retried(
      WAITLIST_PATHS.claim.replace(':id', offerId),
      waiter.token,
      {},
      [200, 201],
    );
    if (!claimed || claimed.status >= 300) return;
    const appointment = claimed.body.appointment as { _id: string };
    ledger.bookings.set(appointment._id, { kind: 'quick', userId: waiter.userId });
    ledger.offersClaimed++;
  };

  const waitlistTurn = async (slot: SoakTimeSlot, booker: Person, first: Person, second: Person) => {
    const booked = await http.retried(
      APPOINTMENT_PATHS.book,
      booker.token,
      {
        servicename: SERVICES.quick.name,
        providerId: world.providerId,
        timeslotId: slot.id,
        date: slot.date,
      },
      [201],
      { 'idempotency-key': `soak-waitlist-${slot.id}` },
    );
    if (booked?.status !== 201) return;
    const appointmentId = (booked.body.appointment as { _id: string })._id;
    ledger.bookings.set(appointmentId, { kind: 'quick', userId: booker.userId });
    for (const waiter of [first, second]) {
      // A repeat after a lost answer finds the person in the line already.
      const joined = await http.retried(
        WAITLIST_PATHS.waitlist,
        waiter.token,
        { timeslotId: slot.id },
        [201, 409, 422],
      );
      if (!joined || joined.status >= 300) return;
    }
    const cancelled = await http.retried(
      APPOINTMENT_PATHS.cancel.replace(':id', appointmentId),
      booker.token,
      {},
      [200],
    );
    if (cancelled?.status !== 200) return;
    const offered = await offerOf(first, slot);
    if (!offered) return;
    if (Math.random() < 0.6) {
      await claim(first, offered);
      return;
    }
    const declined = await http.retried(
      WAITLIST_PATHS.decline.replace(':id', offered),
      first.token,
      {},
      [200, 204, 422],
    );
    if (declined?.status === 200 || declined?.status === 204) ledger.offersDeclined++;
    const next = await offerOf(second, slot);
    if (next) await claim(second, next);
  };

  /**
   * Recurring series (issue 31): now and then someone books three days running at one time of
   * day, retried with its Idempotency-Key through the kills. The checks expect every series the
   * log holds to be whole, each occurrence once, whatever was killed meanwhile.
   */
  const series = async (): Promise<void> => {
    const firstDay = world.timeSlots[0]?.date;
    while (running) {
      await sleep(1500 + Math.random() * 1500);
      const now = clock().getTime();
      const starts = world.timeSlots.filter(
        (slot) => slot.date === firstDay && slot.startsAt >= now + 65 * MINUTE,
      );
      if (starts.length === 0 || world.people.length === 0) return;
      const slot = pick(starts);
      const booked = await http
        .retried(
          APPOINTMENT_PATHS.series,
          pick(world.people).token,
          {
            servicename: SERVICES.quick.name,
            providerId: world.providerId,
            timeslotId: slot.id,
            date: slot.date,
            every: 1,
            unit: 'days',
            count: SERIES_OCCURRENCES,
          },
          [201, 409, 422],
          { 'idempotency-key': randomUUID() },
        )
        .catch(() => undefined);
      if (booked?.status === 201) ledger.series.set(String(booked.body.seriesId), SERIES_OCCURRENCES);
    }
  };

  const loops = [...world.people.map(person), admin(), newcomers(), waitlists(), series()];
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
};
