import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO, registerUser, signIn } from './api-sign-in';
import { createProviderWithSplitSlots, LONG_DATE } from './booking-helpers';

/**
 * Issue 15: once Spanish, then French, is chosen in Settings, the translated screens show none of their
 * English originals, for each role that reaches them. Names, addresses and other data are not texts of
 * the screens, and the server's messages (contracts MESSAGES) are still English, so neither is listed.
 */
type Language = 'es' | 'fr';

/** The English originals each screen must no longer show (from the feature catalogues, frontend/src/**\/*.texts.ts). */
const ENGLISH = {
  userDashboard: ['Recent Providers', 'View All', 'No recent providers.', 'Total Appointments', 'Scheduled'],
  adminDashboard: [
    'All Appointments',
    'Status',
    'All',
    'Pending',
    'Scheduled',
    'Search',
    'Location',
    'All locations',
  ],
  appointments: [
    'Appointments',
    'My Appointments',
    'Book New Appointment',
    'Scheduled',
    'Completed',
    'Pending',
    'Cancelled',
    'Total',
  ],
  appointmentList: ['All Appointments', 'Back'],
  bookingProviders: [
    'Book Appointment',
    'Industries',
    'Location',
    'All locations',
    'Search providers',
    'Favourites only',
    'Providers',
    'Office Providers',
    'New',
  ],
  bookingAutomatic: [
    'Back to providers',
    'Select Time & Service',
    'Services',
    'Next available slot',
    'Switch to Manual Booking',
    'Book Now',
    'Times are shown in the provider’s time zone',
  ],
  bookingManual: [
    'Select Your Preferred Time',
    'Switch to Automatic Booking',
    'Today',
    'Previous',
    'Next',
    'Month',
    'Week',
    'Day',
    'Pick a highlighted day to see its times.',
    'Times are shown in the provider’s time zone',
  ],
  bookingConfirm: ['Confirm Booking', 'Book appointment for', 'Add Note', 'Submit', 'Cancel'],
  settings: [
    'Settings',
    'Appearance',
    'Theme',
    'Language',
    'Light',
    'Dark',
    'System',
    'These choices are kept in this browser.',
    'Email notifications',
    'SMS notifications',
    'Appointment reminders',
    'Security',
    'Change Password',
  ],
  calendarFeed: ['Calendar feed', 'Create calendar address'],
  profile: [
    'Profile',
    'Personal Information',
    'Name',
    'Phone',
    'Preferences',
    'Timezone',
    'Language',
    'Notification Preferences',
    'Email notifications',
    'SMS notifications',
    'WhatsApp notifications',
    'Save Changes',
    'Upload new picture',
  ],
  connectedApps: ['Connected Apps', 'Calendar', 'Connected', 'Disconnected', 'Connect', 'Configure', 'Chat'],
  integrationSettings: [
    'Integration Settings',
    'AI Chatbot',
    'Enable chatbot',
    'Model',
    'Temperature',
    'Max response length',
    'Response templates',
    'Greeting',
    'Farewell',
    'Fallback',
    'Enable WhatsApp messages',
    'Connected number',
    'Save',
  ],
} as const;

/** The translated names the walk finds its way by (headings, regions, buttons), per language. */
const NAMES = {
  es: {
    welcome: /^Bienvenido de nuevo/,
    noRecentProviders: 'No hay proveedores recientes.',
    allAppointments: 'Todas las citas',
    appointments: 'Citas',
    myAppointments: 'Mis citas',
    book: 'Reservar cita',
    industries: 'Sectores',
    search: 'Buscar proveedores',
    providers: 'Proveedores',
    services: 'Servicios',
    automatic: 'Próxima franja disponible',
    toManual: 'Cambiar a reserva manual',
    manual: 'Elige la hora que prefieras',
    hasSlots: /Franjas disponibles/,
    confirm: 'Confirmar reserva',
    cancel: 'Cancelar',
    settings: 'Configuración',
    calendarFeed: 'Suscripción de calendario',
    profile: 'Perfil',
    profileForm: 'Datos del perfil',
    connectedApps: 'Aplicaciones conectadas',
    calendarApp: 'Calendario',
    integrationSettings: 'Configuración de integraciones',
    chatbot: 'Chatbot con IA',
  },
  fr: {
    welcome: /^Bon retour/,
    noRecentProviders: 'Aucun prestataire récent.',
    allAppointments: 'Tous les rendez-vous',
    appointments: 'Rendez-vous',
    myAppointments: 'Mes rendez-vous',
    book: 'Prendre rendez-vous',
    industries: 'Secteurs',
    search: 'Rechercher des prestataires',
    providers: 'Prestataires',
    services: 'Services proposés',
    automatic: 'Prochain créneau disponible',
    toManual: 'Passer à la réservation manuelle',
    manual: "Choisissez l'horaire qui vous convient",
    hasSlots: /Créneaux disponibles/,
    confirm: 'Confirmer la réservation',
    cancel: 'Annuler',
    settings: 'Paramètres',
    calendarFeed: "Abonnement à l'agenda",
    profile: 'Profil',
    profileForm: 'Détails du profil',
    connectedApps: 'Applications connectées',
    calendarApp: 'Agenda',
    integrationSettings: "Paramètres d'intégration",
    chatbot: 'Chatbot IA',
  },
} as const;

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string | RegExp) => main(page).getByRole('heading', { name, level: 1 });

/**
 * Fails if the page shows one of the English originals: as a whole line of the visible text, or (a phrase of
 * 15 characters or more) inside one.
 */
const expectNoEnglish = async (
  scope: Locator,
  language: Language,
  screen: string,
  originals: readonly string[],
) => {
  const lines = (await scope.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const shown = originals.filter((original) =>
    lines.some((line) => line === original || (original.length >= 15 && line.includes(original))),
  );
  expect(shown, `English texts on ${screen} in ${language}`).toEqual([]);
};

/** Chooses the language in Settings, by the option's value: the select's own label is translated. */
const chooseLanguage = async (page: Page, language: Language | 'en') => {
  await page.goto('/settings');
  const select = main(page)
    .getByRole('combobox')
    .filter({ has: page.locator('option[value="fr"]') });
  await select.selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(select).toHaveValue(language);
};

const visitSettingsAndProfile = async (page: Page, language: Language, withCalendarFeed: boolean) => {
  const names = NAMES[language];
  await page.goto('/settings');
  await expect(heading(page, names.settings)).toBeVisible();
  if (withCalendarFeed) {
    const feed = main(page).getByRole('region', { name: names.calendarFeed });
    await expect(feed.getByRole('button')).toBeVisible();
    await expectNoEnglish(main(page), language, 'Settings', [...ENGLISH.settings, ...ENGLISH.calendarFeed]);
  } else {
    await expectNoEnglish(main(page), language, 'Settings', ENGLISH.settings);
  }

  await page.goto('/profile');
  await expect(heading(page, names.profile)).toBeVisible();
  await expect(main(page).getByRole('form', { name: names.profileForm })).toBeVisible();
  await expectNoEnglish(main(page), language, 'Profile', ENGLISH.profile);
};

const visitAppointments = async (
  page: Page,
  language: Language,
  title: 'appointments' | 'myAppointments',
) => {
  const names = NAMES[language];
  await page.goto('/appointments');
  await expect(heading(page, names[title])).toBeVisible();
  // The counts have arrived (a dash stands for one still loading).
  await expect(main(page).getByText('–', { exact: true })).toHaveCount(0);
  await expectNoEnglish(main(page), language, '/appointments', ENGLISH.appointments);

  await page.goto('/appointments/list');
  await expect(heading(page, names.allAppointments)).toBeVisible();
  await expectNoEnglish(main(page), language, '/appointments/list', ENGLISH.appointmentList);
};

test.describe('Every translated screen in Spanish and French (issue 15)', { tag: '@any-hour' }, () => {
  test('a user meets no English on the dashboard, appointments, booking, settings and profile', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const provider = await createProviderWithSplitSlots(api, {
      businessName: `Polyglot Desk ${Date.now().toString(36)}`,
      service: 'Desk Hour',
      startTime: '10:00',
      endTime: '12:00',
      parts: 4,
      days: 2,
    });
    // A user of its own: the language chosen is saved on the account.
    const user = await registerUser(api, 'i18n');
    await api.dispose();
    await signIn(page, user.email, user.password);

    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await chooseLanguage(page, language);

      await page.goto('/dashboard');
      await expect(main(page).getByRole('heading', { name: names.welcome })).toBeVisible();
      await expect(main(page).getByText(names.noRecentProviders)).toBeVisible();
      await expectNoEnglish(main(page), language, '/dashboard', ENGLISH.userDashboard);

      await visitAppointments(page, language, 'myAppointments');

      // Booking: the providers, the booking screen in automatic and manual mode, and the confirm dialog.
      await page.goto('/appointments/book');
      await expect(heading(page, names.book)).toBeVisible();
      await page
        .getByRole('complementary', { name: names.industries })
        .getByRole('button', { name: 'Office' })
        .click();
      await main(page).getByLabel(names.search).fill(provider.businessName);
      const card = main(page)
        .getByRole('list', { name: names.providers })
        .getByRole('article', { name: provider.businessName, exact: true });
      await expect(card).toBeVisible();
      await expectNoEnglish(main(page), language, 'the provider list', ENGLISH.bookingProviders);

      await card.getByRole('button', { name: provider.businessName, exact: true }).click();
      await main(page)
        .getByRole('group', { name: names.services })
        .getByRole('button', { name: new RegExp(provider.service) })
        .click();
      const automatic = main(page).getByRole('region', { name: names.automatic });
      await expect(automatic.getByRole('button').last()).toBeVisible();
      await expectNoEnglish(main(page), language, 'automatic booking', ENGLISH.bookingAutomatic);

      await automatic.getByRole('button', { name: names.toManual }).click();
      const manual = main(page).getByRole('region', { name: names.manual });
      const highlighted = manual
        .getByRole('button', { name: names.hasSlots })
        .and(manual.locator(':enabled'));
      await highlighted.first().click();
      const dayTitle = manual.locator('#day-slots-title');
      await expect(dayTitle).toBeVisible();
      // The day is written the chosen language's way, not "Wednesday, November 25, 2026".
      await expect(dayTitle).not.toHaveText(LONG_DATE);
      await expectNoEnglish(main(page), language, 'manual booking', ENGLISH.bookingManual);

      await manual.locator('ul[aria-labelledby="day-slots-title"] button:enabled').first().click();
      const dialog = page.getByRole('dialog', { name: names.confirm });
      await expect(dialog).toBeVisible();
      await expectNoEnglish(dialog, language, 'the confirm dialog', ENGLISH.bookingConfirm);
      await dialog.getByRole('button', { name: names.cancel }).click();
      await expect(dialog).toBeHidden();

      await visitSettingsAndProfile(page, language, true);
    }
  });

  test("a provider's admin meets no English on the dashboard, appointments, integrations, settings and profile", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    // An admin of its own provider: the language chosen is saved on the account.
    const provider = await createProviderWithSplitSlots(api, {
      businessName: `Polyglot Clinic ${Date.now().toString(36)}`,
      service: 'Consultation',
      startTime: '09:00',
      endTime: '10:00',
      parts: 2,
      days: 1,
    });
    await api.dispose();
    await signIn(page, provider.email);

    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await chooseLanguage(page, language);

      await page.goto('/dashboard');
      await expect(main(page).getByRole('heading', { name: names.allAppointments })).toBeVisible();
      // The panel has loaded: its status filter offers its choices.
      await expect(main(page).getByRole('group').getByRole('combobox').first().locator('option')).toHaveCount(
        5,
      );
      await expectNoEnglish(main(page), language, '/dashboard', ENGLISH.adminDashboard);

      await visitAppointments(page, language, 'appointments');

      await page.goto('/integrations/apps');
      await expect(heading(page, names.connectedApps)).toBeVisible();
      await expect(
        main(page).getByRole('heading', { name: new RegExp(`^${names.calendarApp}`), level: 2 }),
      ).toBeVisible();
      await expectNoEnglish(main(page), language, 'Connected Apps', ENGLISH.connectedApps);

      await page.goto('/integrations/settings');
      await expect(heading(page, names.integrationSettings)).toBeVisible();
      await expect(main(page).getByRole('region', { name: names.chatbot })).toBeVisible();
      await expectNoEnglish(main(page), language, 'Integration Settings', ENGLISH.integrationSettings);

      await visitSettingsAndProfile(page, language, false);
    }
  });

  test('the platform staff meet no English on Connected Apps once a provider is picked', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    try {
      for (const language of ['es', 'fr'] as const) {
        const names = NAMES[language];
        await chooseLanguage(page, language);
        await page.goto('/integrations/apps');
        await expect(heading(page, names.connectedApps)).toBeVisible();
        const picker = main(page).getByRole('combobox');
        await expect(picker.locator('option').nth(1)).toBeAttached();
        await picker.selectOption({ index: 1 });
        await expect(
          main(page).getByRole('heading', { name: new RegExp(`^${names.calendarApp}`), level: 2 }),
        ).toBeVisible();
        await expectNoEnglish(main(page), language, 'Connected Apps', [
          ...ENGLISH.connectedApps,
          'Provider',
          'Choose a provider',
        ]);
        await visitSettingsAndProfile(page, language, false);
      }
    } finally {
      // A demo account: its language goes back to English for the other tests.
      await chooseLanguage(page, 'en');
    }
  });
});
