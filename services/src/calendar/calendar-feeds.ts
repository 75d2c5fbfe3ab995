import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Appointment } from '@appointment/contracts/appointments';
import { feedUrlOf, type CalendarFeedAnswer, type FeedOwner } from '@appointment/contracts/calendar-feeds';
import { maskedToken, readsCredentialsOf } from '@appointment/contracts/credentials';
import { MESSAGES } from '@appointment/contracts/messages';
import { appointmentById, appointmentsOf } from '@appointment/projections/appointments.queries';
import { feedByToken, feedOf } from '@appointment/projections/calendar-feeds.queries';
import type { Actor } from '../accounts/accounts-context';
import { calendarFeedDecider, calendarFeedStream, type CalendarFeedCommand } from './calendar-feed.decider';
import { commandMetadata, handleCommand } from '../domain/command-handler';
import { NotFoundError } from '../domain/errors';
import { providerInScope, type CheckProvider } from '../provider-scope';
import type { EventStore } from '@appointment/contracts/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';
import { icsOf } from './ics';

export interface CalendarFeedsDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  /** The product's public base URL: feed URLs are absolute, for calendars elsewhere to fetch. */
  publicUrl: string;
  checkProvider: CheckProvider;
  now?: () => Date;
}

/** Feed tokens: 32 random bytes, base64url (43 characters). */
const newToken = (): string => randomBytes(32).toString('base64url');

/** An appointment a feed lists: every one that is not cancelled. */
const listed = (appointment: Appointment): boolean => appointment.status !== 'cancelled';

/** Calendar feeds: connect, disconnect, read, and render. */
export class CalendarFeeds {
  private readonly reads: ReadYourWrites;
  private readonly now: () => Date;

  constructor(private readonly deps: CalendarFeedsDependencies) {
    this.reads = new ReadYourWrites(deps.waitFor);
    this.now = deps.now ?? (() => new Date());
  }

  /** The provider an admin acts for, or the one platform staff name. */
  providerOf(actor: Actor, providerId: string | undefined): Promise<string> {
    return providerInScope(actor, providerId, this.deps.checkProvider);
  }

  /**
   * The feed as the actor sees it. Its URL is a credential: a person's own, and a provider's
   * to its admin, whole; platform staff read a provider's masked.
   */
  async state(actor: Actor, owner: FeedOwner, ownerId: string): Promise<CalendarFeedAnswer> {
    const feed = await feedOf(this.deps.pool, owner, ownerId);
    if (!feed) return { connected: false };
    const whole = owner === 'user' ? actor.userId === ownerId : readsCredentialsOf(actor, ownerId);
    const token = whole ? feed.token : maskedToken(feed.token);
    return { connected: true, url: feedUrlOf(this.deps.publicUrl, token), connectedAt: feed.connectedAt };
  }

  async connect(actor: Actor, owner: FeedOwner, ownerId: string): Promise<CalendarFeedAnswer> {
    await this.command(actor, owner, ownerId, {
      type: 'ConnectCalendarFeed',
      data: { owner, ownerId, token: newToken() },
    });
    return this.state(actor, owner, ownerId);
  }

  async disconnect(actor: Actor, owner: FeedOwner, ownerId: string): Promise<CalendarFeedAnswer> {
    await this.command(actor, owner, ownerId, { type: 'DisconnectCalendarFeed', data: { owner, ownerId } });
    return this.state(actor, owner, ownerId);
  }

  /** The feed a token opens, as iCalendar text; 404 for an unknown or rotated token. */
  async feed(token: string): Promise<string> {
    const feed = await feedByToken(this.deps.pool, token);
    if (!feed) throw new NotFoundError(MESSAGES.calendarFeedNotFound);
    const scope = feed.owner === 'provider' ? { providerId: feed.ownerId } : { userId: feed.ownerId };
    const appointments = (await appointmentsOf(this.deps.pool, scope)).filter(listed);
    const name =
      feed.owner === 'provider'
        ? `Appointments — ${appointments[0]?.providerName ?? 'Provider'}`
        : 'My appointments';
    return icsOf(appointments, { name, audience: feed.owner, now: this.now() });
  }

  /** One appointment as an .ics file, for whoever may see it. */
  async appointmentIcs(actor: Actor, appointmentId: string): Promise<{ filename: string; ics: string }> {
    const appointment = (await appointmentById(this.deps.pool, appointmentId))?.appointment;
    const visible =
      appointment &&
      (actor.role === 'superadmin' ||
        actor.role === 'support' ||
        appointment.userId === actor.userId ||
        (actor.providerId !== undefined && appointment.providerId === actor.providerId));
    if (!appointment || !visible) throw new NotFoundError(MESSAGES.appointmentNotFound);
    const audience = actor.role === 'user' ? 'user' : 'provider';
    return {
      filename: `appointment-${appointment.date}.ics`,
      ics: icsOf([appointment], { name: appointment.serviceName, audience, now: this.now() }),
    };
  }

  private async command(
    actor: Actor,
    owner: FeedOwner,
    ownerId: string,
    command: Omit<CalendarFeedCommand, 'metadata'>,
  ): Promise<void> {
    const result = await handleCommand(
      this.deps.store,
      calendarFeedStream(owner, ownerId),
      calendarFeedDecider,
      {
        ...command,
        metadata: commandMetadata(this.now(), actor),
      } as CalendarFeedCommand,
    );
    await this.reads.settled(result.position);
  }
}
