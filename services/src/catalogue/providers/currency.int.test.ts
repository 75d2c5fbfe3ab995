import { MESSAGES } from '@appointment/contracts/messages';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
  errorOf,
} from '../../testing/test-platform';

const providerForm = (fields: Record<string, string>) => {
  const form = new FormData();
  const all: Record<string, string> = {
    email: 'madrid@example.com',
    phoneno: '3491555017',
    industry: 'Healthcare',
    description: 'Physiotherapy',
    services: JSON.stringify([{ name: 'Assessment', duration: 45, price: 30 }]),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  return form;
};

/**
 * One currency per provider. Its default comes from the provider's country, its admin can
 * change it, and every answer that carries a price carries it too: services, slots, bookings,
 * orders, the checkout and the lists.
 */
describe('one currency per provider', () => {
  let test: TestPlatform;
  let admin: Caller;
  let incharge: Caller;
  let user: Caller;
  let superadmin: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'currency' });
    [admin, incharge, user, superadmin] = await Promise.all([
      test.signedIn('admin@example.com'),
      test.signedIn('incharge@example.com'),
      test.signedIn('user@example.com'),
      test.signedIn('superadmin@example.com'),
    ]);
  });
  afterAll(async () => {
    await test.stop();
  });

  const ownProvider = async (caller: Caller) => {
    const { body } = await caller.op('providerById', {
      body: { id: (await caller.op('me')).body.user.providerId! },
    });
    return body;
  };

  it("starts from the provider's country: Sunrise Clinic in Kerala, India, prices in INR", async () => {
    const { provider, services } = await ownProvider(admin);
    expect(provider.currency).toBe('INR');
    expect(services!.map((s) => [s.name, s.price, s.currency])).toEqual([
      ['General Consultation', 50, 'INR'],
      ['Follow-up Visit', 0, 'INR'],
    ]);
    const listed = await user.op('fetchProviders');
    expect(Object.fromEntries(listed.body.providers.map((p) => [p.name, p.currency]))).toMatchObject({
      'Sunrise Clinic': 'INR',
      'Thrissur Dental Care': 'INR',
      'Peak Performance Gym': 'USD',
      'Downtown Cowork Hub': 'USD',
    });
  });

  it("tells the provider's own staff its currency", async () => {
    expect((await admin.op('providerCurrency')).body).toEqual({ currency: 'INR' });
    expect((await incharge.op('providerCurrency')).body).toEqual({ currency: 'INR' });
    expect((await user.op('providerCurrency')).status).toBe(403);
  });

  it('refuses a code it does not support, naming the field', async () => {
    for (const currency of ['EURO', 'XYZ', '', 42]) {
      const reply = await admin.opUnchecked('setProviderCurrency', { body: { currency } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(MESSAGES.currencyUnsupported);
      expect(errorOf(reply).errors).toEqual([{ field: 'currency', message: MESSAGES.currencyUnsupported }]);
    }
  });

  it("lets only the provider's admin change it", async () => {
    expect((await incharge.op('setProviderCurrency', { body: { currency: 'EUR' } })).status).toBe(403);
    expect((await user.op('setProviderCurrency', { body: { currency: 'EUR' } })).status).toBe(403);
    expect((await ownProvider(admin)).provider.currency).toBe('INR');
  });

  it('changes every price to the chosen currency, and books, orders and lists in it', async () => {
    const changed = await admin.op('setProviderCurrency', {
      body: {
        currency: 'eur',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: MESSAGES.currencySaved, provider: { currency: 'EUR' } });
    const services = await admin.op('getServices');
    expect(services.body.map((s) => s.currency)).toEqual(['EUR', 'EUR']);

    const { sunrise, timeSlots } = await sunriseTimeSlots(user, 'General Consultation');
    expect(sunrise.currency).toBe('EUR');
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: sunrise.id,
        serviceId: 'General Consultation',
      },
    });
    expect(slots.body.matchedService).toMatchObject({ price: 50, currency: 'EUR' });

    const booked = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: sunrise.id,
        timeslotId: timeSlots[0]!._id,
        date: timeSlots[0]!.date,
        index: '1',
      },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.appointment).toMatchObject({ amount: 50, currency: 'EUR' });
    expect(booked.body.order).toMatchObject({ amount: 5000, currency: 'EUR' });
    expect(booked.body.checkout!.gateway).toBe('sandbox');
    const page = await user.get<string>((booked.body.checkout as { url: string }).url);
    expect(page.body).toContain('€50.00');
    expect(page.body).not.toContain('INR');

    const again = await user.op('payAgain', {
      body: {
        appointmentId: booked.body.appointment._id,
      },
    });
    expect(again.body.order).toMatchObject({ amount: 5000, currency: 'EUR' });

    // A booking keeps the currency it was made in; a later change applies to new ones only.
    await admin.op('setProviderCurrency', { body: { currency: 'GBP' } });
    const mine = await user.op('list');
    expect(mine.body.appointments.find((a) => a._id === booked.body.appointment._id)?.currency).toBe('EUR');
    const dashboard = await admin.op('dashboardDetails');
    const listed = dashboard.body.appointmentsWithServiceDetails.find(
      (a) => a._id === booked.body.appointment._id,
    );
    expect(listed).toMatchObject({ currency: 'EUR', serviceDetails: { currency: 'GBP' } });
  });

  it('gives a provider added in a euro country euros, unless another currency is chosen', async () => {
    const madrid = await superadmin.op('addProvider', {
      body: providerForm({ businessname: 'Clínica Madrid', address: 'Calle Mayor 5, 28013 Madrid, Spain' }),
    });
    expect(madrid.status).toBe(201);
    expect(madrid.body.provider.currency).toBe('EUR');
    expect(madrid.body.provider.services?.map((s) => s.currency)).toEqual(['EUR']);

    const london = await superadmin.op('addProvider', {
      body: providerForm({
        businessname: 'London Physio',
        email: 'london@example.com',
        address: '1 Baker Street, London, United Kingdom',
        currency: 'usd',
      }),
    });
    expect(london.status).toBe(201);
    expect(london.body.provider.currency).toBe('USD');

    const refused = await superadmin.op('addProvider', {
      body: providerForm({
        businessname: 'Nowhere',
        email: 'nowhere@example.com',
        address: 'Somewhere',
        currency: 'ABC',
      }),
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).errors).toEqual(
      expect.arrayContaining([{ field: 'currency', message: MESSAGES.currencyUnsupported }]),
    );
  });
});
