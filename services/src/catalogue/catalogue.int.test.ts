import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../testing/test-platform';

/** Services, providers and favourites over real HTTP and PostgreSQL (docs/product.md §7.4, §7.5). */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const providerForm = (overrides: Record<string, string> = {}, image?: { bytes: Buffer; name: string }) => {
  const form = new FormData();
  const fields: Record<string, string> = {
    businessname: 'Lakeside Physio',
    email: 'lakeside@example.com',
    phoneno: '3125550177',
    industry: 'Healthcare',
    address: '77 Lake Shore Drive, Chicago, IL',
    description: 'Physiotherapy',
    services: JSON.stringify([
      { name: 'Assessment', duration: 45, price: 30 },
      { name: 'Taping', duration: 15, price: 0 },
      { name: 'Dry Needling', duration: 30, price: 25 },
    ]),
    specialties: 'Sports, Back pain',
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)]), image.name);
  return form;
};

describe('catalogue API', () => {
  let test: TestPlatform;
  let admin: Caller;
  let incharge: Caller;
  let user: Caller;
  let superadmin: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'catalogue' });
    admin = await test.signedIn('admin@example.com');
    incharge = await test.signedIn('incharge@example.com');
    user = await test.signedIn('user@example.com');
    superadmin = await test.signedIn('superadmin@example.com');
  });
  afterAll(async () => {
    await test.stop();
  });

  it('adds, edits and deletes a service; isPaymentNeeded always follows the price', async () => {
    const added = await admin.opUnchecked('addService', {
      body: {
        name: 'Dressing',
        price: 0,
        duration: 10,
        isPaymentNeeded: true,
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.service).toMatchObject({
      name: 'Dressing',
      price: 0,
      duration: 10,
      isPaymentNeeded: false,
    });
    const id = added.body.service._id;

    const edited = await admin.op('editService', {
      body: {
        id,
        data: { name: 'Wound Dressing', price: 12.5, duration: 15 },
      },
    });
    expect(edited.body.service).toMatchObject({ name: 'Wound Dressing', price: 12.5, isPaymentNeeded: true });

    const listed = await incharge.op('getServices');
    expect(listed.body.map((service) => service.name)).toContain('Wound Dressing');

    const deleted = await admin.op('deleteService', {
      body: {
        id,
      },
    });
    expect(deleted.body.deletedService).toMatchObject({ _id: id, name: 'Wound Dressing' });
    const after = await admin.op('getServices');
    expect(after.body.map((service) => service._id)).not.toContain(id);
    expect((await admin.op('deleteService', { body: { id } })).status).toBe(404);
  });

  it('refuses bad service input with the spec messages, and an incharge may not add', async () => {
    const bad = await admin.op('addService', { body: { name: ' ', duration: 0, price: -1 } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).errors).toEqual([
      { field: 'name', message: 'Service name is required' },
      { field: 'duration', message: 'Duration must be at least 1 minute' },
      { field: 'price', message: 'Price must be non-negative' },
    ]);
    const duplicate = await admin.op('addService', { body: { name: 'general consultation' } });
    expect(duplicate.status).toBe(409);
    expect((await incharge.op('addService', { body: { name: 'X' } })).status).toBe(403);
    const nul = await admin.op('addService', { body: { name: 'Bad\u0000Name' } });
    expect(nul).toMatchObject({
      status: 400,
      body: { message: 'The request contains characters that cannot be stored' },
    });
  });

  it('lets a superadmin add an active provider with an image, services and specialties', async () => {
    const reply = await superadmin.op('addProvider', {
      body: providerForm({}, { bytes: PNG, name: 'logo.png' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('Provider created successfully');
    const provider = reply.body.provider;
    expect(provider).toMatchObject({
      name: 'Lakeside Physio',
      phone: '3125550177',
      status: 'active',
      industryId: 'healthcare',
      timezone: 'America/Chicago',
      specialties: ['Sports', 'Back pain'],
      rating: 0,
      reviewCount: 0,
    });
    expect(provider.workingHours.filter((day) => day.isAvailable).map((day) => day.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
    ]);
    expect(provider.breaks).toEqual([{ startTime: '12:00', endTime: '13:00' }]);
    // In the order they were entered.
    expect(provider.services).toEqual([
      expect.objectContaining({ name: 'Assessment', duration: 45, price: 30, isPaymentNeeded: true }),
      expect.objectContaining({ name: 'Taping', duration: 15, price: 0, isPaymentNeeded: false }),
      expect.objectContaining({ name: 'Dry Needling', duration: 30, price: 25, isPaymentNeeded: true }),
    ]);
    const image = await fetch(`${test.base}${provider.imageUrl}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const all = await superadmin.op('getProviders');
    expect(all.body.providers.find((p) => p.id === provider.id)?.status).toBe('active');
    expect(all.body.providers.find((p) => p.email === 'harbor@example.com')?.status).toBe('pending');
  });

  it('refuses a provider form without services or with a file that is not an image', async () => {
    const empty = await superadmin.op('addProvider', {
      body: providerForm({ businessname: '', services: '[]' }),
    });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Provider name is required' },
        { field: 'services', message: 'At least one service is required' },
      ]),
    );
    const notImage = await superadmin.op('addProvider', {
      body: providerForm(
        { businessname: 'Fake Image' },
        { bytes: Buffer.from('<script>alert(1)</script>'), name: 'x.png' },
      ),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('Please select a valid image file.');
    const all = await superadmin.op('getProviders');
    expect(all.body.providers.map((p) => p.name)).not.toContain('Fake Image');
    expect((await admin.op('addProvider', { body: providerForm() })).status).toBe(403);
  });

  it('browses active providers by industry, whole-word location and name', async () => {
    const names = async (filters: object) =>
      (await user.op('fetchProviders', { body: filters })).body.providers.map((p) => p.name);
    expect(await names({ industry: 'Healthcare', location: 'palakkad' })).toEqual(['Sunrise Clinic']);
    expect(await names({ industry: 'healthcare', location: 'Pala' })).toEqual([]);
    expect(await names({ search: 'SUNR' })).toEqual(['Sunrise Clinic']);
    expect(await names({ industry: 'Fitness' })).toEqual(['Peak Performance Gym']);
    expect(await names({})).not.toContain('Harbor Fitness');
  });

  it('shows a provider with its services, but a pending one only to platform staff', async () => {
    const [sunrise] = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers;
    const detail = await user.op('providerById', {
      body: {
        id: sunrise!.id,
      },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.services!.map((s) => [s.name, s.duration, s.price])).toEqual([
      ['General Consultation', 30, 50],
      ['Follow-up Visit', 15, 0],
    ]);
    const byAdminId = await admin.op('providerById', {
      body: {
        id: sunrise!.adminId!,
      },
    });
    expect(byAdminId.body.provider.id).toBe(sunrise!.id);

    const harbor = (await superadmin.op('getProviders')).body.providers.find((p) => p.status === 'pending')!;
    expect((await user.op('providerById', { body: { id: harbor.id } })).status).toBe(404);
    expect((await superadmin.op('providerById', { body: { id: harbor.id } })).status).toBe(200);
    const unknown = await user.op('providerById', { body: { id: 'nope' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Provider not found' } });
  });

  it('keeps favourites per user: set, toggle, and only active providers', async () => {
    const [sunrise] = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers;
    const marked = await user.op('updateFavourite', {
      body: {
        providerId: sunrise!.id,
        favorite: true,
      },
    });
    expect(marked.body.favorites).toEqual([{ itemId: sunrise!.id, createdAt: expect.any(String) }]);
    await user.op('updateFavourite', { body: { providerId: sunrise!.id, favorite: true } });
    expect((await user.op('favourites')).body.favorites).toHaveLength(1);

    const other = await test.signedIn('user@example.com');
    const toggled = await other.op('updateFavourite', { body: { providerId: sunrise!.id } });
    expect(toggled.body.favorites).toEqual([]);
    expect((await user.op('favourites')).body.favorites).toEqual([]);

    const missing = await user.op('updateFavourite', { body: { providerId: 'nope' } });
    expect(missing.status).toBe(404);
  });
});
