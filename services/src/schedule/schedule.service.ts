import type { OpenHours } from '@appointment/contracts/catalogue';
import type { IdempotencyKey } from '../idempotency/idempotency-keys';
import type {
  ApplyTemplate,
  Availability,
  ScheduleTemplate,
  ScheduleTemplateInput,
  TimeSlot,
  TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { Actor } from '../accounts/accounts.service';
import { fetchSlot, type SlotAnswer, type SlotQuery } from './availability/fetch-slot';
import { openHours, timeSlots } from './queries/schedule.queries';
import { scheduleContext, type ScheduleContext, type ScheduleDependencies } from './schedule-context';
import {
  applyTemplate,
  deleteTemplate,
  duplicateTemplate,
  saveTemplate,
  templates,
} from './templates/templates';
import { addTimeSlot } from './time-slots/add-time-slot';
import { setWorkingHours, workingHours } from './working-hours/working-hours';

export type { ScheduleDependencies } from './schedule-context';
export type { SlotAnswer, SlotQuery } from './availability/fetch-slot';

/**
 * The schedule area: time slots, availability for booking, working hours and templates. Each
 * use case is its own slice (time-slots/, availability/, working-hours/, templates/, queries/);
 * this class holds what they share (the fetchslot cache, read-your-writes) for the routes.
 */
export class ScheduleService {
  private readonly context: ScheduleContext;

  constructor(deps: ScheduleDependencies) {
    this.context = scheduleContext(deps);
  }

  /**
   * Called with every batch the projector in this process commits to rm_schedule. From the
   * first call on, a cached answer is trusted until its provider shows up in a batch.
   */
  readModelChanged(events: { data: unknown }[]): void {
    this.context.availability.readModelChanged(events);
  }

  addTimeSlot(actor: Actor, form: TimeSlotForm, idempotencyKey?: IdempotencyKey): Promise<TimeSlot[]> {
    return addTimeSlot(this.context, actor, form, idempotencyKey);
  }

  openHours(providerId: string, timezone: string): Promise<OpenHours[]> {
    return openHours(this.context, providerId, timezone);
  }

  timeSlots(actor: Actor, serviceName?: string): Promise<TimeSlot[]> {
    return timeSlots(this.context, actor, serviceName);
  }

  fetchSlot(query: SlotQuery, acceptsGzip = false): Promise<SlotAnswer> {
    return fetchSlot(this.context, query, acceptsGzip);
  }

  availability(actor: Actor): Promise<Availability> {
    return workingHours(this.context, actor);
  }

  setAvailability(actor: Actor, availability: Availability): Promise<Availability> {
    return setWorkingHours(this.context, actor, availability);
  }

  templates(actor: Actor): Promise<ScheduleTemplate[]> {
    return templates(this.context, actor);
  }

  saveTemplate(
    actor: Actor,
    input: ScheduleTemplateInput & { description: string },
  ): Promise<ScheduleTemplate> {
    return saveTemplate(this.context, actor, input);
  }

  duplicateTemplate(actor: Actor, id: string): Promise<ScheduleTemplate> {
    return duplicateTemplate(this.context, actor, id);
  }

  deleteTemplate(actor: Actor, id: string): Promise<void> {
    return deleteTemplate(this.context, actor, id);
  }

  applyTemplate(actor: Actor, request: ApplyTemplate, idempotencyKey?: IdempotencyKey): Promise<TimeSlot[]> {
    return applyTemplate(this.context, actor, request, idempotencyKey);
  }
}
