import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import type {
  Appointment,
  AppointmentCounts,
  AppointmentStatus,
  BookingForm,
  DashboardDetails,
} from '@appointment/contracts/appointments';
import type { Provider } from '@appointment/contracts/catalogue';
import type { LogPosition } from '@appointment/contracts/events';
import type { CheckoutInfo, PaymentResult } from '@appointment/contracts/payments';
import { MESSAGES } from '@appointment/contracts/messages';
import { FALLBACK_CURRENCY, toMinorUnits } from '@appointment/contracts/money';
import { timeOfDayIn } from '@appointment/contracts/schedule';
import { asTimeSlotEvent, type IntervalBookedData } from '@appointment/contracts/events/time-slot';
import type { Actor } from '../accounts/accounts.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import {
  commandMetadata,
  handleCommand,
  loadState,
  StreamCache,
  type HandleOptions,
} from '../domain/command-handler';
import {
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../domain/errors';
import {
  providerDecider,
  providerStream,
  type Provider as ProviderState,
} from '../domain/providers/provider.decider';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
  type TimeSlotState,
} from '../domain/schedule/time-slot.decider';
import type { EventStore } from '../eventstore/event-store';
import { QUEUE_NAMES, type JobQueues } from '../jobs/job-queues';
import type { Order, PaymentGateway } from '../payments/payment-gateway';

export interface AppointmentsDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: (position: LogPosition) => Promise<unknown>;
  payments: PaymentGateway;
  /** Payment confirmation and the unpaid-booking timeout run here (BullMQ). */
  jobs?: JobQueues;
  paymentTimeoutMs: number;
  /** Upcoming active appointments one account may hold (issue 16: no hoarding); 0: no limit. */
  bookingLimit?: number;
  now?: () => Date;
  /**
   * Keep providers' states in memory between bookings. Only for a process whose projector calls
   * `providersChanged` after every batch: that is what drops a changed provider.
   */
  keepProviders?: boolean;
  /**
   * The booker's next read may reach another process (several API processes): a booking then
   * answers only once the read model holds it, as every other command does.
   */
  answerAfterReadModel?: boolean;
}

export interface Booked {
  appointment: Appointment;
  order?: Order;
  checkout?: CheckoutInfo;
}

export interface PaymentJob {
  appointmentId: string;
  orderId: string;
  paymentId: string;
  signature: string;
}

interface AppointmentRow {
  id: string;
  user_id: string;
  email: string;
  username: string;
  provider_id: string;
  provider_name: string;
  service_name: string;
  timeslot_id: string;
  idx: number | null;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  status: AppointmentStatus;
  payment_needed: boolean;
  paid: boolean;
  amount: string;
  currency: string;
  note: string | null;
  image_url: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, user_id, email, username, provider_id, provider_name, service_name, timeslot_id, idx,
  date::text AS date, start_time, end_time, starts_at, ends_at, timezone, status, payment_needed, paid, amount, currency,
  note, image_url, created_at, updated_at`;

const toAppointment = (row: AppointmentRow): Appointment => ({
  _id: row.id,
  userId: row.user_id,
  email: row.email,
  username: row.username,
  providerId: row.provider_id,
  providerName: row.provider_name,
  serviceName: row.service_name,
  timeslotId: row.timeslot_id,
  index: row.idx,
  date: row.date,
  starttime: row.start_time,
  startTime: row.start_time,
  endtime: row.end_time,
  endTime: row.end_time,
  startDateTime: row.starts_at.toISOString(),
  endDateTime: row.ends_at.toISOString(),
  timezone: row.timezone,
  status: row.status,
  paymentNeeded: row.payment_needed,
  paid: row.paid,
  amount: Number(row.amount),
  currency: row.currency,
  ...(row.note ? { note: row.note } : {}),
  ...(row.image_url ? { imageUrl: row.image_url } : {}),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** An appointment as its booking event records it, before anything else happens to it. */
const appointmentOf = (d: IntervalBookedData): Appointment => {
  const startTime = timeOfDayIn(new Date(d.startDateTime), d.timezone);
  const endTime = timeOfDayIn(new Date(d.endDateTime), d.timezone);
  return {
    _id: d.appointmentId,
    userId: d.userId,
    email: d.email,
    username: d.username,
    providerId: d.providerId,
    providerName: d.providerName,
    serviceName: d.serviceName,
    timeslotId: d.timeSlotId,
    index: d.index,
    date: d.date,
    starttime: startTime,
    startTime,
    endtime: endTime,
    endTime,
    startDateTime: new Date(d.startDateTime).toISOString(),
    endDateTime: new Date(d.endDateTime).toISOString(),
    timezone: d.timezone,
    status: d.status,
    paymentNeeded: d.paymentNeeded,
    paid: false,
    amount: d.amount,
    currency: d.currency ?? FALLBACK_CURRENCY,
    ...(d.note ? { note: d.note } : {}),
    ...(d.imageUrl ? { imageUrl: d.imageUrl } : {}),
    createdAt: new Date(d.at).toISOString(),
    updatedAt: new Date(d.at).toISOString(),
  };
};

/** The longest a provider's state is kept, even when no change is heard of. */
const PROVIDER_KEPT_MS = 60_000;

const APPOINTMENT_NAMESPACE = '8d7f1c2a-3b4e-4f5a-9c6d-7e8f9a0b1c2d';
/** Bookings of one window race on its stream; each lost race is decided again, a bounded number of times. */
const BOOKING_RETRIES = 60;

/** The appointments area: booking an interval, status changes, lists and counts. */
export class AppointmentsService {
  private readonly now: () => Date;
  /** Windows this process booked on lately: a booking usually decides without reading. */
  private readonly timeSlots = new StreamCache<TimeSlotState>();
  /** How every command on a window is handled: lost races decided again, then 409. */
  private readonly onWindow: HandleOptions<TimeSlotState> = {
    maxRetries: BOOKING_RETRIES,
    conflictMessage: MESSAGES.slotJustBooked,
    cache: this.timeSlots,
  };
  private readonly providers = new Map<string, { state: ProviderState; until: number }>();
  /** Where each person's last booking sits in the log, until the read model has passed it. */
  private readonly written = new Map<string, LogPosition>();
  /** The last booking answered without waiting, whoever made it. */
  private lastWritten?: LogPosition;
  /** Bumped by every change, so a read that overlapped one is not kept. */
  private providerChanges = 0;

  constructor(private readonly deps: AppointmentsDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  private wrote(actor: Actor, position: LogPosition): void {
    if (this.written.size >= 100_000) this.written.clear();
    this.written.set(actor.userId, position);
    this.lastWritten = position;
  }

  /**
   * Read your writes without making the write wait: a person's reads of appointments wait for
   * the read model to hold their last booking (at once, nearly always).
   */
  private async caughtUp(actor: Actor): Promise<void> {
    const position = this.written.get(actor.userId);
    if (!position) return;
    await this.deps.waitFor(position);
    if (this.written.get(actor.userId) === position) this.written.delete(actor.userId);
  }

  /** Drops kept providers whose streams have new events (the projector calls this per batch). */
  providersChanged(events: readonly { streamName: string }[]): void {
    for (const event of events) {
      if (!event.streamName.startsWith('provider-')) continue;
      this.providers.delete(event.streamName);
      this.providerChanges++;
    }
  }

  private async provider(providerId: string): Promise<ProviderState> {
    const stream = providerStream(providerId);
    const kept = this.providers.get(stream);
    if (kept && kept.until > Date.now()) return kept.state;
    const changes = this.providerChanges;
    const state = await loadState(this.deps.store, stream, providerDecider);
    if (this.deps.keepProviders && changes === this.providerChanges) {
      if (this.providers.size >= 10_000) this.providers.clear();
      // Read again now and then all the same, should the projector ever stop telling.
      this.providers.set(stream, { state, until: Date.now() + PROVIDER_KEPT_MS });
    }
    return state;
  }

  /** The window a booking names: by id, or by provider, date and start time. */
  private async windowFor(form: BookingForm): Promise<string> {
    if (form.timeslotId) return form.timeslotId;
    const start = form.starttime ?? '';
    const instant = Date.parse(start);
    const { rows } = await this.deps.pool.query<{ id: string }>(
      `SELECT id FROM rm_schedule.time_slots
        WHERE provider_id = $1 AND date = $2::date AND $3 = ANY(service_ids)
          AND (CASE WHEN $4::timestamptz IS NOT NULL THEN starts_at <= $4::timestamptz AND $4::timestamptz < ends_at
                    ELSE start_time <= $5 AND $5 < end_time END)
        ORDER BY starts_at LIMIT 1`,
      [
        form.providerId,
        form.date.slice(0, 10),
        form.servicename,
        Number.isNaN(instant) || !start.includes('T') ? null : new Date(instant).toISOString(),
        start.slice(0, 5),
      ],
    );
    if (!rows[0]) throw new NotFoundError(MESSAGES.slotNotFound);
    return rows[0].id;
  }

  /**
   * SPEC §7.3 bookappointment. The interval is taken by one append to the window's stream with
   * its expected revision: of any number of racing requests exactly one wins an interval, the
   * others get 409. The same idempotency key books once. Price and flags come from the
   * provider's service, never from the form.
   */
  async book(actor: Actor, form: BookingForm, imageUrl?: string, idempotencyKey?: string): Promise<Booked> {
    const provider = await this.provider(form.providerId);
    if (provider.status !== 'active') throw new NotFoundError(MESSAGES.providerNotFound);
    const service = provider.services.find(
      (s) => s.name.toLowerCase() === form.servicename.trim().toLowerCase(),
    );
    if (!service) {
      throw new ValidationError(MESSAGES.serviceNotFound, [
        { field: 'servicename', message: MESSAGES.serviceNotFound },
      ]);
    }
    // Production without a card provider: a paid booking would hold a slot nobody can pay for.
    if (service.isPaymentNeeded && this.deps.payments.name === 'none')
      throw new ServiceUnavailableError(MESSAGES.paymentsUnavailable);
    await this.withinBookingLimit(actor);
    const user =
      actor.email !== undefined && actor.name !== undefined
        ? { email: actor.email, name: actor.name }
        : (
            await this.deps.pool.query<{ email: string; name: string }>(
              'SELECT email, name FROM rm_accounts.users WHERE id = $1',
              [actor.userId],
            )
          ).rows[0];
    if (!user) throw new NotFoundError(MESSAGES.userNotFound);
    const timeSlotId = await this.windowFor(form);
    const appointmentId = idempotencyKey
      ? uuidv5(`${actor.userId}\u0000${idempotencyKey}`, APPOINTMENT_NAMESPACE)
      : randomUUID();
    const result = await handleCommand(
      this.deps.store,
      timeSlotStream(timeSlotId),
      timeSlotDecider,
      {
        type: 'BookInterval',
        data: {
          appointmentId,
          providerId: form.providerId,
          userId: actor.userId,
          email: user.email,
          username: user.name,
          providerName: provider.businessName,
          serviceName: service.name,
          index: form.index ?? null,
          paymentNeeded: service.isPaymentNeeded,
          automaticBooking: service.automaticBooking,
          amount: service.price,
          currency: provider.currency,
          ...(form.note ? { note: form.note } : {}),
          ...(imageUrl ? { imageUrl } : {}),
        },
        // A repeated request finds its first booking's event and waits for it like the first did.
        metadata: commandMetadata(
          this.now(),
          actor,
          idempotencyKey ? { idempotencyKey: `${actor.userId}:${idempotencyKey}` } : {},
        ),
      } satisfies TimeSlotCommand,
      this.onWindow,
    );
    const booked = result.events
      .map((event) => asTimeSlotEvent('IntervalBooked', event))
      .find((event) => event?.data.appointmentId === appointmentId);
    let appointment: Appointment;
    if (booked && !result.repeated && result.position) {
      // Just booked: the answer is the event itself. This person's next reads wait for the
      // read model to hold it (`caughtUp`); nobody waits here.
      appointment = appointmentOf(booked.data);
      this.wrote(actor, result.position);
      if (this.deps.answerAfterReadModel) await this.caughtUp(actor);
    } else {
      if (result.position) await this.deps.waitFor(result.position);
      appointment = await this.appointment(appointmentId);
    }
    if (!appointment.paymentNeeded || appointment.status === 'cancelled') return { appointment };

    // A paid service: an order from the gateway, recorded on the appointment, and a timeout.
    const order = await this.deps.payments.createOrder({
      appointmentId,
      amount: appointment.amount,
      currency: appointment.currency,
      serviceName: service.name,
      serviceDescription: service.description ?? 'No description',
    });
    await this.onTimeSlot(actor, appointment.timeslotId, {
      type: 'RequestPayment',
      data: { appointmentId, orderId: order.id, amount: order.amount, currency: order.currency },
    });
    await this.deps.jobs?.enqueue(
      QUEUE_NAMES.paymentTimeout,
      'expire-unpaid',
      { appointmentId },
      {
        jobId: `timeout-${appointmentId}`,
        delayMs: this.deps.paymentTimeoutMs,
        attempts: 5,
        backoffMs: 1000,
      },
    );
    await this.caughtUp(actor);
    return {
      appointment: await this.appointment(appointmentId),
      order,
      checkout: this.deps.payments.checkout(order),
    };
  }

  /**
   * One account may hold only so many upcoming active appointments (issue 16: one person must
   * not hoard a provider's free slots). Counted on the read model after this person's own last
   * booking is in it; bookings racing each other from one account may pass the limit by their
   * number, which a single person's browser does not reach.
   */
  private async withinBookingLimit(actor: Actor): Promise<void> {
    const limit = this.deps.bookingLimit ?? 0;
    if (limit <= 0) return;
    await this.caughtUp(actor);
    const { rows } = await this.deps.pool.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM (
         SELECT 1 FROM rm_appointments.appointments
          WHERE user_id = $1 AND starts_at > $2 AND status IN ('pending', 'scheduled') LIMIT $3) AS upcoming`,
      [actor.userId, this.now().toISOString(), limit],
    );
    if ((rows[0]?.held ?? 0) >= limit) throw new TooManyRequestsError(MESSAGES.tooManyBookings);
  }

  private async onTimeSlot(
    actor: Actor | undefined,
    timeSlotId: string,
    command: Omit<TimeSlotCommand, 'metadata'>,
  ): Promise<void> {
    const result = await handleCommand(
      this.deps.store,
      timeSlotStream(timeSlotId),
      timeSlotDecider,
      { ...command, metadata: commandMetadata(this.now(), actor) } as TimeSlotCommand,
      this.onWindow,
    );
    if (result.position) await this.deps.waitFor(result.position);
  }

  /**
   * SPEC §4 step 8: the client reports a successful checkout. The result is checked here and
   * the confirmation runs as a job (idempotent, keyed by the order), which records the payment.
   */
  async paymentSucceeded(actor: Actor, result: PaymentResult): Promise<Appointment> {
    await this.caughtUp(actor);
    const { rows } = await this.deps.pool.query<AppointmentRow>(
      `SELECT ${COLUMNS} FROM rm_appointments.appointments WHERE order_id = $1 AND user_id = $2`,
      [result.orderId, actor.userId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(MESSAGES.appointmentNotFound);
    if (!this.deps.payments.verify(result)) throw new ValidationError(MESSAGES.paymentInvalid);
    const job: PaymentJob = { appointmentId: row.id, ...result };
    if (this.deps.jobs) {
      await this.deps.jobs.enqueue(QUEUE_NAMES.paymentConfirmation, 'confirm-payment', job, {
        jobId: `confirm-${result.orderId}`,
        attempts: 5,
        backoffMs: 500,
      });
    } else {
      await this.confirmPayment(job);
    }
    return toAppointment(row);
  }

  /** When an unpaid booking of a paid service stops being held (its unpaid timeout). */
  private payByOf(appointment: Appointment): string | undefined {
    if (!appointment.paymentNeeded || appointment.paid || appointment.status !== 'pending') return undefined;
    return new Date(Date.parse(appointment.createdAt) + this.deps.paymentTimeoutMs).toISOString();
  }

  /**
   * Issue 18: "Pay now". A person's unpaid booking of a paid service gets its order and a
   * checkout again, until its unpaid timeout; then it is no longer held.
   */
  async payAgain(actor: Actor, appointmentId: string): Promise<Required<Booked>> {
    await this.caughtUp(actor);
    const { rows } = await this.deps.pool.query<AppointmentRow & { order_id: string | null }>(
      `SELECT ${COLUMNS}, order_id FROM rm_appointments.appointments WHERE id = $1 AND user_id = $2`,
      [appointmentId, actor.userId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(MESSAGES.appointmentNotFound);
    const appointment = toAppointment(row);
    const payBy = this.payByOf(appointment);
    if (!payBy || !row.order_id) throw new IllegalStateError(MESSAGES.nothingToPay);
    if (Date.parse(payBy) <= this.now().getTime()) throw new IllegalStateError(MESSAGES.paymentTimeUp);
    const order: Order = {
      id: row.order_id,
      amount: toMinorUnits(appointment.amount, appointment.currency),
      currency: appointment.currency,
      notes: { service_name: appointment.serviceName, service_description: 'No description' },
    };
    return { appointment: { ...appointment, payBy }, order, checkout: this.deps.payments.checkout(order) };
  }

  /** Whether an order is for one of this person's unpaid appointments. */
  async orderBelongsTo(actor: Actor, orderId: string): Promise<boolean> {
    await this.caughtUp(actor);
    const { rowCount } = await this.deps.pool.query(
      `SELECT 1 FROM rm_appointments.appointments WHERE order_id = $1 AND user_id = $2 AND NOT paid AND status <> 'cancelled'`,
      [orderId, actor.userId],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The payment-confirmation job: verifies again and records the payment, once. */
  async confirmPayment(job: PaymentJob): Promise<void> {
    if (!this.deps.payments.verify(job)) return;
    const appointment = await this.appointment(job.appointmentId);
    await this.onTimeSlot(undefined, appointment.timeslotId, {
      type: 'ConfirmPayment',
      data: { appointmentId: job.appointmentId, orderId: job.orderId, paymentId: job.paymentId },
    });
  }

  /** The payment-timeout job: an appointment still unpaid is cancelled and its interval freed. */
  async expireUnpaid(appointmentId: string): Promise<void> {
    const appointment = await this.appointment(appointmentId).catch(() => undefined);
    if (!appointment) return;
    await this.onTimeSlot(undefined, appointment.timeslotId, {
      type: 'ExpireUnpaid',
      data: { appointmentId },
    });
  }

  /**
   * One appointment from the read model. One not there yet may be a booking this process has
   * just answered (someone else acting on it at once): that is waited for, once.
   */
  private async appointment(id: string): Promise<Appointment> {
    const read = () =>
      this.deps.pool.query<AppointmentRow>(
        `SELECT ${COLUMNS} FROM rm_appointments.appointments WHERE id = $1`,
        [id],
      );
    let { rows } = await read();
    if (!rows[0] && this.lastWritten) {
      await this.deps.waitFor(this.lastWritten);
      ({ rows } = await read());
    }
    if (!rows[0]) throw new NotFoundError(MESSAGES.appointmentNotFound);
    const appointment = toAppointment(rows[0]);
    const payBy = this.payByOf(appointment);
    return payBy ? { ...appointment, payBy } : appointment;
  }

  /** Who sees which appointments: users their own, a provider's staff the provider's, platform staff all. */
  private scope(actor: Actor): { where: string; params: unknown[] } {
    if (actor.role === 'user') return { where: 'user_id = $1', params: [actor.userId] };
    if (actor.role === 'admin' || actor.role === 'incharge') {
      if (!actor.providerId) throw new ForbiddenError(MESSAGES.forbidden);
      return { where: 'provider_id = $1', params: [actor.providerId] };
    }
    return { where: 'true', params: [] };
  }

  async list(actor: Actor, status?: AppointmentStatus | 'all'): Promise<Appointment[]> {
    await this.caughtUp(actor);
    const { where, params } = this.scope(actor);
    const filtered = status && status !== 'all';
    const { rows } = await this.deps.pool.query<AppointmentRow>(
      `SELECT ${COLUMNS} FROM rm_appointments.appointments
        WHERE ${where} ${filtered ? `AND status = $${params.length + 1}` : ''} ORDER BY starts_at, id`,
      filtered ? [...params, status] : params,
    );
    return rows.map(toAppointment).map((appointment) => {
      const payBy = this.payByOf(appointment);
      return payBy ? { ...appointment, payBy } : appointment;
    });
  }

  async counts(actor: Actor): Promise<AppointmentCounts> {
    await this.caughtUp(actor);
    const { where, params } = this.scope(actor);
    const { rows } = await this.deps.pool.query<{ status: AppointmentStatus; count: string }>(
      `SELECT status, count(*) AS count FROM rm_appointments.appointments WHERE ${where} GROUP BY status`,
      params,
    );
    const of = (status: AppointmentStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return {
      scheduledAppointments: of('scheduled'),
      pendingAppointments: of('pending'),
      completedAppointments: of('completed'),
      cancelledAppointments: of('cancelled'),
      totalAppointments: rows.reduce((sum, row) => sum + Number(row.count), 0),
    };
  }

  /**
   * SPEC §3 dashboard details, by role: a user's appointments with their providers; a
   * provider's appointments with their services and users. Platform staff get neither.
   */
  async dashboardDetails(actor: Actor, catalogue: CatalogueService): Promise<DashboardDetails> {
    if (actor.role === 'user') {
      const appointments = await this.list(actor);
      const providers = new Map<string, Provider | null>();
      for (const id of new Set(appointments.map((a) => a.providerId))) {
        providers.set(id, await catalogue.providerFor(actor, id).catch(() => null));
      }
      return {
        appointmentsWithProviderDetails: appointments.map((a) => ({
          ...a,
          providerDetails: providers.get(a.providerId) ?? null,
        })),
        appointmentsWithServiceDetails: [],
      };
    }
    if ((actor.role === 'admin' || actor.role === 'incharge') && actor.providerId) {
      const appointments = await this.list(actor);
      const services = await catalogue.services(actor.providerId);
      return {
        appointmentsWithProviderDetails: [],
        appointmentsWithServiceDetails: appointments.map((a) => ({
          ...a,
          serviceDetails: services.find((s) => s.name === a.serviceName) ?? null,
          userDetails: { username: a.username, email: a.email },
        })),
      };
    }
    return { appointmentsWithProviderDetails: [], appointmentsWithServiceDetails: [] };
  }

  /** SPEC §4: an admin may move an appointment of their provider to any status. */
  async changeStatus(actor: Actor, id: string, status: AppointmentStatus): Promise<Appointment> {
    await this.caughtUp(actor);
    const appointment = await this.appointment(id);
    if (actor.role !== 'superadmin' && appointment.providerId !== actor.providerId) {
      throw new NotFoundError(MESSAGES.appointmentNotFound);
    }
    await this.onTimeSlot(actor, appointment.timeslotId, {
      type: 'ChangeAppointmentStatus',
      data: { appointmentId: id, status },
    });
    return this.appointment(id);
  }
}
