import { defaultTemplate } from '@appointment/contracts/schedule';
import { projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { scheduleProjection } from '@appointment/projections/schedule.projection';

const at = '2026-11-22T09:00:00.000Z';

const onProvider = (providerId: string, type: string, data: Record<string, unknown> = {}): GivenEvent => ({
  stream: `provider-${providerId}`,
  type,
  data: { providerId, at, ...data },
});
const registered = (providerId: string): GivenEvent =>
  onProvider(providerId, 'ProviderRegistered', {
    adminId: `admin-${providerId}`,
    businessName: `Clinic ${providerId}`,
    industry: 'Healthcare',
    email: `${providerId}@example.com`,
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad, Kerala 678001',
  });
const serviceAdded = (providerId: string, serviceId: string, name: string): GivenEvent =>
  onProvider(providerId, 'ServiceAdded', {
    serviceId,
    name,
    duration: 30,
    price: 50,
    isPaymentNeeded: true,
    automaticBooking: false,
  });
/** A time slot on 2026-11-25 in Asia/Kolkata (09:00 is 03:30 UTC). */
const timeSlotAdded = (
  providerId: string,
  timeSlotId: string,
  {
    addAsSlot,
    availableSlots,
    serviceIds,
  }: { addAsSlot: boolean; availableSlots: number; serviceIds: string[] },
): GivenEvent => ({
  stream: `timeslot-${timeSlotId}`,
  type: 'TimeSlotAdded',
  data: {
    timeSlotId,
    providerId,
    serviceIds,
    date: '2026-11-25',
    startTime: '09:00',
    endTime: '11:00',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-11-25T03:30:00.000Z',
    endDateTime: '2026-11-25T05:30:00.000Z',
    availableSlots,
    addAsSlot,
    at,
  },
});
const booked = (
  providerId: string,
  timeSlotId: string,
  appointmentId: string,
  index: number | null,
): GivenEvent => ({
  stream: `timeslot-${timeSlotId}`,
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId,
    userId: 'u1',
    email: 'user@example.com',
    username: 'Asha',
    providerName: `Clinic ${providerId}`,
    serviceName: 'Consultation',
    index,
    paymentNeeded: false,
    automaticBooking: false,
    amount: 0,
    status: 'pending',
    timeSlotId,
    date: '2026-11-25',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-11-25T03:30:00.000Z',
    endDateTime: '2026-11-25T04:00:00.000Z',
    at,
  },
});
const statusChanged = (
  providerId: string,
  timeSlotId: string,
  appointmentId: string,
  from: string,
  to: string,
) => ({
  stream: `timeslot-${timeSlotId}`,
  type: 'AppointmentStatusChanged',
  data: { timeSlotId, providerId, appointmentId, from, to, at },
});

/** Availability for booking and schedule management (docs/product.md §2.6, §2.8, §7.5). */
describe('schedule projection', () => {
  const { given, rows } = projectionSpec('schedule', [scheduleProjection]);
  const timeSlot = (id: string) =>
    rows(
      `SELECT provider_id, service_names, date::text, start_time, end_time, timezone, starts_at::text, ends_at::text,
              capacity, places_left, taken_intervals, split
         FROM rm_schedule.time_slots WHERE id = $1`,
      [id],
    );
  const version = async (providerId: string) =>
    (await rows(`SELECT version::int FROM rm_schedule.versions WHERE provider_id = $1`, [providerId]))[0]
      ?.version;

  it('opens a time slot with the services it offers', async () => {
    await given(
      registered('open'),
      timeSlotAdded('open', 'w-open', { addAsSlot: true, availableSlots: 1, serviceIds: ['Consultation'] }),
    );
    expect(await timeSlot('w-open')).toEqual([
      {
        provider_id: 'open',
        service_names: ['Consultation'],
        date: '2026-11-25',
        start_time: '09:00',
        end_time: '11:00',
        timezone: 'Asia/Kolkata',
        starts_at: '2026-11-25 03:30:00+00',
        ends_at: '2026-11-25 05:30:00+00',
        capacity: 1,
        places_left: null,
        taken_intervals: [],
        split: true,
      },
    ]);
    expect(await version('open')).toBe(1);
  });

  it('marks the intervals of a split time slot bookings take, and frees one cancelled', async () => {
    await given(
      timeSlotAdded('split', 'w-split', { addAsSlot: true, availableSlots: 1, serviceIds: ['Consultation'] }),
      booked('split', 'w-split', 'a1', 1),
      booked('split', 'w-split', 'a2', 3),
    );
    expect(await timeSlot('w-split')).toMatchObject([
      { taken_intervals: [1, 3], capacity: 1, places_left: null },
    ]);
    await given(statusChanged('split', 'w-split', 'a1', 'pending', 'cancelled'));
    expect(await timeSlot('w-split')).toMatchObject([{ taken_intervals: [3] }]);
    expect(
      await rows(
        `SELECT appointment_id, interval_number, active FROM rm_schedule.holds WHERE timeslot_id = 'w-split' ORDER BY 1`,
      ),
    ).toEqual([
      { appointment_id: 'a1', interval_number: 1, active: false },
      { appointment_id: 'a2', interval_number: 3, active: true },
    ]);
    // Back from cancelled, the appointment holds its interval again.
    await given(statusChanged('split', 'w-split', 'a1', 'cancelled', 'scheduled'));
    expect(await timeSlot('w-split')).toMatchObject([{ taken_intervals: [3, 1] }]);
    // Added, two bookings, three status changes.
    expect(await version('split')).toBe(5);
  });

  it('counts the places of a block down per booking, and up for a cancellation', async () => {
    await given(
      timeSlotAdded('block', 'w-block', {
        addAsSlot: false,
        availableSlots: 3,
        serviceIds: ['Consultation'],
      }),
      booked('block', 'w-block', 'b1', null),
      booked('block', 'w-block', 'b2', null),
    );
    expect(await timeSlot('w-block')).toMatchObject([{ places_left: 1, capacity: 3, taken_intervals: [] }]);
    await given(statusChanged('block', 'w-block', 'b2', 'pending', 'cancelled'));
    expect(await timeSlot('w-block')).toMatchObject([{ places_left: 2, capacity: 3 }]);
  });

  it('keeps services in the provider’s currency; a renamed or deleted service follows in its time slots', async () => {
    await given(
      registered('svc'),
      onProvider('svc', 'ProviderApproved'),
      serviceAdded('svc', 's1', 'Consultation'),
      serviceAdded('svc', 's2', 'Follow-up'),
      timeSlotAdded('svc', 'w-svc', {
        addAsSlot: true,
        availableSlots: 1,
        serviceIds: ['Consultation', 'Follow-up'],
      }),
      onProvider('svc', 'ServiceEdited', {
        serviceId: 's1',
        name: 'First consultation',
        duration: 45,
        price: 60,
        isPaymentNeeded: true,
        automaticBooking: true,
        previousName: 'Consultation',
      }),
      onProvider('svc', 'ServiceDeleted', { serviceId: 's2', name: 'Follow-up' }),
    );
    expect(
      await rows(
        `SELECT id, name, duration, price::text, currency, automatic_booking FROM rm_schedule.services
          WHERE provider_id = 'svc' ORDER BY id`,
      ),
    ).toEqual([
      {
        id: 's1',
        name: 'First consultation',
        duration: 45,
        price: '60.00',
        currency: 'INR',
        automatic_booking: true,
      },
    ]);
    expect(await timeSlot('w-svc')).toMatchObject([{ service_names: ['First consultation'] }]);
    await given(onProvider('svc', 'ProviderCurrencyChanged', { currency: 'EUR' }));
    expect(await rows(`SELECT currency FROM rm_schedule.services WHERE provider_id = 'svc'`)).toEqual([
      { currency: 'EUR' },
    ]);
  });

  it('starts an approved provider with the default template; saves, replaces and deletes templates; a rejection drops them', async () => {
    const templates = (providerId: string) =>
      rows(
        `SELECT id, name, description, is_default, working_hours, breaks FROM rm_schedule.templates
          WHERE provider_id = $1 ORDER BY is_default DESC, id`,
        [providerId],
      );
    const standard = defaultTemplate();
    const weekend = { ...standard, id: 't-weekend', name: 'Weekend', isDefault: false, breaks: [] };
    await given(
      registered('tpl'),
      onProvider('tpl', 'ProviderApproved'),
      onProvider('tpl', 'ScheduleTemplateSaved', { template: weekend }),
      onProvider('tpl', 'ScheduleTemplateSaved', { template: { ...weekend, name: 'Weekend hours' } }),
    );
    expect(await templates('tpl')).toEqual([
      {
        id: standard.id,
        name: standard.name,
        description: standard.description,
        is_default: true,
        working_hours: standard.workingHours,
        breaks: standard.breaks,
      },
      {
        id: 't-weekend',
        name: 'Weekend hours',
        description: standard.description,
        is_default: false,
        working_hours: standard.workingHours,
        breaks: [],
      },
    ]);
    await given(onProvider('tpl', 'ScheduleTemplateDeleted', { templateId: standard.id }));
    expect(await templates('tpl')).toMatchObject([{ id: 't-weekend' }]);
    await given(onProvider('tpl', 'ProviderRejected', { adminId: 'admin-tpl' }));
    expect(await templates('tpl')).toEqual([]);
  });
});
