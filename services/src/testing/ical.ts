import ICAL from 'ical.js';

/** An iCalendar document parsed back by ical.js, its zones registered: what a calendar app sees. */
export const parseIcs = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue('status')),
      stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
    };
  });
};
