// @any-hour: the feed's events sit at the provider's day and time.
import { MESSAGES } from '@appointment/contracts/messages';
import { parseIcs } from '../testing/ical';
import { bookAtSunrise, startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

/** Calendar feeds over real HTTP and PostgreSQL: what a subscribed calendar reads. */
describe('calendar feeds', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;

  /** The feed as a calendar app fetches it: no session, the URL only. */
  const fetchFeed = async (url: string) => {
    const reply = await fetch(`${test.base}${new URL(url).pathname}`);
    return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
  };

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'calendar' });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
  });
  afterAll(async () => {
    await test.stop();
  });

  it("lists the provider's active appointments once each, drops cancelled ones, and stops at a rotated URL", async () => {
    expect((await admin.op('providerCalendarFeed')).body).toEqual({
      connected: false,
    });
    const connected = await admin.op('connectProviderCalendar');
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ message: MESSAGES.calendarConnected, connected: true });
    const url = connected.body.url!;
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Connecting again keeps the URL: calendars already subscribed keep working.
    expect((await admin.op('connectProviderCalendar')).body.url).toBe(url);

    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const events = parseIcs(feed.text);
    expect(events.filter((event) => event.uid === `${appointment._id}@appointment`)).toEqual([
      expect.objectContaining({
        start: appointment.startDateTime,
        end: appointment.endDateTime,
        zone: appointment.timezone,
        summary: 'General Consultation — Asha User',
        status: 'TENTATIVE',
      }),
    ]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);

    const cancelled = await admin.op('updateStatus', {
      body: {
        id: appointment._id,
        status: 'cancelled',
      },
    });
    expect(cancelled.status).toBe(200);
    const after = parseIcs((await fetchFeed(url)).text);
    expect(after.map((event) => event.uid)).not.toContain(`${appointment._id}@appointment`);

    const disconnected = await admin.op('disconnectProviderCalendar');
    expect(disconnected.body).toMatchObject({ connected: false });
    expect(await fetchFeed(url)).toMatchObject({ status: 404 });
    const rotated = (await admin.op('connectProviderCalendar')).body.url!;
    expect(rotated).not.toBe(url);
    expect((await fetchFeed(rotated)).status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('gives a user a feed of their own bookings and an .ics of one appointment, to them alone', async () => {
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    const url = (await user.op('connectMyCalendar')).body.url!;
    expect((await user.op('myCalendarFeed')).body).toMatchObject({
      connected: true,
      url,
    });
    const mine = parseIcs((await fetchFeed(url)).text);
    expect(mine.find((event) => event.uid === `${appointment._id}@appointment`)).toMatchObject({
      summary: 'General Consultation — Sunrise Clinic',
    });

    const download = await user.op('appointmentCalendar', { params: { appointmentId: appointment._id } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename=appointment-${appointment.date}.ics`,
    );
    expect(parseIcs(String(download.body))).toEqual([
      expect.objectContaining({ uid: `${appointment._id}@appointment`, start: appointment.startDateTime }),
    ]);
    expect(
      (await admin.op('appointmentCalendar', { params: { appointmentId: appointment._id } })).status,
    ).toBe(200);
    // Another provider's admin does not see it; nor does the unknown.
    expect((await user.op('appointmentCalendar', { params: { appointmentId: 'nope' } })).body).toEqual({
      message: MESSAGES.appointmentNotFound,
    });
  });

  it('answers 404 to an unknown or malformed token, and platform staff read a named provider’s feed', async () => {
    const anonymous = test.caller();
    expect((await anonymous.op('calendarFeed', { params: { token: 'A'.repeat(43) } })).status).toBe(404);
    expect((await anonymous.op('calendarFeed', { params: { token: 'short' } })).body).toEqual({
      message: MESSAGES.calendarFeedNotFound,
    });
    const support = await test.signedIn('support@example.com');
    expect((await support.op('providerCalendarFeed')).body).toEqual({
      message: MESSAGES.providerRequired,
    });
    expect((await support.op('providerCalendarFeed', { query: { providerId: 'nope' } })).status).toBe(404);
    const { providers } = (
      await support.op('fetchProviders', {
        body: {
          search: 'Sunrise',
        },
      })
    ).body;
    const named = await support.op('providerCalendarFeed', { query: { providerId: providers[0]!.id } });
    expect(named.body).toMatchObject({ connected: true, url: expect.stringMatching(/\.ics$/) });
  });

  it('shows the feed URL, a credential, masked to everyone but the provider’s admin (issue 26)', async () => {
    const url = (await admin.op('connectProviderCalendar')).body.url!;
    const token = /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    expect((await admin.op('providerCalendarFeed')).body.url).toBe(url);
    const support = await test.signedIn('support@example.com');
    const { providers } = (
      await support.op('fetchProviders', {
        body: {
          search: 'Sunrise',
        },
      })
    ).body;
    const sunriseId = providers[0]!.id;
    const masked = url.replace(token, `…${token.slice(-4)}`);
    for (const email of ['support@example.com', 'superadmin@example.com']) {
      const staff = await test.signedIn(email);
      const read = await staff.op('providerCalendarFeed', { query: { providerId: sunriseId } });
      expect(read.body).toMatchObject({ connected: true, url: masked });
      expect(JSON.stringify(read.body)).not.toContain(token);
    }
    // The superadmin may connect for the provider, and is answered with the mask too.
    const superadmin = await test.signedIn('superadmin@example.com');
    const connect = await superadmin.op('connectProviderCalendar', {
      body: {
        providerId: sunriseId,
      },
    });
    expect(connect.body).toMatchObject({ connected: true, url: masked });
    expect((await fetchFeed(masked)).status).toBe(404);
    expect((await fetchFeed(url)).status).toBe(200);
  });
});
