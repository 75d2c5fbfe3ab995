/** docs/product.md §9 business constants and limits, in one place. */
export const STORAGE_KEYS = { token: 'app_token', theme: 'theme', role: 'role' } as const;

export const LIMITS = {
  passwordMin: 8,
  phoneMin: 10,
  addressMin: 10,
  nameMin: 2,
  webhookSecretMin: 16,
} as const;

/** A password reset link works this long after it was asked for, and once. */
export const PASSWORD_RESET_VALID_MINUTES = 30;

export const SERVICE_DEFAULTS = {
  durationMin: 1,
  duration: 30,
  priceMin: 0,
  price: 0,
  priceStep: 0.01,
  isPaymentNeeded: false,
  automaticBooking: false,
  /** Issue 31: whether users may book the service as a series (the admin's choice). */
  allowRecurring: false,
} as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DEFAULT_WORKING_HOURS = WEEKDAYS.map((day) => ({
  day,
  startTime: '09:00',
  endTime: '17:00',
  isAvailable: day !== 'saturday' && day !== 'sunday',
}));
export const DEFAULT_BREAK = { startTime: '12:00', endTime: '13:00' } as const;

export const DELAYS_MS = {
  registrationRedirect: 3000,
  registrationToast: 3000,
  chatBotReply: 1000,
  mockLogin: 500,
  sampleProviderLoad: 500,
  copyConfirmation: 2000,
  integrationRequestTimeout: 30_000,
  connectRetryBase: 1000,
  appDisconnect: 1000,
} as const;
export const PROVIDER_REVIEW_HOURS = '24-48';
export const CONNECT_MAX_ATTEMPTS = 3;
export const SOCKET_RECONNECTION_ATTEMPTS = 5;

export const LAYOUT = {
  notificationPanelMaxHeight: '15rem',
  chatWindow: { width: '24rem', height: '500px' },
  adminAppointmentListMaxHeight: '500px',
  approvalTableScroll: '600px',
  dayView: { rows: 24, rowHeight: '80px', areaHeight: '600px' },
} as const;

export const CALENDAR = {
  weekViewStepMinutes: 60,
  weekViewSlotsPerStep: 1,
  startView: 'month',
  views: ['month', 'week', 'day'],
  weekStartsOn: 0,
} as const;

export const FORMATS = {
  dayKey: 'yyyy-MM-dd',
  slotTime: 'HH:mm',
  displayTime: 'h:mm a',
  longDate: 'EEEE, MMMM d, yyyy',
} as const;

/**
 * docs/product.md §7.7: the checkout's currency when an order names none. Prices are in their provider's
 * currency (contracts/money.ts), no longer always shown with $.
 */
export const PAYMENTS = { defaultCurrency: 'INR' } as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';
export const LANGUAGES = ['en', 'es', 'fr'] as const;
/** Every industry a provider can have; each is browsable ("Other" too). */
export const INDUSTRIES = ['Healthcare', 'Fitness', 'Office', 'Other'] as const;
/** docs/product.md §3 Provider registration's choices: the same list. */
export const REGISTRATION_INDUSTRIES = INDUSTRIES;
export const REPEAT_OPTIONS = ['none', 'daily', 'weekly', 'monthly'] as const;
export const LOCATION_OPTIONS = ['Palakkad', 'Thrissur', 'Chicago', 'Houston', 'Miami'] as const;
/** Time zones: any IANA zone (time-zones.ts); this one is a new account's until its person chooses. */
export const DEFAULT_TIMEZONE = 'America/New_York';
export const APPOINTMENT_STATUSES = ['pending', 'scheduled', 'completed', 'cancelled', 'no_show'] as const;
export const PROVIDER_STATUSES = ['active', 'pending', 'other'] as const;
export const WEBHOOK_EVENTS = [
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
  'provider.updated',
  'schedule.updated',
] as const;

export const CHATBOT_DEFAULTS = {
  enabled: true,
  temperature: 0.7,
  maxTokens: 512,
  maxTokenChoices: [256, 512, 1024],
  templates: {
    greeting: 'Hello! How can I assist you today?',
    farewell: 'Thank you for chatting. Have a great day!',
    booking: 'Would you like to book an appointment? I can help you with that.',
    fallback: "I'm not sure I understand. Could you please rephrase that?",
  },
} as const;
export const WHATSAPP_TEMPLATES = [
  { name: 'appointment_confirmation', language: 'en' },
  { name: 'appointment_reminder', language: 'en' },
] as const;

/** docs/product.md §3 Industry: id, name and icon; Other is only offered at registration. */
export const INDUSTRY_LIST = [
  { id: 'healthcare', name: 'Healthcare', icon: '🩺' },
  { id: 'fitness', name: 'Fitness', icon: '💪' },
  { id: 'office', name: 'Office', icon: '🏢' },
  { id: 'other', name: 'Other', icon: '🧩' },
] as const;

/**
 * A provider's slots are defined in the provider's time zone (docs/architecture.md §5). The zone is taken
 * from the address when it names one of the locations, else the default below, and can be
 * changed in Manage Availability.
 */
export const LOCATION_TIMEZONES: Record<(typeof LOCATION_OPTIONS)[number], string> = {
  Palakkad: 'Asia/Kolkata',
  Thrissur: 'Asia/Kolkata',
  Chicago: 'America/Chicago',
  Houston: 'America/Chicago',
  Miami: 'America/New_York',
};
export const DEFAULT_PROVIDER_TIMEZONE = DEFAULT_TIMEZONE;

/** Limits this product adds where the spec is silent. */
export const SCHEDULE_LIMITS = {
  /** A repeating time slot covers at most this many days after its first date. */
  repeatMaxDays: 366,
  maxAvailableSlots: 500,
  templateDefaultName: 'Standard Work Week',
  /** Applying a template splits each time slot into intervals of this many minutes, unless a capacity is set. */
  templateIntervalMinutes: 30,
} as const;
