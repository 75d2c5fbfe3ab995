import { addDays, format, parseISO } from 'date-fns';
import { systemClock, type Clock } from '@appointment/contracts/clock';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import { ProviderForm, type ProviderFormInput } from '@appointment/contracts/catalogue';
import { dayKeyIn, TimeSlotForm } from '@appointment/contracts/schedule';
import type { AccountsContext, Actor } from '../accounts/accounts-context';
import type { CatalogueContext } from '../catalogue/catalogue-context';
import type { Logger } from '../logger';
import type { ScheduleContext } from '../schedule/schedule-context';
import { approveProvider } from '../accounts/provider-approval/provider-approval';
import { registerProvider, registerUser } from '../accounts/register/register';
import { addService } from '../catalogue/services/services';
import { createProvider } from '../catalogue/providers/providers';
import { addTimeSlot } from '../schedule/time-slots/add-time-slot';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@example.com', role: 'superadmin', name: 'Sam Superadmin' },
  { email: 'support@example.com', role: 'support', name: 'Sue Support' },
  { email: 'admin@example.com', role: 'admin', name: 'Sunrise Clinic' },
  { email: 'incharge@example.com', role: 'incharge', name: 'Ivan Incharge' },
  { email: 'user@example.com', role: 'user', name: 'Asha User' },
] as const;

export const DEMO_PENDING_PROVIDER = {
  businessName: 'Harbor Fitness',
  industry: 'Fitness',
  email: 'harbor@example.com',
  phone: '3055550199',
  address: '200 Ocean Drive, Miami, FL 33139',
};

/** Active providers a superadmin added, so browsing has something in each industry and place. */
export const DEMO_CATALOGUE: ProviderFormInput[] = [
  {
    name: 'Peak Performance Gym',
    email: 'peak@example.com',
    phone: '3125550142',
    industry: 'Fitness',
    address: '401 North Michigan Avenue, Chicago, IL 60611',
    description: 'Strength and conditioning with certified coaches.',
    services: [
      { name: 'Personal Training', duration: 60, price: 40 },
      { name: 'Fitness Assessment', duration: 30, price: 0, automaticBooking: true },
    ],
    specialties: ['Strength', 'Conditioning'],
  },
  {
    name: 'Thrissur Dental Care',
    email: 'dental@example.com',
    phone: '4872555014',
    industry: 'Healthcare',
    address: '5 Round East, Thrissur, Kerala 680001',
    description: 'Family dentistry and check-ups.',
    services: [{ name: 'Dental Check-up', duration: 30, price: 25 }],
    specialties: ['Dentistry'],
  },
  {
    name: 'Downtown Cowork Hub',
    email: 'cowork@example.com',
    phone: '7135550187',
    industry: 'Office',
    address: '910 Travis Street, Houston, TX 77002',
    description: 'Meeting rooms and hot desks by the hour.',
    services: [{ name: 'Meeting Room', duration: 60, price: 15 }],
    specialties: ['Meeting rooms'],
  },
];

/** Five days of time slots from tomorrow for each of DEMO_CATALOGUE, inside its working hours. */
const DEMO_SLOTS: Record<string, { startTime: string; endTime: string; intervals: number }> = {
  'Peak Performance Gym': { startTime: '09:00', endTime: '12:00', intervals: 3 },
  'Thrissur Dental Care': { startTime: '09:00', endTime: '12:00', intervals: 6 },
  'Downtown Cowork Hub': { startTime: '13:00', endTime: '17:00', intervals: 4 },
};

export interface DemoDependencies {
  accounts: AccountsContext;
  catalogue: CatalogueContext;
  schedule: ScheduleContext;
}

/**
 * The demo store, created through the same commands as real use so that it sits in the event
 * log: platform staff, an approved provider with its admin, incharge, services and two weeks of
 * daily time slots, a user, more active providers, and one registration waiting for approval.
 */
export const seedDemoData = async (
  { accounts, catalogue, schedule }: DemoDependencies,
  logger: Logger,
  now: Clock = systemClock,
): Promise<void> => {
  const password = { password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
  const verified = { emailVerified: true };

  const { userId: superadminId } = await registerUser(
    accounts,
    { name: 'Sam Superadmin', email: 'superadmin@example.com', phone: '9995550100', ...password },
    { role: 'superadmin', ...verified },
  );
  const superadmin: Actor = { userId: superadminId, role: 'superadmin' };
  await registerUser(
    accounts,
    { name: 'Sue Support', email: 'support@example.com', phone: '9995550101', ...password },
    { role: 'support', ...verified },
  );
  const sunrise = await registerProvider(accounts, {
    businessName: 'Sunrise Clinic',
    industry: 'Healthcare',
    email: 'admin@example.com',
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad, Kerala 678001',
    ...password,
  });
  await approveProvider(accounts, superadmin, sunrise.userId);
  const sunriseAdmin: Actor = { userId: sunrise.userId, role: 'admin', providerId: sunrise.providerId };
  await addService(catalogue, sunriseAdmin, {
    name: 'General Consultation',
    description: 'A 30-minute consultation with a general physician.',
    duration: 30,
    price: 50,
    automaticBooking: false,
    allowRecurring: false,
  });
  await addService(catalogue, sunriseAdmin, {
    name: 'Follow-up Visit',
    description: 'A short follow-up after a consultation.',
    duration: 15,
    price: 0,
    automaticBooking: true,
    // Issue 31: a follow-up may be booked as a series.
    allowRecurring: true,
  });
  const today = dayKeyIn(now(), 'Asia/Kolkata');
  await addTimeSlot(
    schedule,
    sunriseAdmin,
    TimeSlotForm.parse({
      date: today,
      startTime: '09:00',
      endTime: '12:00',
      availableSlots: 6,
      addAsSlot: true,
      repeat: 'daily',
      repeatUntil: format(addDays(parseISO(today), 13), 'yyyy-MM-dd'),
      serviceIds: ['General Consultation', 'Follow-up Visit'],
    }),
  );
  for (const provider of DEMO_CATALOGUE) {
    const created = await createProvider(catalogue, superadmin, ProviderForm.parse(provider), null);
    // Every demo provider can be booked, so a newcomer can book in every industry. The
    // seeder acts as the provider's admin; its events say so (`demo-data`).
    const seeder: Actor = { userId: 'demo-data', role: 'admin', providerId: created.id };
    const tomorrow = format(addDays(parseISO(dayKeyIn(now(), created.timezone)), 1), 'yyyy-MM-dd');
    const slot = DEMO_SLOTS[provider.name]!;
    await addTimeSlot(
      schedule,
      seeder,
      TimeSlotForm.parse({
        date: tomorrow,
        startTime: slot.startTime,
        endTime: slot.endTime,
        availableSlots: slot.intervals,
        addAsSlot: true,
        repeat: 'daily',
        repeatUntil: format(addDays(parseISO(tomorrow), 4), 'yyyy-MM-dd'),
        serviceIds: (created.services ?? []).map((service) => service.name),
      }),
    );
  }
  await registerUser(
    accounts,
    { name: 'Ivan Incharge', email: 'incharge@example.com', phone: '4912345679', ...password },
    { role: 'incharge', providerId: sunrise.providerId, ...verified },
  );
  await registerUser(
    accounts,
    { name: 'Asha User', email: 'user@example.com', phone: '9995550102', ...password },
    { role: 'user', ...verified },
  );
  await registerProvider(accounts, { ...DEMO_PENDING_PROVIDER, ...password });

  logger.info(
    `Demo data created. Sign in with password "${DEMO_PASSWORD}" as:\n` +
      DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(24)} ${account.role}`).join('\n') +
      `\n  (${DEMO_PENDING_PROVIDER.email} is a provider registration waiting for approval)`,
  );
};
