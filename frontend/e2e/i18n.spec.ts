import { type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from './api-sign-in';
import { expect, test, uniqueName } from './booking-fixture';
import { LONG_DATE } from './booking-helpers';

/**
 * Once Spanish, then French, is chosen in Settings, the translated screens show none of their
 * English originals, for each role that reaches them, and neither do the server's and the product's messages
 * (contracts MESSAGES) where they appear: a refused sign-in, the form checks, an empty list. Names, addresses
 * and other data are not texts of the screens, so none is listed.
 */
type Language = 'es' | 'fr';

/** The English originals each screen must no longer show (the feature catalogues' frontend/src/**\/*.texts.ts, and MESSAGES). */
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
    'Office',
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
    'Email and SMS are saved on your account, as your profile shows them; reminders are kept in this browser.',
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
  services: [
    'Add Service',
    'Duration',
    'Price',
    'Free',
    'Payment required',
    'Bookings confirmed by the provider',
    'Bookings confirmed automatically',
    'Edit',
    'Delete',
    'Currency',
    'Save currency',
    'Every price of this provider is shown and charged in it.',
  ],
  serviceForm: [
    'Add Service',
    'Service Name',
    'Description (optional)',
    'Duration (minutes)',
    'Price',
    'Payment needed',
    'Set automatically: ticked when the price is above 0.',
    'Confirm bookings automatically',
    'Cancel',
  ],
  staffs: ['Staffs', 'Name', 'Email', 'Phone', 'Role', 'admin', 'Loading staff...'],
  scheduleManagement: [
    'Schedule Management',
    'Manage Availability',
    'Add Time Slot',
    'All Services',
    'Time slots',
    'Calendar',
    'Date',
    'Time',
    'Services',
    'Slots',
    'Taken',
    'None',
    'Loading time slots...',
  ],
  createTimeSlot: [
    'Create Time Slot',
    'Date',
    'Start time',
    'End time',
    'Services',
    'Slots',
    'Split into equal slots',
    'One block for a total number of people',
    'Available slots',
    'Total slots',
    'Repeat',
    'Cancel',
  ],
  manageAvailability: [
    'Manage Availability',
    'Time zone',
    'Central (America/Chicago)',
    'Working hours',
    'Day',
    'Available',
    'Start',
    'End',
    'Monday',
    'Sunday',
    'Open',
    'Closed',
    'Breaks',
    'Add break',
    'Save Availability',
    'Cancel',
  ],
  scheduleTemplates: [
    'Schedule Templates',
    'New Template',
    'Default',
    'Apply',
    'Duplicate',
    'Edit',
    'Delete',
    'No breaks',
    'No working days',
    'Loading templates...',
  ],
  templateEditor: [
    'New Template',
    'Template name',
    'Description',
    'Working hours',
    'Capacity',
    'Monday',
    'Breaks',
    'Add break',
    'Save Template',
    'Cancel',
  ],
  apiKeys: [
    'API Keys',
    'Generate New Key',
    'Name',
    'Key',
    'Scopes',
    'Created',
    'Last Used',
    'Actions',
    'Loading API keys...',
    // A new provider has no keys yet: the empty text is a message of contracts (MESSAGES.noApiKeys).
    'No API keys yet. Generate one to call the API from your own systems.',
  ],
  generateKey: [
    'Generate New Key',
    'Key name',
    'Scopes',
    'Read appointments and their counts',
    'Add time slots, change availability and templates',
    'Cancel',
    'Generate Key',
  ],
  webhooks: ['Add Webhook', 'Name', 'URL', 'Events', 'Status', 'Secret', 'Actions', 'No webhooks yet.'],
  webhookForm: ['Add Webhook', 'Name', 'Events to send', 'Active', 'Cancel'],
  serviceProviders: [
    'Service Providers',
    'Add Provider',
    'Search',
    'Industry',
    'All Industries',
    'Healthcare',
    'Office',
    'Active',
    'Pending',
    'Address',
    'Phone',
    'Manage Provider',
    'Loading providers...',
  ],
  addProvider: [
    'Add Provider',
    'Provider name',
    'Email',
    'Phone',
    'Address',
    'Industry',
    'Select an industry',
    'Currency',
    'Description',
    'Image',
    'Provider image',
    'Optional. Without an image the card shows a placeholder.',
    'Specialties',
    'Specialty',
    'Add specialty',
    'No specialties added.',
    'Services',
    'No services yet.',
    'Add service',
    'Working hours',
    'Switch a day off when the provider is closed.',
    'Monday',
    'Breaks',
    'No breaks.',
    'Add break',
    'Cancel',
  ],
  approvals: ['Manage Providers', 'Name', 'Email', 'Industry', 'Actions', 'Accept', 'Reject', 'Loading...'],
  providerDetail: [
    '← Back to Service Providers',
    'History',
    'Active',
    'Healthcare',
    'New',
    'No reviews yet',
    'About',
    'Specialties',
    'Services',
    'Contact',
    'Phone',
    'Email',
    'Address',
    'Opening hours',
    'Monday',
    'Closed',
    "As the provider's time slots of the next four weeks open.",
    'No time slots open in the next four weeks.',
    'Loading provider information...',
  ],
  history: [
    'Back to the provider',
    'History',
    'Type',
    'All events',
    'Actor (e-mail, id, system or unknown)',
    'From',
    'To',
    'Apply filters',
    'Export CSV',
    'Export NDJSON',
    'Timeline',
    'As of here',
    'As of',
    'Show the provider as it was on',
    'Pick a time to see the provider as it was then.',
    'Today',
    'Compare two points',
    'Status',
    'Name',
    'Currency',
    'Services',
    'Templates',
    'Time slots',
    'Events folded',
    'Load more',
    'Loading…',
  ],
  signIn: ['Sign In', 'Email', 'Password', "Don't have an account?", 'Register'],
  /** The server's refusal of a wrong password (contracts MESSAGES.invalidCredentials). */
  signInRefused: ['Invalid email or password'],
  /** The registration form's own checks, from the contracts schema (MESSAGES). */
  registrationChecks: [
    'Name must be at least 2 characters',
    'Invalid email address',
    'Phone number must be at least 10 digits',
    'Password must be at least 8 characters',
  ],
  registerChoice: [
    'Create an Account',
    'How would you like to use Appointment?',
    'Register as a User',
    'Book appointments and manage your schedule',
    'Register as a Provider',
    'Offer services and manage bookings',
    'Already have an account?',
    'Sign in',
  ],
  userRegistration: [
    'User Registration',
    'Back',
    'Name',
    'Email',
    'Phone',
    'Password',
    'Confirm Password',
    'Register',
    'Already have an account?',
  ],
  providerRegistration: [
    'Provider Registration',
    'Back',
    'Business Name',
    'Industry',
    'Select an industry',
    'Email',
    'Phone',
    'Address',
    'Password',
    'Confirm Password',
    'Register',
  ],
  registrationSuccess: [
    'Registration Successful!',
    'Your account has been created. Please verify your e-mail address to activate it.',
    'A confirmation e-mail has been sent to',
    'Proceed to Login',
  ],
} as const;

/**
 * The English originals that read the same in a language (a loanword, or the same word in French): the
 * walk cannot tell them from an untranslated text, so they are not looked for there.
 */
const SAME_IN: Record<Language, ReadonlySet<string>> = {
  es: new Set(['URL', 'Fitness']),
  fr: new Set([
    'Services',
    'Description',
    'Date',
    'Image',
    'URL',
    'Actions',
    'Secret',
    'Type',
    'Contact',
    'Fitness',
  ]),
};

/** The originals of a screen that differ in `language`. */
const originals = (language: Language, texts: readonly string[]): string[] =>
  texts.filter((text) => !SAME_IN[language].has(text));

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
    office: 'Oficina',
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
    servicesTitle: 'Servicios',
    addService: 'Añadir servicio',
    serviceForm: 'Nuevo servicio',
    staffs: 'Personal',
    scheduleManagement: 'Gestión de horarios',
    addTimeSlot: 'Añadir franja horaria',
    createTimeSlot: 'Crear franja horaria',
    manageAvailability: 'Gestionar disponibilidad',
    timeZone: 'Zona horaria',
    scheduleTemplates: 'Plantillas de horario',
    templates: 'Plantillas',
    newTemplate: 'Nueva plantilla',
    apiKeys: 'Claves de API',
    generateNewKey: 'Generar nueva clave',
    webhooks: 'Webhooks',
    addWebhook: 'Añadir webhook',
    serviceProviders: 'Proveedores de servicios',
    providerList: 'Proveedores',
    addProvider: 'Añadir proveedor',
    manageProvider: 'Gestionar proveedor',
    manageProviders: 'Gestionar proveedores',
    openingHours: 'Horario de apertura',
    history: 'Historial',
    timeline: 'Cronología',
    today: 'Hoy',
    signIn: 'Iniciar sesión',
    invalidCredentials: 'Correo electrónico o contraseña incorrectos',
    createAccount: 'Crear una cuenta',
    registerAsUser: /^Registrarse como usuario/,
    registerAsProvider: /^Registrarse como proveedor/,
    userRegistration: 'Registro de usuario',
    providerRegistration: 'Registro de proveedor',
    back: 'Atrás',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    register: 'Registrarse',
    registered: '¡Registro completado!',
  },
  fr: {
    welcome: /^Bon retour/,
    noRecentProviders: 'Aucun prestataire récent.',
    allAppointments: 'Tous les rendez-vous',
    appointments: 'Rendez-vous',
    myAppointments: 'Mes rendez-vous',
    book: 'Prendre rendez-vous',
    industries: 'Secteurs',
    office: 'Bureau',
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
    servicesTitle: 'Services',
    addService: 'Ajouter un service',
    serviceForm: 'Nouveau service',
    staffs: 'Personnel',
    scheduleManagement: 'Gestion du planning',
    addTimeSlot: 'Ajouter un créneau',
    createTimeSlot: 'Créer un créneau',
    manageAvailability: 'Gérer les disponibilités',
    timeZone: 'Fuseau horaire',
    scheduleTemplates: 'Modèles de planning',
    templates: 'Modèles',
    newTemplate: 'Nouveau modèle',
    apiKeys: 'Clés API',
    generateNewKey: 'Générer une nouvelle clé',
    webhooks: 'Webhooks',
    addWebhook: 'Ajouter un webhook',
    serviceProviders: 'Prestataires de services',
    providerList: 'Prestataires',
    addProvider: 'Ajouter un prestataire',
    manageProvider: 'Gérer le prestataire',
    manageProviders: 'Gérer les prestataires',
    openingHours: "Heures d'ouverture",
    history: 'Historique',
    timeline: 'Chronologie',
    today: "Aujourd'hui",
    signIn: 'Se connecter',
    invalidCredentials: 'E-mail ou mot de passe incorrect',
    createAccount: 'Créer un compte',
    registerAsUser: /^S'inscrire en tant qu'utilisateur/,
    registerAsProvider: /^S'inscrire en tant que prestataire/,
    userRegistration: 'Inscription utilisateur',
    providerRegistration: 'Inscription prestataire',
    back: 'Retour',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    register: "S'inscrire",
    registered: 'Inscription réussie !',
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

/**
 * Chooses the language the way a signed-out visitor's browser keeps it (local storage), for the screens
 * before sign-in and for the shared demo accounts, whose saved language other tests read.
 */
const keepLanguage = async (page: Page, language: Language) => {
  await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
};

/** Opens a dialog with the button of that name, checks it, and closes it with Cancel. */
const checkDialog = async (
  page: Page,
  language: Language,
  opener: string,
  dialogName: string,
  ready: (dialog: Locator) => Locator,
  screen: string,
  texts: readonly string[],
) => {
  await main(page).getByRole('button', { name: opener, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName, exact: true });
  await expect(ready(dialog)).toBeVisible();
  await expectNoEnglish(dialog, language, screen, originals(language, texts));
  await dialog.getByRole('button', { name: NAMES[language].cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
};

/** The table of a screen has loaded (its rows or its message). */
const tableLoaded = (page: Page) =>
  expect(main(page).getByRole('table').first()).toHaveAttribute('aria-busy', 'false');

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

/** Services: the title, a service card (the one named, else the first) and no English. */
const visitServices = async (page: Page, language: Language, service?: string) => {
  await page.goto('/services');
  await expect(heading(page, NAMES[language].servicesTitle)).toBeVisible();
  const cards = main(page).getByRole('article');
  await expect(
    service ? main(page).getByRole('article', { name: service, exact: true }) : cards.first(),
  ).toBeVisible();
  await expectNoEnglish(main(page), language, 'Services', originals(language, ENGLISH.services));
};

const visitStaffs = async (page: Page, language: Language) => {
  await page.goto('/staffs');
  await expect(heading(page, NAMES[language].staffs)).toBeVisible();
  await tableLoaded(page);
  await expectNoEnglish(main(page), language, 'Staffs', originals(language, ENGLISH.staffs));
};

/** Schedule Management, once a cell names the service (when given) or the table has loaded. */
const visitScheduleManagement = async (page: Page, language: Language, service?: string) => {
  await page.goto('/scheduling/manage');
  await expect(heading(page, NAMES[language].scheduleManagement)).toBeVisible();
  if (service) {
    await expect(main(page).getByRole('cell', { name: service, exact: true }).first()).toBeVisible();
  } else {
    await tableLoaded(page);
  }
  await expectNoEnglish(
    main(page),
    language,
    'Schedule Management',
    originals(language, ENGLISH.scheduleManagement),
  );
};

/** Service Providers with the demo's Sunrise Clinic card in the list; the card, for what follows. */
const visitProviders = async (page: Page, language: Language) => {
  const names = NAMES[language];
  await page.goto('/providers');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(heading(page, names.serviceProviders)).toBeVisible();
  const card = main(page)
    .getByRole('list', { name: names.providerList })
    .getByRole('article', { name: 'Sunrise Clinic', exact: true });
  await expect(card).toBeVisible();
  await expectNoEnglish(
    main(page),
    language,
    'Service Providers',
    originals(language, ENGLISH.serviceProviders),
  );
  return card;
};

/** The approval table, with the demo's pending Harbor registration in it. */
const visitApprovals = async (page: Page, language: Language) => {
  await page.goto('/providerstablelist');
  await expect(heading(page, NAMES[language].manageProviders)).toBeVisible();
  await expect(main(page).getByRole('row').filter({ hasText: 'harbor@example.com' })).toBeVisible();
  await expectNoEnglish(main(page), language, 'the approval table', originals(language, ENGLISH.approvals));
};

/** Webhooks, once its table has loaded when asked to wait for it. */
const visitWebhooks = async (page: Page, language: Language, { waitForTable }: { waitForTable: boolean }) => {
  await page.goto('/integrations/webhooks');
  await expect(heading(page, NAMES[language].webhooks)).toBeVisible();
  if (waitForTable) await tableLoaded(page);
  await expectNoEnglish(main(page), language, 'Webhooks', originals(language, ENGLISH.webhooks));
};

test.describe('Every translated screen in Spanish and French (issue 15)', () => {
  test(
    'a user meets no English on the dashboard, appointments, booking, settings and profile',
    { tag: '@any-hour' },
    async ({ page, providerWithSplitSlots }) => {
      // A user of its own: the language chosen is saved on the account.
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots(
        {
          businessName: uniqueName('Polyglot Desk'),
          service: 'Desk Hour',
          startTime: '10:00',
          endTime: '12:00',
          parts: 4,
          days: 2,
        },
        'i18n',
      );
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
          .getByRole('button', { name: names.office })
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
    },
  );

  test("a provider's admin meets no English on the dashboard, appointments, integrations, settings and profile", async ({
    page,
    providerWithSplitSlots,
  }) => {
    // An admin of its own provider: the language chosen is saved on the account.
    const { provider } = await providerWithSplitSlots({
      businessName: uniqueName('Polyglot Clinic'),
      service: 'Consultation',
      startTime: '09:00',
      endTime: '10:00',
      parts: 2,
      days: 1,
    });
    await signIn(page, provider.email);

    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await chooseLanguage(page, language);

      await page.goto('/dashboard');
      await expect(main(page).getByRole('heading', { name: names.allAppointments })).toBeVisible();
      // The panel has loaded: its status filter offers its choices.
      // All, the four statuses of docs/product.md §2.4 and no-show (issue 29).
      await expect(main(page).getByRole('group').getByRole('combobox').first().locator('option')).toHaveCount(
        6,
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

  test(
    "a provider's admin meets no English on services, staffs, scheduling, API keys and webhooks",
    { tag: '@any-hour' },
    async ({ page, providerWithSplitSlots }) => {
      // An admin of its own provider, with a service and a time slot: the language chosen is saved on the account.
      const { provider } = await providerWithSplitSlots({
        businessName: uniqueName('Polyglot Studio'),
        service: 'Stretch Class',
        startTime: '08:00',
        endTime: '09:00',
        parts: 2,
        days: 1,
      });
      await signIn(page, provider.email);

      for (const language of ['es', 'fr'] as const) {
        const names = NAMES[language];
        await chooseLanguage(page, language);

        await visitServices(page, language, provider.service);
        await checkDialog(
          page,
          language,
          names.addService,
          names.addService,
          (dialog) => dialog.getByRole('form', { name: names.serviceForm }),
          'the Add Service form',
          ENGLISH.serviceForm,
        );

        await visitStaffs(page, language);

        await visitScheduleManagement(page, language, provider.service);
        await checkDialog(
          page,
          language,
          names.addTimeSlot,
          names.createTimeSlot,
          (dialog) => dialog.getByRole('combobox').first(),
          'Create Time Slot',
          ENGLISH.createTimeSlot,
        );
        await checkDialog(
          page,
          language,
          names.manageAvailability,
          names.manageAvailability,
          (dialog) => dialog.getByLabel(names.timeZone),
          'Manage Availability',
          ENGLISH.manageAvailability,
        );

        await page.goto('/scheduling/templates');
        await expect(heading(page, names.scheduleTemplates)).toBeVisible();
        await expect(
          main(page).getByRole('list', { name: names.templates }).getByRole('listitem').first(),
        ).toBeVisible();
        await expectNoEnglish(
          main(page),
          language,
          'Schedule Templates',
          originals(language, ENGLISH.scheduleTemplates),
        );
        await checkDialog(
          page,
          language,
          names.newTemplate,
          names.newTemplate,
          (dialog) => dialog.getByRole('group').first(),
          'the template editor',
          ENGLISH.templateEditor,
        );

        await page.goto('/integrations/api-keys');
        await expect(heading(page, names.apiKeys)).toBeVisible();
        await tableLoaded(page);
        await expectNoEnglish(main(page), language, 'API Keys', originals(language, ENGLISH.apiKeys));
        await checkDialog(
          page,
          language,
          names.generateNewKey,
          names.generateNewKey,
          (dialog) => dialog.getByRole('checkbox').first(),
          'Generate New Key',
          ENGLISH.generateKey,
        );

        await visitWebhooks(page, language, { waitForTable: true });
        await checkDialog(
          page,
          language,
          names.addWebhook,
          names.addWebhook,
          (dialog) => dialog.getByRole('checkbox').first(),
          'the Add Webhook form',
          ENGLISH.webhookForm,
        );
      }
    },
  );

  test("the platform staff meet no English on the providers, the approvals, a provider's detail and its history", async ({
    page,
  }) => {
    // A demo account: the language is kept in the browser only, so its saved one does not change.
    await signIn(page, DEMO.superadmin);
    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await keepLanguage(page, language);

      const card = await visitProviders(page, language);
      await checkDialog(
        page,
        language,
        names.addProvider,
        names.addProvider,
        (dialog) => dialog.getByRole('form'),
        'the Add Provider form',
        ENGLISH.addProvider,
      );

      await visitApprovals(page, language);

      await page.goto('/providers');
      await card.getByRole('link', { name: names.manageProvider }).click();
      await expect(heading(page, 'Sunrise Clinic')).toBeVisible();
      await expect(main(page).getByRole('heading', { name: names.openingHours })).toBeVisible();
      await expectNoEnglish(
        main(page),
        language,
        'the provider detail',
        originals(language, ENGLISH.providerDetail),
      );

      // The entries' summaries and event types are the server's record, so they stay as written.
      await main(page).getByRole('link', { name: names.history, exact: true }).click();
      await expect(heading(page, names.history)).toBeVisible();
      await expect(
        main(page).getByRole('list', { name: names.timeline }).getByTestId('history-entry').first(),
      ).toBeVisible();
      await expect(main(page).getByRole('group', { name: names.today })).toBeVisible();
      await expectNoEnglish(main(page), language, 'History', originals(language, ENGLISH.history));
    }
  });

  test("a provider's incharge meets no English on the dashboard, appointments, services, staffs and the schedule", async ({
    page,
  }) => {
    // A demo account: the language is kept in the browser only, so its saved one does not change.
    await signIn(page, DEMO.incharge);
    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await keepLanguage(page, language);

      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(main(page).getByRole('heading', { name: names.allAppointments })).toBeVisible();
      // All, the four statuses of docs/product.md §2.4 and no-show (issue 29).
      await expect(main(page).getByRole('group').getByRole('combobox').first().locator('option')).toHaveCount(
        6,
      );
      await expectNoEnglish(main(page), language, '/dashboard', ENGLISH.adminDashboard);

      await visitAppointments(page, language, 'appointments');
      await visitServices(page, language);
      await visitStaffs(page, language);
      await visitScheduleManagement(page, language);
    }
  });

  test('the support team meets no English on the providers, the approval table, the dashboard, webhooks, settings and profile', async ({
    page,
  }) => {
    await signIn(page, DEMO.support);
    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await keepLanguage(page, language);

      await visitProviders(page, language);
      await visitApprovals(page, language);

      await page.goto('/dashboard');
      await expect(main(page).getByRole('heading', { name: names.welcome })).toBeVisible();
      await expect(main(page).getByText('–', { exact: true })).toHaveCount(0);
      await expectNoEnglish(main(page), language, '/dashboard', ENGLISH.userDashboard);

      await visitWebhooks(page, language, { waitForTable: false });

      await visitSettingsAndProfile(page, language, false);
    }
  });

  test('a signed-out visitor meets no English on sign in, registration and its success', async ({ page }) => {
    for (const language of ['es', 'fr'] as const) {
      const names = NAMES[language];
      await page.goto('/login');
      await keepLanguage(page, language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(main(page).getByRole('heading', { name: names.signIn, level: 2 })).toBeVisible();
      await expectNoEnglish(main(page), language, '/login', ENGLISH.signIn);
      // The server answers a wrong password in English; the screen shows it in the chosen language.
      await main(page)
        .getByLabel(names.email, { exact: true })
        .fill(uniqueEmail(`nobody-${language}`));
      await main(page).getByLabel(names.password, { exact: true }).fill('not-the-password');
      await main(page).getByRole('button', { name: names.signIn, exact: true }).click();
      await expect(main(page).getByRole('alert')).toHaveText(names.invalidCredentials);
      await expectNoEnglish(main(page), language, 'a refused sign-in', ENGLISH.signInRefused);

      await page.goto('/register');
      await expect(main(page).getByRole('heading', { name: names.createAccount, level: 2 })).toBeVisible();
      await expectNoEnglish(main(page), language, '/register', ENGLISH.registerChoice);

      await main(page).getByRole('button', { name: names.registerAsProvider }).click();
      await expect(main(page).getByRole('heading', { name: names.providerRegistration })).toBeVisible();
      await expectNoEnglish(main(page), language, 'provider registration', ENGLISH.providerRegistration);
      await main(page).getByRole('button', { name: names.back }).click();

      await main(page).getByRole('button', { name: names.registerAsUser }).click();
      await expect(main(page).getByRole('heading', { name: names.userRegistration })).toBeVisible();
      await expectNoEnglish(main(page), language, 'user registration', ENGLISH.userRegistration);
      // The form's own checks (the contracts schema's messages) in the chosen language.
      await main(page).getByRole('button', { name: names.register, exact: true }).click();
      await expect(main(page).getByLabel(names.name, { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoEnglish(main(page), language, 'the registration checks', ENGLISH.registrationChecks);

      await main(page).getByLabel(names.name, { exact: true }).fill(`Polyglot ${language}`);
      await main(page)
        .getByLabel(names.email, { exact: true })
        .fill(uniqueEmail(`i18n-${language}`));
      await main(page).getByLabel(names.phone, { exact: true }).fill('5125550123');
      await main(page).getByLabel(names.password, { exact: true }).fill(DEMO_PASSWORD);
      await main(page).getByLabel(names.confirmPassword, { exact: true }).fill(DEMO_PASSWORD);
      await main(page).getByRole('button', { name: names.register, exact: true }).click();
      await expect(main(page).getByRole('heading', { name: names.registered, level: 2 })).toBeVisible();
      await expectNoEnglish(main(page), language, '/registration-success', ENGLISH.registrationSuccess);
    }
  });
});
