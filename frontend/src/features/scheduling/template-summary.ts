import i18next from 'i18next';
import type { ScheduleTemplate, WorkingHoursEntry } from '@appointment/contracts/schedule';

/** The weekday's short name in the chosen language ("Mon" in English, hoursEditor namespace). */
const short = (day: string) =>
  i18next.t(`hoursEditor:shortDays.${day}`, { defaultValue: day.charAt(0).toUpperCase() + day.slice(1, 3) });

const hoursOf = (entry: WorkingHoursEntry) => {
  const hours = `${entry.startTime}–${entry.endTime}`;
  return entry.capacity
    ? i18next.t('scheduling:templates.withCapacity', { hours, capacity: entry.capacity })
    : hours;
};

/** "Mon–Fri 09:00–17:00": consecutive open days with the same hours are written once. */
export const workingDaysSummary = (template: Pick<ScheduleTemplate, 'workingHours'>): string => {
  const runs: { from: string; to: string; hours: string }[] = [];
  let previousOpen = false;
  for (const entry of template.workingHours) {
    if (!entry.isAvailable) {
      previousOpen = false;
      continue;
    }
    const hours = hoursOf(entry);
    const last = runs[runs.length - 1];
    if (previousOpen && last && last.hours === hours) last.to = entry.day;
    else runs.push({ from: entry.day, to: entry.day, hours });
    previousOpen = true;
  }
  if (runs.length === 0) return i18next.t('scheduling:templates.noWorkingDays');
  return runs
    .map((run) => `${short(run.from)}${run.to === run.from ? '' : `–${short(run.to)}`} ${run.hours}`)
    .join(', ');
};

export const breaksSummary = (template: Pick<ScheduleTemplate, 'breaks'>): string =>
  template.breaks.length === 0
    ? i18next.t('scheduling:templates.noBreaks')
    : i18next.t('scheduling:templates.breaks', {
        list: template.breaks.map((pause) => `${pause.startTime}–${pause.endTime}`).join(', '),
      });
