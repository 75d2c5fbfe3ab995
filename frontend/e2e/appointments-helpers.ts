import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Appointment } from '@appointment/contracts/appointments';
import { API_PATHS, DEMO_PASSWORD, registerUser, type RegisteredUser } from './api-sign-in';
import { createProviderWithSplitSlots } from './booking-helpers';

// Literal paths and texts: e2e files can import only types from contracts.
export const APPOINTMENT_PATHS = {
  book: '/api/appointments/bookappointment',
  stats: '/api/appointments/appointmentstats',
  list: '/api/appointments/appointmentlist',
  updateStatus: '/api/appointments/updatestatus',
  dashboardDetails: '/api/appointments/dashboarddetails',
} as const;

export const APPOINTMENT_TEXTS = {
  loadFailed: 'Failed to load appointments. Please try again.',
  empty: 'No appointments found.',
  statusUpdateFailed: 'Failed to update appointment status.',
  statusUpdateToast: 'Failed to update appointment.',
  markedAs: (status: string) => `Appointment marked as ${status}`,
} as const;

interface SignedIn {
  headers: Record<string, string>;
  user: { id: string; name: string; providerId?: string };
}

const login = async (request: APIRequestContext, email: string): Promise<SignedIn> => {
  const response = await request.post(API_PATHS.login, { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), `sign-in as ${email}`).toBeTruthy();
  const body = (await response.json()) as { token: string; user: SignedIn['user'] };
  return { headers: { Authorization: `Bearer ${body.token}` }, user: body.user };
};

/** A day key as the screens write long dates: weekday, month, day, year. */
export const longDate = (dayKey: string): string => {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
};

export interface BookedFixture {
  businessName: string;
  serviceName: string;
  /** The provider's admin. */
  adminEmail: string;
  user: RegisteredUser & { id: string };
  date: string;
  /** The booked appointments, in time order (09:00-09:30, then 09:30-10:00). */
  appointments: Appointment[];
}

/**
 * A provider of the test's own (tests run in parallel against one server) in Palakkad, with one
 * free service and a 09:00-11:00 time slot split into four, and a fresh user who has booked the
 * time slot's first two intervals through the API. `request` must not be the page's own context.
 */
export const createProviderWithBookings = async (
  request: APIRequestContext,
  label: string,
): Promise<BookedFixture> => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const businessName = `${label} Clinic ${suffix}`;
  const serviceName = `Checkup ${suffix}`;
  const provider = await createProviderWithSplitSlots(request, {
    businessName,
    industry: 'Healthcare',
    address: '14 Stadium Road, Palakkad, Kerala 678001',
    service: serviceName,
    startTime: '09:00',
    endTime: '11:00',
    parts: 4,
    days: 1,
    firstDay: 3,
  });
  const { providerId } = provider;
  const { _id: timeslotId, date } = provider.timeSlots[0]!;

  const registered = await registerUser(request, label.toLowerCase());
  const booker = await login(request, registered.email);
  const appointments: Appointment[] = [];
  for (const [index, start, end, from, to] of [
    [1, '09:00', '09:30', '9:00 AM', '9:30 AM'],
    [2, '09:30', '10:00', '9:30 AM', '10:00 AM'],
  ] as const) {
    const booked = await request.post(APPOINTMENT_PATHS.book, {
      headers: { ...booker.headers, 'Idempotency-Key': `${suffix}-${index}` },
      data: {
        servicename: serviceName,
        providerId,
        timeslotId,
        date,
        starttime: start,
        endtime: end,
        formattedstarttime: from,
        formattedendtime: to,
        index: String(index),
        paymentneeded: 'false',
        automaticbooking: 'false',
      },
    });
    expect(booked.status(), `booking interval ${index}`).toBe(201);
    appointments.push(((await booked.json()) as { appointment: Appointment }).appointment);
  }
  return {
    businessName,
    serviceName,
    adminEmail: provider.email,
    user: { ...registered, id: booker.user.id },
    date,
    appointments,
  };
};

/** The five status cards of /appointments. */
export const statusCards = (page: Page) => page.getByRole('list', { name: 'Appointment status' });

export const statusCard = (page: Page, label: string) =>
  statusCards(page).getByRole('button', { name: new RegExp(`^${label}\\b`) });

/** Expects each status card to show its count. */
export const expectCounts = async (page: Page, counts: Record<string, number>): Promise<void> => {
  for (const [label, count] of Object.entries(counts)) {
    await expect(statusCard(page, label), `${label} count`).toHaveAccessibleName(`${label} ${count}`);
  }
};

export const appointmentList = (page: Page) => page.getByRole('list', { name: 'Appointment list' });

/** The dashboard's appointments panel of a provider's staff. */
/** From the dashboard, the provider's admin opens the history; its timeline. */
export const openHistory = async (page: Page) => {
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: "Your provider's history" })
    .getByRole('link', { name: 'Open History' })
    .click();
  return page.getByRole('list', { name: 'Timeline' });
};

export const adminPanel = (page: Page) => page.getByRole('region', { name: 'All Appointments' });
