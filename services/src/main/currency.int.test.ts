import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { appointmentsProjection } from '@appointment/projections/appointments.projection';
import { catalogueProjection } from '@appointment/projections/catalogue.projection';
import { ProjectorRunner } from '@appointment/projections/runner';
import { scheduleProjection } from '@appointment/projections/schedule.projection';

const at = '2026-11-22T09:00:00.000Z';
const service = (providerId: string, serviceId: string) => ({
  type: 'ServiceAdded',
  data: {
    providerId,
    serviceId,
    name: 'Consultation',
    duration: 30,
    price: 50,
    isPaymentNeeded: true,
    automaticBooking: false,
    at,
  },
});
const booking = (providerId: string, appointmentId: string, currency?: string) => ({
  type: 'IntervalBooked',
  data: {
    appointmentId,
    timeSlotId: `w-${providerId}`,
    providerId,
    userId: 'u1',
    email: 'user@example.com',
    username: 'Asha',
    providerName: providerId,
    serviceName: 'Consultation',
    index: 1,
    status: 'pending',
    date: '2026-11-23',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-11-23T04:00:00.000Z',
    endDateTime: '2026-11-23T04:30:00.000Z',
    paymentNeeded: true,
    amount: 50,
    ...(currency ? { currency } : {}),
    at,
  },
});

/**
 * The read models carry each price's currency. Older events, recorded before prices had one, name
 * none; rebuilt from them, a provider's prices read in its country's currency, so the log stays as
 * it is.
 */
describe('currencies in the read models', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectorRunner;

  beforeAll(async () => {
    database = await createTestDatabase('currency_projections');
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 50 });
    runner = new ProjectorRunner(
      store.pool,
      store,
      [catalogueProjection, scheduleProjection, appointmentsProjection],
      { batchSize: 200 },
    );
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await database.drop();
  });

  it("reads events without a currency as the country's, and follows a change", async () => {
    // Recorded before prices had a currency: none anywhere.
    await store.append('provider-kerala', [
      {
        type: 'ProviderRegistered',
        data: {
          providerId: 'kerala',
          adminId: 'a1',
          businessName: 'Kerala Clinic',
          industry: 'Healthcare',
          email: 'kerala@example.com',
          phone: '4912345678',
          address: '12 Stadium Road, Palakkad, Kerala 678001',
          at,
        },
      },
      { type: 'ProviderApproved', data: { providerId: 'kerala', at } },
      service('kerala', 's-kerala'),
    ]);
    await store.append('time-slot-w-kerala', [booking('kerala', 'old-booking')]);
    // Recorded since: the currency is in the events.
    await store.append('provider-kerala', [
      { type: 'ProviderCurrencyChanged', data: { providerId: 'kerala', currency: 'EUR', at } },
    ]);
    const { position } = await store.append('time-slot-w-kerala', [booking('kerala', 'new-booking', 'EUR')]);
    expect(await runner.waitFor(position)).toBe(true);

    const rows = async (sql: string) => (await store.pool.query(sql)).rows;
    expect(await rows(`SELECT currency FROM rm_catalogue.providers`)).toEqual([{ currency: 'EUR' }]);
    expect(await rows(`SELECT currency FROM rm_catalogue.services`)).toEqual([{ currency: 'EUR' }]);
    expect(await rows(`SELECT currency FROM rm_schedule.services`)).toEqual([{ currency: 'EUR' }]);
    expect(await rows(`SELECT id, currency FROM rm_appointments.appointments ORDER BY id`)).toEqual([
      { id: 'new-booking', currency: 'EUR' },
      { id: 'old-booking', currency: 'INR' },
    ]);
  });
});
