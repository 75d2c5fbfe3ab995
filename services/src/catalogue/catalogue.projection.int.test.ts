import { defaultBreaks, defaultWorkingHours } from '@appointment/contracts/schedule';
import { catalogueProjection } from '@appointment/projections/catalogue.projection';
import { projectionSpec, type GivenEvent } from '../testing/projection-spec';

const at = '2026-11-22T09:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';

const registered = (providerId: string, extra: Record<string, unknown> = {}): GivenEvent => ({
  stream: `provider-${providerId}`,
  type: 'ProviderRegistered',
  data: {
    providerId,
    adminId: `admin-${providerId}`,
    businessName: `Clinic ${providerId}`,
    industry: 'Healthcare',
    email: `${providerId}@example.com`,
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad, Kerala 678001',
    at,
    ...extra,
  },
});
const onProvider = (
  providerId: string,
  type: string,
  data: Record<string, unknown> = {},
  when = at,
): GivenEvent => ({
  stream: `provider-${providerId}`,
  type,
  data: { providerId, at: when, ...data },
});
const service = { serviceId: 's1', name: 'Consultation', duration: 30, price: 50, isPaymentNeeded: true };

/** The catalogue read model (docs/product.md §2.6, §2.8): providers, their services, favourites. */
describe('catalogue projection', () => {
  const { given, rows } = projectionSpec('catalogue', [catalogueProjection]);
  const provider = (id: string) =>
    rows(
      `SELECT id, admin_id, name, industry, status, timezone, currency, working_hours, breaks, description,
              image_url, specialties, created_at::text, updated_at::text
         FROM rm_catalogue.providers WHERE id = $1`,
      [id],
    );

  it('lists a registered business as pending, in its country’s zone and currency, until approved', async () => {
    await given(registered('kerala'));
    expect(await provider('kerala')).toEqual([
      {
        id: 'kerala',
        admin_id: 'admin-kerala',
        name: 'Clinic kerala',
        industry: 'Healthcare',
        status: 'pending',
        timezone: 'Asia/Kolkata',
        currency: 'INR',
        working_hours: defaultWorkingHours(),
        breaks: defaultBreaks(),
        description: '',
        image_url: null,
        specialties: [],
        created_at: '2026-11-22 09:00:00+00',
        updated_at: '2026-11-22 09:00:00+00',
      },
    ]);
    await given(onProvider('kerala', 'ProviderApproved', {}, later));
    expect(await provider('kerala')).toMatchObject([
      { status: 'active', updated_at: '2026-11-22 10:00:00+00' },
    ]);
  });

  it('adds a provider a superadmin created, active, with the currency it names', async () => {
    const hours = defaultWorkingHours().map((entry) => ({ ...entry, startTime: '08:00' }));
    await given(
      onProvider('peak', 'ProviderCreated', {
        businessName: 'Peak Gym',
        industry: 'Fitness',
        email: 'peak@example.com',
        phone: '3125550142',
        address: '1 Main St, Chicago',
        description: 'Strength and cardio',
        imageUrl: '/uploads/peak.png',
        workingHours: hours,
        breaks: [],
        specialties: ['Yoga'],
        timezone: 'America/Chicago',
        currency: 'USD',
      }),
    );
    expect(await provider('peak')).toMatchObject([
      {
        admin_id: null,
        name: 'Peak Gym',
        status: 'active',
        timezone: 'America/Chicago',
        currency: 'USD',
        working_hours: hours,
        breaks: [],
        description: 'Strength and cardio',
        image_url: '/uploads/peak.png',
        specialties: ['Yoga'],
      },
    ]);
  });

  it('keeps services in the order added, in the provider’s currency, and follows edits, deletions and a new currency', async () => {
    const services = () =>
      rows(
        `SELECT id, name, description, duration, price::text, currency, is_payment_needed, automatic_booking
           FROM rm_catalogue.services WHERE provider_id = 'svc' ORDER BY position`,
      );
    await given(
      registered('svc'),
      onProvider('svc', 'ProviderApproved'),
      onProvider('svc', 'ServiceAdded', { ...service, automaticBooking: false }),
      onProvider('svc', 'ServiceAdded', {
        ...service,
        serviceId: 's2',
        name: 'Follow-up',
        description: 'A second visit',
        price: 0,
        isPaymentNeeded: false,
        automaticBooking: true,
      }),
      onProvider('svc', 'ServiceEdited', {
        ...service,
        name: 'First consultation',
        price: 75.5,
        automaticBooking: true,
        previousName: 'Consultation',
      }),
    );
    expect(await services()).toEqual([
      {
        id: 's1',
        name: 'First consultation',
        description: null,
        duration: 30,
        price: '75.50',
        currency: 'INR',
        is_payment_needed: true,
        automatic_booking: true,
      },
      {
        id: 's2',
        name: 'Follow-up',
        description: 'A second visit',
        duration: 30,
        price: '0.00',
        currency: 'INR',
        is_payment_needed: false,
        automatic_booking: true,
      },
    ]);
    await given(
      onProvider('svc', 'ServiceDeleted', { serviceId: 's2', name: 'Follow-up' }),
      onProvider('svc', 'ProviderCurrencyChanged', { currency: 'EUR' }),
    );
    expect(await services()).toMatchObject([{ id: 's1', currency: 'EUR' }]);
    expect(await provider('svc')).toMatchObject([{ currency: 'EUR' }]);
  });

  it('sets working hours, breaks and time zone', async () => {
    const hours = defaultWorkingHours().map((entry) => ({ ...entry, endTime: '18:00' }));
    const breaks = [{ startTime: '13:00', endTime: '13:30' }];
    await given(
      registered('hours'),
      onProvider('hours', 'ProviderApproved'),
      onProvider(
        'hours',
        'AvailabilitySet',
        { workingHours: hours, breaks, timezone: 'Europe/Berlin' },
        later,
      ),
    );
    expect(await provider('hours')).toMatchObject([
      { working_hours: hours, breaks, timezone: 'Europe/Berlin', updated_at: '2026-11-22 10:00:00+00' },
    ]);
  });

  it('removes a rejected provider with its services', async () => {
    await given(
      registered('nope'),
      onProvider('nope', 'ServiceAdded', { ...service, serviceId: 'nope-s1', automaticBooking: false }),
      onProvider('nope', 'ProviderRejected', { adminId: 'admin-nope' }),
    );
    expect(await provider('nope')).toEqual([]);
    expect(await rows(`SELECT id FROM rm_catalogue.services WHERE provider_id = 'nope'`)).toEqual([]);
  });

  it('marks and unmarks favourites, once each', async () => {
    const favourite = (type: string, providerId: string, when = at): GivenEvent => ({
      stream: 'favourites-u1',
      type,
      data: { userId: 'u1', providerId, at: when },
    });
    await given(
      favourite('FavouriteProviderAdded', 'p1'),
      favourite('FavouriteProviderAdded', 'p2', later),
      favourite('FavouriteProviderAdded', 'p1', later),
      favourite('FavouriteProviderRemoved', 'p2'),
    );
    expect(
      await rows(
        `SELECT user_id, provider_id, created_at::text FROM rm_catalogue.favourites ORDER BY provider_id`,
      ),
    ).toEqual([{ user_id: 'u1', provider_id: 'p1', created_at: '2026-11-22 09:00:00+00' }]);
  });

  it('skips an event whose data does not fit its schema, with a warning, and goes on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await given(registered('bad', { businessName: 42 }), registered('good'));
    expect(await rows(`SELECT id FROM rm_catalogue.providers WHERE id IN ('bad', 'good')`)).toEqual([
      { id: 'good' },
    ]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('catalogue projection: skipped ProviderRegistered'),
    );
    warn.mockRestore();
  });
});
