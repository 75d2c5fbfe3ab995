import type { Appointment } from '@appointment/contracts/appointments';
import { formatMoney } from '@appointment/contracts/money';
import type { WorkingHoursEntry } from '@appointment/contracts/schedule';
import { yesNo } from './assertions';
import { dayFrom } from './days';

/** How the scenarios' tables write an appointment and a week of working hours. */

/** An appointment as a scenario writes it; the day relative to today in the provider's zone. */
export const appointmentRow = (a: Appointment, timeZone: string): Record<string, string> => {
  const relative: Record<string, string> = {
    [dayFrom('yesterday', timeZone)]: 'yesterday',
    [dayFrom('today', timeZone)]: 'today',
    [dayFrom('tomorrow', timeZone)]: 'tomorrow',
  };
  return {
    service: a.serviceName,
    provider: a.providerName,
    day: relative[a.date] ?? a.date,
    from: a.startTime,
    to: a.endTime,
    status: a.status,
    price: formatMoney(a.amount, a.currency),
    'payment needed': yesNo(a.paymentNeeded),
    paid: yesNo(a.paid),
    'booked by': a.username,
    'e-mail': a.email,
  };
};

/** Working hours, one row a day: a closed day shows no times. */
export const workingHoursRows = (entries: WorkingHoursEntry[]) =>
  entries.map((entry) => ({
    day: entry.day.replace(/^./, (letter) => letter.toUpperCase()),
    open: entry.isAvailable ? 'yes' : 'no',
    from: entry.isAvailable ? entry.startTime : '',
    to: entry.isAvailable ? entry.endTime : '',
  }));
