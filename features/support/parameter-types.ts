import { APPOINTMENT_STATUSES } from '@appointment/contracts/constants';
import { defineParameterType } from '@cucumber/cucumber';
import type { BookingTarget } from '../drivers/booking';
import { DAY } from './days';

/** The words the scenarios of every area share. */

/** A person in a scenario is named by a capitalised first name: Asha, Ben, Sam. */
defineParameterType({ name: 'person', regexp: /[A-Z][a-z]+/, transformer: (name: string) => name });

/**
 * A price as a scenario writes it, with its provider's currency sign: ₹50, €12.50. The step gets
 * the text; `amountOf` (assertions.ts) reads the amount.
 */
defineParameterType({ name: 'price', regexp: /[$€£₹]\d+(?:\.\d+)?/, transformer: (text: string) => text });

/** A day relative to today, in the zone of the provider in question (days.ts). */
defineParameterType({ name: 'day', regexp: DAY, transformer: (text: string) => text });
defineParameterType({ name: 'time', regexp: /\d{2}:\d{2}/, transformer: (text: string) => text });

/**
 * What a person books, as a scenario names it: `"Service" at "Provider" in interval 2 of the time
 * slot tomorrow at 09:00` (`for interval …` after "sends … bookings of"), or `"Service" at
 * "Provider" for the block tomorrow at 15:00`.
 */
defineParameterType({
  name: 'bookingTarget',
  regexp: new RegExp(
    `"([^"]*)" at "([^"]*)" (?:(?:in|for) interval (\\d+) of the time slot|for the block) (${DAY.source}) at (\\d{2}:\\d{2})`,
  ),
  transformer: (
    service: string,
    provider: string,
    interval: string | null | undefined,
    day: string,
    time: string,
  ) =>
    ({
      provider,
      service,
      day,
      time,
      intervalNumber: interval ? Number(interval) : null,
    }) satisfies BookingTarget,
  useForSnippets: false,
});

/** A list of providers as written in a scenario: `"A"`, `"A" and "B"`, `"A", "B" and "C"`, `no provider`. */
defineParameterType({
  name: 'providers',
  regexp: /no providers?|"[^"]*"(?:(?:, | and )"[^"]*")*/,
  transformer: (text: string): string[] => [...text.matchAll(/"([^"]*)"/g)].map((match) => match[1]!),
});

defineParameterType({
  name: 'appointmentStatus',
  regexp: new RegExp(APPOINTMENT_STATUSES.join('|')),
  transformer: (text: string) => text,
});
