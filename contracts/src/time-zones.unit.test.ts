import { ProfileUpdate } from './accounts';
import { MESSAGES } from './messages';
import { isTimeZone, searchTimeZones, timeZones } from './time-zones';

describe('time zones (docs/product.md §3)', () => {
  it('lists every IANA zone the runtime knows, India and Spain among them', () => {
    const zones = timeZones();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Europe/Madrid', 'America/Chicago', 'UTC']),
    );
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it('finds zones by any words of their names, whatever the case', () => {
    expect(searchTimeZones('kolkata')).toEqual(['Asia/Kolkata']);
    expect(searchTimeZones('new york')).toEqual(['America/New_York']);
    expect(searchTimeZones('asia kol')).toEqual(['Asia/Kolkata', 'Asia/Srednekolymsk']);
    expect(searchTimeZones('Nowhere')).toEqual([]);
    expect(searchTimeZones('  ')).toHaveLength(timeZones().length);
  });

  it('takes any zone on the profile and refuses an unknown one with the message', () => {
    const profile = {
      name: 'Asha User',
      email: 'asha@example.com',
      phone: '9995550102',
      language: 'en',
      notificationPreferences: { email: true, sms: false, whatsapp: false },
    };
    expect(ProfileUpdate.parse({ ...profile, timezone: 'Asia/Kolkata' }).timezone).toBe('Asia/Kolkata');
    expect(ProfileUpdate.parse({ ...profile, timezone: 'Europe/Madrid' }).timezone).toBe('Europe/Madrid');
    const refused = ProfileUpdate.safeParse({ ...profile, timezone: 'Mars/Olympus' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['timezone'],
      message: MESSAGES.timezoneRequired,
    });
  });
});
