import type { Appointment } from '@appointment/contracts/appointments';
import { parseIcs } from '../testing/ical';
import { icsOf, invitationOf } from './ics';

const appointment = (id: string, start: string, end: string, timezone: string): Appointment =>
  ({
    _id: id,
    userId: 'u1',
    email: 'asha@example.com',
    username: 'Asha',
    providerId: 'p1',
    providerName: 'Clínica Sol',
    serviceName: 'Consulta',
    status: 'scheduled',
    startDateTime: start,
    endDateTime: end,
    timezone,
    date: start.slice(0, 10),
  }) as Appointment;

describe('appointments as iCalendar', () => {
  const now = new Date('2026-10-20T12:00:00.000Z');

  it('keeps the instants right on both sides of a daylight-saving change, in the provider’s zone', () => {
    // Madrid leaves summer time on Sunday 25 October 2026: 09:30 is 07:30Z before, 08:30Z after.
    const before = appointment('a1', '2026-10-24T07:30:00.000Z', '2026-10-24T08:00:00.000Z', 'Europe/Madrid');
    const after = appointment('a2', '2026-10-26T08:30:00.000Z', '2026-10-26T09:00:00.000Z', 'Europe/Madrid');
    const text = icsOf([before, after], { name: 'Clínica Sol', audience: 'provider', now });
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20261024T093000');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20261026T093000');
    expect(parseIcs(text)).toEqual([
      expect.objectContaining({
        uid: 'a1@appointment',
        start: before.startDateTime,
        end: before.endDateTime,
        zone: 'Europe/Madrid',
        summary: 'Consulta — Asha',
        status: 'CONFIRMED',
        stamp: now.toISOString(),
      }),
      expect.objectContaining({ uid: 'a2@appointment', start: after.startDateTime, end: after.endDateTime }),
    ]);
  });

  it('writes each zone a user’s appointments are in, and names the provider for a user', () => {
    const madrid = appointment('a1', '2026-11-02T08:30:00.000Z', '2026-11-02T09:00:00.000Z', 'Europe/Madrid');
    const kolkata = {
      ...appointment('a2', '2026-11-03T04:00:00.000Z', '2026-11-03T04:30:00.000Z', 'Asia/Kolkata'),
      status: 'pending' as const,
    };
    const text = icsOf([madrid, kolkata], { name: 'Mine', audience: 'user', now });
    expect(text.match(/^TZID:.*$/gm)?.map((line) => line.trim())).toEqual([
      'TZID:Europe/Madrid',
      'TZID:Asia/Kolkata',
    ]);
    const events = parseIcs(text);
    expect(
      events.map(({ uid, start, zone, summary, status }) => ({ uid, start, zone, summary, status })),
    ).toEqual([
      {
        uid: 'a1@appointment',
        start: madrid.startDateTime,
        zone: 'Europe/Madrid',
        summary: 'Consulta — Clínica Sol',
        status: 'CONFIRMED',
      },
      {
        uid: 'a2@appointment',
        start: kolkata.startDateTime,
        zone: 'Asia/Kolkata',
        summary: 'Consulta — Clínica Sol',
        status: 'TENTATIVE',
      },
    ]);
  });

  it('mails one appointment as an invitation or its cancellation that a calendar reads back whole', () => {
    // A long name in several scripts, with the characters TEXT escapes: folded at 75 octets, never
    // inside a character, and read back as it was.
    const providerName = 'Clínica Sol; Dr. Núñez, “Санаторий” 東京クリニック — a long name to fold '.repeat(
      2,
    );
    const booked = {
      ...appointment('a3', '2026-10-24T07:30:00.000Z', '2026-10-24T08:00:00.000Z', 'Europe/Madrid'),
      providerName,
      note: 'First line\nsecond, with a backslash \\',
      reschedules: 2,
    };
    const invitation = invitationOf(booked, 'REQUEST', now);
    expect(invitation).toMatch(/^METHOD:REQUEST\r$/m);
    expect(invitation).toMatch(/^SEQUENCE:2\r$/m);
    for (const line of invitation.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parseIcs(invitation)).toEqual([
      {
        uid: 'a3@appointment',
        start: booked.startDateTime,
        end: booked.endDateTime,
        zone: 'UTC',
        summary: `Consulta — ${providerName}`,
        status: 'CONFIRMED',
        stamp: now.toISOString(),
      },
    ]);
    const cancellation = invitationOf({ ...booked, status: 'cancelled' }, 'CANCEL', now);
    expect(cancellation).toMatch(/^METHOD:CANCEL\r$/m);
    expect(cancellation).toMatch(/^SEQUENCE:3\r$/m);
    expect(parseIcs(cancellation)[0]).toMatchObject({ uid: 'a3@appointment', status: 'CANCELLED' });
  });
});
