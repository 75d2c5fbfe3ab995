import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  lastSchedulableDay,
  templateTimeSlots,
  type ApplyTemplate,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type TimeSlot,
} from '@appointment/contracts/schedule';
import { templatesOf } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { ownProvider } from '../../catalogue/catalogue-context';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import type { ActiveProvider } from '../../catalogue/providers/provider.decider';
import { activeProvider, onOwnProvider, serviceNames, type ScheduleContext } from '../schedule-context';
import { addTimeSlots } from '../time-slots/add-time-slots';

export const templates = (context: ScheduleContext, actor: Actor): Promise<ScheduleTemplate[]> =>
  templatesOf(context.deps.pool, ownProvider(actor));

const templateOf = (provider: ActiveProvider, id: string): ScheduleTemplate => {
  const template = provider.templates.find((candidate) => candidate.id === id);
  if (!template) throw new NotFoundError(MESSAGES.templateNotFound);
  return template;
};

export const saveTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  input: ScheduleTemplateInput & { description: string },
): Promise<ScheduleTemplate> => {
  const provider = await activeProvider(context, actor);
  const existing = input.id ? templateOf(provider, input.id) : undefined;
  const template: ScheduleTemplate = {
    id: existing?.id ?? randomUUID(),
    name: input.name,
    description: input.description,
    isDefault: existing?.isDefault ?? false,
    workingHours: input.workingHours,
    breaks: input.breaks,
  };
  await onOwnProvider(context, actor, { type: 'SaveTemplate', data: { template } });
  return template;
};

/** A copy named "(Copy)" that is not the default (docs/product.md §2.8). */
export const duplicateTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  id: string,
): Promise<ScheduleTemplate> => {
  const original = templateOf(await activeProvider(context, actor), id);
  const template: ScheduleTemplate = {
    ...original,
    id: randomUUID(),
    name: `${original.name} (Copy)`,
    isDefault: false,
  };
  await onOwnProvider(context, actor, { type: 'SaveTemplate', data: { template } });
  return template;
};

export const deleteTemplate = async (context: ScheduleContext, actor: Actor, id: string): Promise<void> => {
  await onOwnProvider(context, actor, { type: 'DeleteTemplate', data: { templateId: id } });
};

/** A week of time slots from a template; days already past are left out. */
export const applyTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  request: ApplyTemplate,
  idempotency?: IdempotencyKey,
): Promise<TimeSlot[]> => {
  const provider = await activeProvider(context, actor);
  const template = templateOf(provider, request.id);
  const chosen = request.serviceNames ?? request.serviceIds;
  const names = chosen?.length ? chosen : provider.services.map((s) => s.name);
  if (names.length === 0) {
    const field = request.serviceNames ? 'serviceNames' : 'serviceIds';
    throw new ValidationError(MESSAGES.serviceSelectionRequired, [
      { field, message: MESSAGES.serviceSelectionRequired },
    ]);
  }
  const today = dayKeyIn(context.now(), provider.timezone);
  const last = lastSchedulableDay(today);
  if (request.weekStart > last) {
    throw new ValidationError(MESSAGES.dateTooFarAhead, [
      { field: 'weekStart', message: MESSAGES.dateTooFarAhead },
    ]);
  }
  const timeSlots = templateTimeSlots(template, request.weekStart).filter(
    (slot) => slot.date >= today && slot.date <= last,
  );
  if (timeSlots.length === 0) {
    throw new ValidationError(MESSAGES.templateWeekEmpty, [
      { field: 'weekStart', message: MESSAGES.templateWeekEmpty },
    ]);
  }
  const chosenNames = serviceNames(provider, names);
  const idempotencyKey =
    idempotency && (await claimIdempotencyKey(context.deps.pool, actor, 'applyTemplate', idempotency));
  return addTimeSlots(context, actor, provider, timeSlots, chosenNames, idempotencyKey);
};
