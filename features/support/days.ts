import assert from 'node:assert/strict';
import { WEEKDAYS } from '@appointment/contracts/constants';
import { dayKeyIn, weekdayOf } from '@appointment/contracts/schedule';
import { testClock } from '@appointment/infra/testing/clock';

/*
 * Days are written relative to today in the provider's time zone: "today", "tomorrow",
 * "in 3 days", "yesterday", "2 days ago", "next week's Monday", "Friday in 3 weeks". Today comes
 * from the test clock, never the machine's.
 */

export const DAY =
  /today|tomorrow|yesterday|in \d+ days?|\d+ days? ago|next week's [A-Z][a-z]+day|[A-Z][a-z]+day in \d+ weeks|\d{4}-\d{2}-\d{2}/;

const plusDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The calendar day a scenario names, in a time zone; an empty text stays empty. */
export const dayFrom = (text: string, timeZone: string): string => {
  const today = dayKeyIn(testClock(), timeZone);
  const words = text.trim();
  if (words === '' || /^\d{4}-\d{2}-\d{2}$/.test(words)) return words;
  if (words === 'today') return today;
  if (words === 'tomorrow') return plusDays(today, 1);
  if (words === 'yesterday') return plusDays(today, -1);
  const ahead = /^in (\d+) days?$/.exec(words);
  if (ahead) return plusDays(today, Number(ahead[1]));
  const ago = /^(\d+) days? ago$/.exec(words);
  if (ago) return plusDays(today, -Number(ago[1]));
  // "next week's Friday" is in the week of the next Monday; "Friday in 3 weeks" two weeks later.
  const week =
    /^next week's ([A-Z][a-z]+day)$/.exec(words) ?? /^([A-Z][a-z]+day) in (\d+) weeks$/.exec(words);
  if (week) {
    const wanted = WEEKDAYS.indexOf(week[1]!.toLowerCase() as (typeof WEEKDAYS)[number]);
    assert.ok(wanted >= 0, `"${week[1]}" is not a weekday`);
    let monday = plusDays(today, 1);
    while (weekdayOf(monday) !== 'monday') monday = plusDays(monday, 1);
    return plusDays(monday, wanted + (week[2] ? (Number(week[2]) - 1) * 7 : 0));
  }
  assert.fail(`"${text}" is not a day this suite understands`);
};
