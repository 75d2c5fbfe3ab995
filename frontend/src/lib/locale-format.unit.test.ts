import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from './i18n';
import { inViewerZone, viewerClockTime } from './locale-format';
import { longDate, timeRange } from '../ui/appointment-format';

// 10:00 in Houston on 24 November 2026 (UTC−6) is 01:00 on 25 November in Tokyo.
const START = '2026-11-24T16:00:00.000Z';
const END = '2026-11-24T16:30:00.000Z';

describe("the viewer's own clock beside the provider's", () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('writes English on the 12-hour clock, as the provider times beside it are written', async () => {
    await i18next.changeLanguage('en');
    expect(inViewerZone(START, END, 'America/Chicago', 'Asia/Tokyo')).toEqual({
      date: 'Wednesday, November 25, 2026',
      start: '1:00 AM',
      end: '1:30 AM',
    });
  });

  it('writes Spanish and French their own way, on the 24-hour clock', async () => {
    await i18next.changeLanguage('es');
    expect(inViewerZone(START, END, 'America/Chicago', 'Asia/Tokyo')).toMatchObject({
      start: '01:00',
      end: '01:30',
    });
    await i18next.changeLanguage('fr');
    expect(inViewerZone(START, END, 'America/Chicago', 'Asia/Tokyo')).toMatchObject({
      date: expect.stringContaining('25 novembre 2026'),
      start: '01:00',
    });
  });

  it('is nothing where both zones read the same clock', async () => {
    await i18next.changeLanguage('en');
    expect(inViewerZone(START, END, 'America/Chicago', 'America/Chicago')).toBeNull();
    expect(inViewerZone(START, END, 'America/Chicago', 'America/Mexico_City')).toBeNull();
  });
});

describe("dates and times in the viewer's language (issue 32)", () => {
  afterEach(() => i18next.changeLanguage('en'));

  it("writes a time on the viewer's clock naming the zone, 12-hour in English, 24-hour in Spanish and French", async () => {
    await i18next.changeLanguage('en');
    expect(viewerClockTime(START, 'Asia/Tokyo')).toBe('1:00 AM (Asia/Tokyo)');
    await i18next.changeLanguage('es');
    expect(viewerClockTime(START, 'Asia/Tokyo')).toBe('01:00 (Asia/Tokyo)');
    await i18next.changeLanguage('fr');
    expect(viewerClockTime(START, 'America/Chicago')).toBe('10:00 (America/Chicago)');
    expect(viewerClockTime('not a time', 'Asia/Tokyo')).toBeNull();
  });

  it("writes an appointment's day and times in the chosen language", async () => {
    await i18next.changeLanguage('en');
    expect(longDate('2026-11-28')).toBe('Saturday, November 28, 2026');
    expect(timeRange('09:00', '13:30')).toBe('9:00 AM - 1:30 PM');
    await i18next.changeLanguage('es');
    expect(longDate('2026-11-28')).toBe('sábado, 28 de noviembre de 2026');
    expect(timeRange('09:00', '13:30')).toBe('09:00 - 13:30');
    await i18next.changeLanguage('fr');
    expect(longDate('2026-11-28')).toBe('samedi 28 novembre 2026');
  });
});
