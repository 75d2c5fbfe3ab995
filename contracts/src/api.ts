import { z } from 'zod';
import {
  API_PATHS,
  ChangePassword,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LoginQuery,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  PendingProvidersResponse,
  ProfilePicResponse,
  ProfileResponse,
  ProfileUpdate,
  ProviderDecision,
  ProviderRegistration,
  RegistrationResponse,
  ResetPasswordRequest,
  StaffListResponse,
  UserRegistration,
  VerifyEmailQuery,
  EmailChangeQuery,
} from './accounts';
import {
  APPOINTMENT_PATHS,
  AppointmentCounts,
  AppointmentList,
  AppointmentListRequest,
  BookingForm,
  BookingResponse,
  DashboardDetails,
  NotificationId,
  NotificationList,
  PayAgainResponse,
  PaymentReceived,
  StatusChanged,
  AppointmentCancelled,
  SeriesBookedResponse,
  SeriesCancelled,
  SeriesRescheduled,
  SeriesForm,
  SeriesPreview,
  AppointmentRescheduledAnswer,
  RescheduleRequest,
  CancelAppointmentParams,
  UpdateStatusRequest,
  BookingLinkAnswer,
  BookingLinkDone,
  BookingLinkProof,
  BookingLinkQuery,
  BookingLinkReschedule,
} from './appointments';
import {
  CATALOGUE_PATHS,
  DeletedServiceResponse,
  DeleteServiceRequest,
  EditServiceRequest,
  FavouritesResponse,
  FetchProvidersRequest,
  IndustryList,
  ProviderCreatedResponse,
  ProviderCurrencyAnswer,
  ProviderCurrencySaved,
  ProviderDetail,
  ProviderForm,
  ProviderIdRequest,
  ProviderList,
  providerFormFromBody,
  ServiceInput,
  ServiceList,
  ServiceResponse,
  UpdateFavouriteRequest,
} from './catalogue';
import {
  API_KEY_PATHS,
  ApiKeyListResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  ApiKeyIdParams,
  type ApiKeyScope,
} from './api-keys';
import {
  HISTORY_PATHS,
  HistoryExportQuery,
  HistoryPage,
  HistoryQuery,
  HistoryStateQuery,
  ProviderIdParams,
  ProviderStateAt,
} from './history';
import { MESSAGES } from './messages';
import { ProviderCurrencyRequest } from './money';
import { BookingPolicy, BookingPolicyAnswer, BookingPolicySaved, POLICY_PATHS } from './policy';
import { PAYMENT_PATHS, PayAgainRequest, PaymentResult, SandboxPayRequest } from './payments';
import { CAPABILITIES, PUBLIC, ROLES, SIGNED_IN, type Capability, type Role } from './roles';
import {
  ApplyTemplate,
  Availability,
  FetchSlotRequest,
  FetchSlotResponse,
  SCHEDULE_PATHS,
  ScheduleTemplateInput,
  ServiceByFilterRequest,
  TemplateAnswer,
  TemplateId,
  TemplateList,
  TimeOffAddedAnswer,
  TimeOffId,
  TimeOffList,
  TimeOffRequest,
  TimeSlotForm,
  EditTimeSlotForm,
  DeleteTimeSlotRequest,
  TimeSlotChangedAnswer,
  TimeSlotsDeletedAnswer,
  TemplateApplied,
  TimeSlotsAdded,
  TimeSlotsResponse,
} from './schedule';
import {
  AppointmentCalendarParams,
  CALENDAR_PATHS,
  CalendarFeedAnswer,
  CalendarFeedChanged,
  FeedTokenParams,
  ProviderFeedRequest,
} from './calendar-feeds';
import {
  ChatAppForm,
  ChatbotSettings,
  ChatReply,
  ChatRequest,
  INTEGRATION_SETTINGS_PATHS,
  IntegrationSettingsAnswer,
  IntegrationSettingsSaved,
  SettingsQuery,
  WhatsAppMessagesAnswer,
  WhatsAppSettings,
} from './integration-settings';
import {
  WEBHOOK_PATHS,
  WebhookDeliveriesResponse,
  WebhookInput,
  WebhookListQuery,
  WebhookListResponse,
  WebhookRedelivery,
  WebhookWithSecretResponse,
  Webhook,
  WebhookDeliveryParams,
  WebhookIdParams,
} from './webhooks';
import {
  JoinWaitlistRequest,
  OfferClaimedAnswer,
  WAITLIST_PATHS,
  WaitlistAnswer,
  WaitlistIdParams,
  WaitlistJoined,
  WaitlistQuery,
} from './waitlist';

/**
 * Every operation of the HTTP API, as data: its method and path, who may call it, and the zod
 * schemas of what it takes. The OpenAPI document (`openapi.ts`) is generated from this table,
 * a test checks it against the routes the server really mounts and the answers they give each
 * role, and the fuzzer drives every operation from it.
 */
export type Access = typeof PUBLIC | typeof SIGNED_IN | Capability;

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface ApiOperation {
  method: Method;
  path: string;
  tag:
    | 'Accounts'
    | 'Catalogue'
    | 'Schedule'
    | 'Appointments'
    | 'Notifications'
    | 'Payments'
    | 'Integrations'
    | 'Platform';
  summary: string;
  /** Who may call it: anyone, anyone signed in, or the roles holding a capability (roles.ts). */
  access: Access;
  /**
   * The scope an API key needs to call it. Without one the operation is closed to keys (403),
   * whatever their scopes: signing in, profiles, managing keys, booking (a user's act). A key acts
   * as its provider's admin, so every operation with a scope is one the admin may call.
   */
  apiKey?: ApiKeyScope;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart form: its text fields, and the optional picture it may carry as `image`. */
  form?: {
    fields?: z.ZodType;
    image: 'optional' | 'required';
    /** How the request's fields become the schema's input (the seed's other names for them, say). */
    read?: (fields: Record<string, unknown>) => Record<string, unknown>;
  };
  query?: z.ZodType;
  /** The path's parameters (`:name` in `path`), as one zod object. */
  params?: z.ZodType;
  /**
   * Parameters that do not parse name nothing: answered 404 with this message rather than 400
   * (a calendar feed's token, where a malformed one is as unknown as a rotated one).
   */
  paramsNotFound?: string;
  /**
   * The success answer: its status, and the zod schema of its JSON (every JSON answer has one; in
   * tests and development each answer is checked against it, services/src/http/answer-check.ts),
   * or its other content type: `csv-or-ndjson` is a stream of text/csv or application/x-ndjson.
   */
  success: {
    status: number;
    json?: z.ZodType;
    type?: 'json' | 'html' | 'javascript' | 'redirect' | 'calendar' | 'csv-or-ndjson';
  };
  /**
   * Failures that do not answer the error body, by status, with their own schema (the health
   * check's 503 says which part is unavailable).
   */
  failures?: Partial<Record<number, { description: string; json: z.ZodType }>>;
  /** Rate-limited: a 429 with the error body once the limit is reached. */
  limited?: boolean;
  /** Mounted only under a setting (the dev mailbox, the sandbox gateway). */
  mountedWhen?: 'DEV_MAILBOX=true' | 'the sandbox payment gateway';
}

/** GET /api/health: up, degraded (events set aside) or unavailable; a superadmin sees the parts. */
export const HealthAnswer = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  parked: z.number().optional(),
  postgres: z
    .object({ ok: z.boolean(), latencyMs: z.number().optional(), error: z.string().optional() })
    .optional(),
  projections: z
    .array(
      z.object({
        name: z.string(),
        checkpoint: z.object({ transactionId: z.string(), globalPosition: z.string() }).nullable(),
        eventsApplied: z.number(),
        lag: z.number(),
        parked: z.number(),
      }),
    )
    .optional(),
  jobs: z
    .record(
      z.string(),
      z.object({
        waiting: z.number(),
        active: z.number(),
        delayed: z.number(),
        completed: z.number(),
        failed: z.number(),
      }),
    )
    .optional(),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own schema is the OpenAPI specification's). */
export const OpenApiAnswer = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/** GET /api/dev/mailbox?to=: the local outbox, newest first; only the mail to one address with `to`. */
export const MailboxQuery = z.object({ to: z.string().max(320).optional() });

/** The mailbox's answer. */
export const MailboxAnswer = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      /** The iCalendar file attached (a booking's e-mails), when there is one. */
      ics: z.string().optional(),
    }),
  ),
});

/** An entry of the table, keeping its own schemas' types (the server's handlers are typed by them). */
const op = <const O extends ApiOperation>(operation: O): O => operation;
const ok = <J extends z.ZodType>(json: J) => ({ status: 200, json });
const created = <J extends z.ZodType>(json: J) => ({ status: 201, json });

export const API_OPERATIONS = {
  health: op({
    method: 'get',
    path: '/api/health',
    tag: 'Platform',
    summary: 'Whether the service is up; the details of its parts for a superadmin',
    access: PUBLIC,
    success: ok(HealthAnswer),
    failures: { 503: { description: 'The database cannot be reached', json: HealthAnswer } },
  }),
  openApi: op({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Platform',
    summary: 'This document (OpenAPI 3.1)',
    access: PUBLIC,
    success: ok(OpenApiAnswer),
  }),
  docs: op({
    method: 'get',
    path: '/api/docs',
    tag: 'Platform',
    summary: 'The API reference, a page that reads this document',
    access: PUBLIC,
    success: { status: 200, type: 'html' },
  }),
  mailbox: op({
    method: 'get',
    path: API_PATHS.mailbox,
    tag: 'Platform',
    summary: 'The local outbox of e-mails (a development aid)',
    access: PUBLIC,
    query: MailboxQuery,
    success: ok(MailboxAnswer),
    mountedWhen: 'DEV_MAILBOX=true',
  }),

  login: op({
    method: 'post',
    path: API_PATHS.login,
    tag: 'Accounts',
    summary: 'Sign in; sets the session cookie, and returns the token with ?token=true',
    access: PUBLIC,
    query: LoginQuery,
    body: LoginRequest,
    success: ok(LoginResponse),
    limited: true,
  }),
  logout: op({
    method: 'post',
    path: API_PATHS.logout,
    tag: 'Accounts',
    summary: 'Sign out: ends the session',
    access: PUBLIC,
    success: ok(MessageResponse),
  }),
  me: op({
    method: 'get',
    path: API_PATHS.me,
    tag: 'Accounts',
    summary: 'Who is signed in',
    access: SIGNED_IN,
    success: ok(MeResponse),
  }),
  register: op({
    method: 'post',
    path: API_PATHS.register,
    tag: 'Accounts',
    summary: 'Register a user (the same as /api/auth/register/user)',
    access: PUBLIC,
    body: UserRegistration,
    success: created(RegistrationResponse),
    limited: true,
  }),
  registerUser: op({
    method: 'post',
    path: API_PATHS.registerUser,
    tag: 'Accounts',
    summary: 'Register a user',
    access: PUBLIC,
    body: UserRegistration,
    success: created(RegistrationResponse),
    limited: true,
  }),
  registerProvider: op({
    method: 'post',
    path: API_PATHS.registerProvider,
    tag: 'Accounts',
    summary: 'Register a provider; it waits for a superadmin to approve it',
    access: PUBLIC,
    body: ProviderRegistration,
    success: created(RegistrationResponse),
    limited: true,
  }),
  verifyEmail: op({
    method: 'get',
    path: API_PATHS.verifyEmail,
    tag: 'Accounts',
    summary: 'The link of the verification e-mail; redirects to the sign-in screen',
    access: PUBLIC,
    query: VerifyEmailQuery,
    success: { status: 303, type: 'redirect' },
  }),
  confirmEmailChange: op({
    method: 'get',
    path: API_PATHS.confirmEmailChange,
    tag: 'Accounts',
    summary: "The link sent to a new e-mail address: makes it the account's; redirects to the profile",
    access: PUBLIC,
    query: EmailChangeQuery,
    success: { status: 303, type: 'redirect' },
  }),
  resendVerification: op({
    method: 'post',
    path: API_PATHS.resendVerification,
    tag: 'Accounts',
    summary: "Send the confirmation link to the caller's address again (until it is confirmed, no booking)",
    access: SIGNED_IN,
    success: ok(MessageResponse),
    limited: true,
  }),
  forgotPassword: op({
    method: 'post',
    path: API_PATHS.forgotPassword,
    tag: 'Accounts',
    summary:
      'Forgot password: mails a reset link (valid 30 minutes, once) if an account has the address; ' +
      'the answer is the same either way',
    access: PUBLIC,
    body: ForgotPasswordRequest,
    success: ok(MessageResponse),
    limited: true,
  }),
  resetPassword: op({
    method: 'post',
    path: API_PATHS.resetPassword,
    tag: 'Accounts',
    summary:
      "The reset link's user, request and token with a new password; ends every session of the account. " +
      'A used, replaced or expired link answers 400',
    access: PUBLIC,
    body: ResetPasswordRequest,
    success: ok(MessageResponse),
    limited: true,
  }),
  getProfile: op({
    method: 'get',
    path: API_PATHS.getProfile,
    tag: 'Accounts',
    summary: "The caller's profile",
    access: 'profile.manage',
    success: ok(ProfileResponse),
  }),
  updateProfile: op({
    method: 'post',
    path: API_PATHS.updateProfile,
    tag: 'Accounts',
    summary: "Change the caller's profile",
    access: 'profile.manage',
    body: ProfileUpdate,
    success: ok(ProfileResponse),
  }),
  deleteAccount: op({
    method: 'delete',
    path: API_PATHS.getProfile,
    tag: 'Accounts',
    summary: "Delete one's own account, or (an admin) a staff member's",
    access: SIGNED_IN,
    body: DeleteAccountRequest,
    success: ok(MessageResponse),
  }),
  uploadProfilePic: op({
    method: 'post',
    path: API_PATHS.uploadProfilePic,
    tag: 'Accounts',
    summary: 'Upload a profile picture (JPEG, PNG, GIF or WebP)',
    access: 'profile.manage',
    form: { image: 'required' },
    // A person's pictures a day (UPLOAD_LIMIT).
    limited: true,
    success: ok(ProfilePicResponse),
  }),
  staff: op({
    method: 'get',
    path: API_PATHS.staff,
    tag: 'Accounts',
    summary: "The staff of the caller's provider",
    access: 'staffs.view',
    success: ok(StaffListResponse),
  }),
  pendingProviders: op({
    method: 'get',
    path: API_PATHS.pendingProviders,
    tag: 'Accounts',
    summary: 'Provider registrations waiting for approval',
    access: 'providers.view',
    success: ok(PendingProvidersResponse),
  }),
  updatePassword: op({
    method: 'put',
    path: API_PATHS.updatePassword,
    tag: 'Accounts',
    summary: "Change the caller's password; ends their other sessions",
    access: 'profile.manage',
    body: ChangePassword,
    success: ok(MessageResponse),
  }),
  approveProvider: op({
    method: 'post',
    path: API_PATHS.approveProvider,
    tag: 'Accounts',
    summary: 'Approve a provider registration',
    access: 'providers.approve',
    body: ProviderDecision,
    success: ok(MessageResponse),
  }),
  rejectProvider: op({
    method: 'post',
    path: API_PATHS.rejectProvider,
    tag: 'Accounts',
    summary: 'Reject a provider registration: its account is deleted',
    access: 'providers.approve',
    body: ProviderDecision,
    success: ok(MessageResponse),
  }),

  industries: op({
    method: 'get',
    path: CATALOGUE_PATHS.industries,
    tag: 'Catalogue',
    summary: 'The industries a provider can have',
    access: SIGNED_IN,
    apiKey: 'services:read',
    success: ok(IndustryList),
  }),
  getServices: op({
    method: 'post',
    path: CATALOGUE_PATHS.getServices,
    tag: 'Catalogue',
    summary: "The services of the caller's provider",
    access: 'services.view',
    apiKey: 'services:read',
    success: ok(ServiceList),
  }),
  addService: op({
    method: 'post',
    path: CATALOGUE_PATHS.addService,
    tag: 'Catalogue',
    summary: "Add a service to the caller's provider",
    access: 'services.manage',
    apiKey: 'services:write',
    body: ServiceInput,
    success: created(ServiceResponse),
  }),
  editService: op({
    method: 'post',
    path: CATALOGUE_PATHS.editService,
    tag: 'Catalogue',
    summary: 'Change a service',
    access: 'services.manage',
    apiKey: 'services:write',
    body: EditServiceRequest,
    success: ok(ServiceResponse),
  }),
  deleteService: op({
    method: 'post',
    path: CATALOGUE_PATHS.deleteService,
    tag: 'Catalogue',
    summary: 'Delete a service',
    access: 'services.manage',
    apiKey: 'services:write',
    body: DeleteServiceRequest,
    success: ok(DeletedServiceResponse),
  }),
  addProvider: op({
    method: 'post',
    path: CATALOGUE_PATHS.addProvider,
    tag: 'Catalogue',
    summary: 'Create a provider with its services (multipart, with an optional picture)',
    access: 'providers.manage',
    form: { fields: ProviderForm, image: 'optional', read: providerFormFromBody },
    // A person's pictures a day (UPLOAD_LIMIT).
    limited: true,
    success: created(ProviderCreatedResponse),
  }),
  getProviders: op({
    method: 'get',
    path: CATALOGUE_PATHS.getProviders,
    tag: 'Catalogue',
    summary: 'Every provider, approved or not',
    access: 'providers.view',
    success: ok(ProviderList),
  }),
  fetchProviders: op({
    method: 'post',
    path: CATALOGUE_PATHS.fetchProviders,
    tag: 'Catalogue',
    summary: 'Active providers, filtered by industry, location and search',
    access: SIGNED_IN,
    body: FetchProvidersRequest,
    success: ok(ProviderList),
  }),
  providerById: op({
    method: 'post',
    path: CATALOGUE_PATHS.providerById,
    tag: 'Catalogue',
    summary: 'One provider with its services and opening hours',
    access: SIGNED_IN,
    body: ProviderIdRequest,
    success: ok(ProviderDetail),
  }),
  providerCurrency: op({
    method: 'get',
    path: CATALOGUE_PATHS.providerCurrency,
    tag: 'Catalogue',
    summary: "The currency of the caller's provider's prices",
    access: 'services.view',
    apiKey: 'services:read',
    success: ok(ProviderCurrencyAnswer),
  }),
  setProviderCurrency: op({
    method: 'post',
    path: CATALOGUE_PATHS.providerCurrency,
    tag: 'Catalogue',
    summary: "Change the currency of the caller's provider's prices",
    access: 'services.manage',
    apiKey: 'services:write',
    body: ProviderCurrencyRequest,
    success: ok(ProviderCurrencySaved),
  }),
  bookingPolicy: op({
    method: 'get',
    path: POLICY_PATHS.bookingPolicy,
    tag: 'Catalogue',
    summary: "The booking policy of the caller's provider: cancel and reschedule deadlines, fees",
    access: 'services.view',
    apiKey: 'services:read',
    success: ok(BookingPolicyAnswer),
  }),
  setBookingPolicy: op({
    method: 'put',
    path: POLICY_PATHS.bookingPolicy,
    tag: 'Catalogue',
    summary: "Replace the booking policy of the caller's provider (bookings made before keep theirs)",
    access: 'services.manage',
    apiKey: 'services:write',
    body: BookingPolicy,
    success: ok(BookingPolicySaved),
  }),
  favourites: op({
    method: 'get',
    path: CATALOGUE_PATHS.favourites,
    tag: 'Catalogue',
    summary: "The caller's favourite providers",
    access: 'favourites.manage',
    success: ok(FavouritesResponse),
  }),
  updateFavourite: op({
    method: 'post',
    path: CATALOGUE_PATHS.updateFavourite,
    tag: 'Catalogue',
    summary: 'Mark or unmark a favourite provider',
    access: 'favourites.manage',
    body: UpdateFavouriteRequest,
    success: ok(FavouritesResponse),
  }),

  addTimeSlot: op({
    method: 'post',
    path: SCHEDULE_PATHS.addTimeSlot,
    tag: 'Schedule',
    summary: 'Add a time slot (once or repeating); honours Idempotency-Key',
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: TimeSlotForm,
    success: created(TimeSlotsAdded),
  }),
  editTimeSlot: op({
    method: 'post',
    path: SCHEDULE_PATHS.editTimeSlot,
    tag: 'Schedule',
    summary:
      "Change a time slot's times, capacity, services, split or block (issue 30); 409 naming the bookings and waitlist offers a change would drop unless cancelAffected, which cancels them with full refunds and withdraws the offers",
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: EditTimeSlotForm,
    success: ok(TimeSlotChangedAnswer),
  }),
  deleteTimeSlot: op({
    method: 'post',
    path: SCHEDULE_PATHS.deleteTimeSlot,
    tag: 'Schedule',
    summary:
      'Delete a time slot, or it and the rest of its repeating series (issue 30); 409 naming its bookings and waitlist offers unless cancelAffected, which cancels them with full refunds and withdraws the offers',
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: DeleteTimeSlotRequest,
    success: ok(TimeSlotsDeletedAnswer),
  }),
  fetchAllSlots: op({
    method: 'get',
    path: SCHEDULE_PATHS.fetchAllSlots,
    tag: 'Schedule',
    summary: "The caller's provider's time slots",
    access: 'schedule.manage',
    apiKey: 'schedule:read',
    success: ok(TimeSlotsResponse),
  }),
  serviceByFilter: op({
    method: 'post',
    path: SCHEDULE_PATHS.serviceByFilter,
    tag: 'Schedule',
    summary: "The caller's provider's time slots for one service",
    access: 'schedule.manage',
    apiKey: 'schedule:read',
    body: ServiceByFilterRequest,
    success: ok(TimeSlotsResponse),
  }),
  fetchSlot: op({
    method: 'post',
    path: SCHEDULE_PATHS.fetchSlot,
    tag: 'Schedule',
    summary: "A service's open time slots from today in the provider's zone",
    access: SIGNED_IN,
    apiKey: 'schedule:read',
    body: FetchSlotRequest,
    success: ok(FetchSlotResponse),
  }),
  getAvailability: op({
    method: 'get',
    path: SCHEDULE_PATHS.getAvailability,
    tag: 'Schedule',
    summary: "The provider's working hours and breaks",
    access: 'schedule.manage',
    apiKey: 'schedule:read',
    success: ok(Availability),
  }),
  setAvailability: op({
    method: 'post',
    path: SCHEDULE_PATHS.setAvailability,
    tag: 'Schedule',
    summary: "Change the provider's working hours and breaks",
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: Availability,
    success: ok(Availability),
  }),
  templates: op({
    method: 'get',
    path: SCHEDULE_PATHS.templates,
    tag: 'Schedule',
    summary: "The provider's schedule templates",
    access: 'templates.manage',
    apiKey: 'schedule:read',
    success: ok(TemplateList),
  }),
  saveTemplate: op({
    method: 'post',
    path: SCHEDULE_PATHS.saveTemplate,
    tag: 'Schedule',
    summary: 'Save a schedule template',
    access: 'templates.manage',
    apiKey: 'schedule:write',
    body: ScheduleTemplateInput,
    success: ok(TemplateAnswer),
  }),
  duplicateTemplate: op({
    method: 'post',
    path: SCHEDULE_PATHS.duplicateTemplate,
    tag: 'Schedule',
    summary: 'Copy a schedule template',
    access: 'templates.manage',
    apiKey: 'schedule:write',
    body: TemplateId,
    success: created(TemplateAnswer),
  }),
  deleteTemplate: op({
    method: 'post',
    path: SCHEDULE_PATHS.deleteTemplate,
    tag: 'Schedule',
    summary: 'Delete a schedule template',
    access: 'templates.manage',
    apiKey: 'schedule:write',
    body: TemplateId,
    success: ok(MessageResponse),
  }),
  applyTemplate: op({
    method: 'post',
    path: SCHEDULE_PATHS.applyTemplate,
    tag: 'Schedule',
    summary: 'Fill a week with time slots from a template; honours Idempotency-Key',
    access: 'templates.manage',
    apiKey: 'schedule:write',
    body: ApplyTemplate,
    success: created(TemplateApplied),
  }),
  addTimeOff: op({
    method: 'post',
    path: SCHEDULE_PATHS.addTimeOff,
    tag: 'Schedule',
    summary:
      "Take time off (whole days as YYYY-MM-DD, hours as YYYY-MM-DDTHH:mm in the provider's zone); lists the bookings inside it",
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: TimeOffRequest,
    success: created(TimeOffAddedAnswer),
  }),
  timeOff: op({
    method: 'get',
    path: SCHEDULE_PATHS.timeOff,
    tag: 'Schedule',
    summary: "The provider's time off that has not ended, in time order",
    access: 'schedule.manage',
    apiKey: 'schedule:read',
    success: ok(TimeOffList),
  }),
  deleteTimeOff: op({
    method: 'post',
    path: SCHEDULE_PATHS.deleteTimeOff,
    tag: 'Schedule',
    summary: 'Delete a time off: its times can be offered again',
    access: 'schedule.manage',
    apiKey: 'schedule:write',
    body: TimeOffId,
    success: ok(MessageResponse),
  }),

  book: op({
    method: 'post',
    path: APPOINTMENT_PATHS.book,
    tag: 'Appointments',
    summary: 'Book a slot (JSON, or multipart with a picture as the note); honours Idempotency-Key',
    access: 'appointments.book',
    body: BookingForm,
    form: { fields: BookingForm, image: 'optional' },
    // BOOKING_LIMIT, and a person's pictures a day (UPLOAD_LIMIT).
    limited: true,
    success: created(BookingResponse),
  }),
  cardBooking: op({
    method: 'post',
    path: PAYMENT_PATHS.cardBooking,
    tag: 'Payments',
    summary: 'Book a paid slot (the same as bookappointment)',
    access: 'appointments.book',
    body: BookingForm,
    form: { fields: BookingForm, image: 'optional' },
    // BOOKING_LIMIT, and a person's pictures a day (UPLOAD_LIMIT).
    limited: true,
    success: created(BookingResponse),
  }),
  stats: op({
    method: 'post',
    path: APPOINTMENT_PATHS.stats,
    tag: 'Appointments',
    summary: "The caller's appointment counts by status",
    access: 'appointments.view',
    apiKey: 'appointments:read',
    success: ok(AppointmentCounts),
  }),
  list: op({
    method: 'post',
    path: APPOINTMENT_PATHS.list,
    tag: 'Appointments',
    summary: "The caller's appointments, filtered by status",
    access: 'appointments.view',
    apiKey: 'appointments:read',
    body: AppointmentListRequest,
    success: ok(AppointmentList),
  }),
  updateStatus: op({
    method: 'post',
    path: APPOINTMENT_PATHS.updateStatus,
    tag: 'Appointments',
    summary: "Change an appointment's status",
    access: 'appointments.changeStatus',
    apiKey: 'appointments:write',
    body: UpdateStatusRequest,
    success: ok(StatusChanged),
  }),
  cancelAppointment: op({
    method: 'post',
    path: APPOINTMENT_PATHS.cancel,
    tag: 'Appointments',
    summary: 'The user cancels their upcoming appointment: its place is freed at once',
    access: 'appointments.book',
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    success: ok(AppointmentCancelled),
  }),
  cancelFollowing: op({
    method: 'post',
    path: APPOINTMENT_PATHS.cancelFollowing,
    tag: 'Appointments',
    summary:
      'The user cancels an occurrence of their recurring series and all the following ones (issue 31), each as its own cancellation',
    access: 'appointments.book',
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    success: ok(SeriesCancelled),
  }),
  rescheduleFollowing: op({
    method: 'post',
    path: APPOINTMENT_PATHS.rescheduleFollowing,
    tag: 'Appointments',
    summary:
      'The user moves an occurrence of their recurring series to another place and all the following ones by the same shift (issue 31): all or none, each under the policy it was booked with; 409 or 422 naming an occurrence that cannot move',
    access: 'appointments.book',
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    body: RescheduleRequest,
    success: ok(SeriesRescheduled),
  }),
  previewSeries: op({
    method: 'post',
    path: APPOINTMENT_PATHS.seriesPreview,
    tag: 'Appointments',
    summary: 'Every occurrence of a recurring series (issue 31), each marked free or not; nothing is held',
    access: 'appointments.book',
    body: SeriesForm,
    success: ok(SeriesPreview),
  }),
  bookSeries: op({
    method: 'post',
    path: APPOINTMENT_PATHS.series,
    tag: 'Appointments',
    summary:
      'Book a recurring series (issue 31): every occurrence at once or none (409 naming those not free), or with freeOnly the free ones; each paid occurrence gets its own order; honours Idempotency-Key',
    access: 'appointments.book',
    body: SeriesForm,
    // BOOKING_LIMIT counts every occurrence.
    limited: true,
    success: created(SeriesBookedResponse),
  }),
  rescheduleAppointment: op({
    method: 'post',
    path: APPOINTMENT_PATHS.reschedule,
    tag: 'Appointments',
    summary:
      'Move an upcoming appointment to another interval or place of the same service: the new place is held before the old is freed; 409 when it was just taken',
    access: 'appointments.reschedule',
    apiKey: 'appointments:write',
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    body: RescheduleRequest,
    success: ok(AppointmentRescheduledAnswer),
  }),
  bookingLink: op({
    method: 'get',
    path: APPOINTMENT_PATHS.link,
    tag: 'Appointments',
    summary:
      "An e-mail's signed link (no sign-in): the appointment, and what cancelling would do or the free places to move to; 403 when the link is not valid",
    access: PUBLIC,
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    query: BookingLinkQuery,
    success: ok(BookingLinkAnswer),
  }),
  cancelByLink: op({
    method: 'post',
    path: APPOINTMENT_PATHS.linkCancel,
    tag: 'Appointments',
    summary: "Cancel with an e-mail's signed cancel link, as its booker (no sign-in)",
    access: PUBLIC,
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    body: BookingLinkProof,
    success: ok(BookingLinkDone),
  }),
  rescheduleByLink: op({
    method: 'post',
    path: APPOINTMENT_PATHS.linkReschedule,
    tag: 'Appointments',
    summary:
      "Move with an e-mail's signed reschedule link, as its booker (no sign-in); the link works for one move",
    access: PUBLIC,
    params: CancelAppointmentParams,
    paramsNotFound: MESSAGES.appointmentNotFound,
    body: BookingLinkReschedule,
    success: ok(BookingLinkDone),
  }),
  dashboardDetails: op({
    method: 'post',
    path: APPOINTMENT_PATHS.dashboardDetails,
    tag: 'Appointments',
    summary: "The dashboard's appointments with their provider or service",
    access: 'dashboard.view',
    apiKey: 'appointments:read',
    success: ok(DashboardDetails),
  }),

  // The waitlist (issue 31).
  joinWaitlist: op({
    method: 'post',
    path: WAITLIST_PATHS.waitlist,
    tag: 'Appointments',
    summary:
      'Join the waitlist of a full interval or block, or with day of any place of the service on that day (422 while a place is free): when a place frees, the first waiter is offered it, held for them for the offer window',
    access: 'appointments.book',
    body: JoinWaitlistRequest,
    success: created(WaitlistJoined),
  }),
  listWaitlist: op({
    method: 'get',
    path: WAITLIST_PATHS.waitlist,
    tag: 'Appointments',
    summary:
      "The caller's waitlist entries with their position and open offer; the provider's staff: a time slot's waitlist (?timeslotId=)",
    access: 'appointments.view',
    query: WaitlistQuery,
    success: ok(WaitlistAnswer),
  }),
  leaveWaitlist: op({
    method: 'delete',
    path: WAITLIST_PATHS.entry,
    tag: 'Appointments',
    summary: 'Leave the waitlist; an offer held passes to the next waiter',
    access: 'appointments.book',
    params: WaitlistIdParams,
    paramsNotFound: MESSAGES.waitlistEntryNotFound,
    success: ok(MessageResponse),
  }),
  claimOffer: op({
    method: 'post',
    path: WAITLIST_PATHS.claim,
    tag: 'Appointments',
    summary:
      'Claim an offer within its window: books its place once (a paid service goes to checkout); 422 once the window has ended',
    access: 'appointments.book',
    params: WaitlistIdParams,
    paramsNotFound: MESSAGES.offerNotFound,
    success: created(OfferClaimedAnswer),
  }),
  declineOffer: op({
    method: 'post',
    path: WAITLIST_PATHS.decline,
    tag: 'Appointments',
    summary: 'Decline an offer: its place passes to the next waiter, or is bookable again',
    access: 'appointments.book',
    params: WaitlistIdParams,
    paramsNotFound: MESSAGES.offerNotFound,
    success: ok(MessageResponse),
  }),

  notifications: op({
    method: 'get',
    path: APPOINTMENT_PATHS.notifications,
    tag: 'Notifications',
    summary: "The caller's notifications",
    access: 'notifications.manage',
    success: ok(NotificationList),
  }),
  deleteNotification: op({
    method: 'post',
    path: APPOINTMENT_PATHS.deleteNotification,
    tag: 'Notifications',
    summary: 'Delete one notification',
    access: 'notifications.manage',
    body: NotificationId,
    success: ok(MessageResponse),
  }),
  clearNotifications: op({
    method: 'post',
    path: APPOINTMENT_PATHS.clearNotifications,
    tag: 'Notifications',
    summary: "Delete all the caller's notifications",
    access: 'notifications.manage',
    success: ok(MessageResponse),
  }),

  paymentSuccess: op({
    method: 'post',
    path: PAYMENT_PATHS.paymentSuccess,
    tag: 'Payments',
    summary: "The checkout's result; verified before the appointment counts as paid",
    access: 'appointments.book',
    body: PaymentResult,
    success: { status: 202, json: PaymentReceived },
  }),
  payAgain: op({
    method: 'post',
    path: PAYMENT_PATHS.payAgain,
    tag: 'Payments',
    summary: 'Pay now: the order of an unpaid booking and its checkout, until its timeout',
    access: 'appointments.book',
    body: PayAgainRequest,
    success: ok(PayAgainResponse),
  }),
  sandboxCheckout: op({
    method: 'get',
    path: PAYMENT_PATHS.sandboxCheckout,
    tag: 'Payments',
    summary: "The sandbox gateway's checkout page",
    access: PUBLIC,
    success: { status: 200, type: 'html' },
    mountedWhen: 'the sandbox payment gateway',
  }),
  sandboxScript: op({
    method: 'get',
    path: PAYMENT_PATHS.sandboxScript,
    tag: 'Payments',
    summary: "The sandbox checkout page's script",
    access: PUBLIC,
    success: { status: 200, type: 'javascript' },
    mountedWhen: 'the sandbox payment gateway',
  }),
  sandboxPay: op({
    method: 'post',
    path: PAYMENT_PATHS.sandboxPay,
    tag: 'Payments',
    summary: 'Pay an order in the sandbox: returns a signed test payment',
    access: 'appointments.book',
    body: SandboxPayRequest,
    success: ok(PaymentResult),
    mountedWhen: 'the sandbox payment gateway',
  }),
  providerCalendarFeed: op({
    method: 'get',
    path: CALENDAR_PATHS.providerFeed,
    tag: 'Integrations',
    summary:
      "The provider's calendar feed: connected, and the URL calendars subscribe to (masked but for the provider's admin)",
    access: 'integrations.read',
    query: ProviderFeedRequest,
    success: ok(CalendarFeedAnswer),
  }),
  connectProviderCalendar: op({
    method: 'post',
    path: CALENDAR_PATHS.providerConnect,
    tag: 'Integrations',
    summary: "Connect the provider's calendar feed (a new secret URL); connected already: unchanged",
    access: 'integrations.manage',
    body: ProviderFeedRequest,
    success: ok(CalendarFeedChanged),
  }),
  disconnectProviderCalendar: op({
    method: 'post',
    path: CALENDAR_PATHS.providerDisconnect,
    tag: 'Integrations',
    summary: "Disconnect the provider's calendar feed: its URL answers 404 from now on",
    access: 'integrations.manage',
    body: ProviderFeedRequest,
    success: ok(CalendarFeedChanged),
  }),
  myCalendarFeed: op({
    method: 'get',
    path: CALENDAR_PATHS.myFeed,
    tag: 'Integrations',
    summary: "The signed-in user's calendar feed of their bookings",
    access: 'calendar.personal',
    success: ok(CalendarFeedAnswer),
  }),
  connectMyCalendar: op({
    method: 'post',
    path: CALENDAR_PATHS.myConnect,
    tag: 'Integrations',
    summary: "Connect the user's calendar feed (a new secret URL)",
    access: 'calendar.personal',
    success: ok(CalendarFeedChanged),
  }),
  disconnectMyCalendar: op({
    method: 'post',
    path: CALENDAR_PATHS.myDisconnect,
    tag: 'Integrations',
    summary: "Disconnect the user's calendar feed",
    access: 'calendar.personal',
    success: ok(CalendarFeedChanged),
  }),
  calendarFeed: op({
    method: 'get',
    path: CALENDAR_PATHS.feed,
    tag: 'Integrations',
    summary: 'A calendar feed (iCalendar, RFC 5545); the token in the URL is the only credential',
    access: PUBLIC,
    paramsNotFound: MESSAGES.calendarFeedNotFound,
    params: FeedTokenParams,
    success: { status: 200, type: 'calendar' },
  }),
  appointmentCalendar: op({
    method: 'get',
    path: CALENDAR_PATHS.appointment,
    tag: 'Integrations',
    summary: 'One appointment as an .ics file ("Add to calendar")',
    access: 'appointments.view',
    params: AppointmentCalendarParams,
    success: { status: 200, type: 'calendar' },
  }),
  integrationSettings: op({
    method: 'get',
    path: INTEGRATION_SETTINGS_PATHS.settings,
    tag: 'Integrations',
    summary:
      "The provider's integration settings: the chatbot, WhatsApp and the chat app (its webhook URL masked but for the provider's admin)",
    access: 'integrations.read',
    query: SettingsQuery,
    success: ok(IntegrationSettingsAnswer),
  }),
  whatsAppMessages: op({
    method: 'get',
    path: INTEGRATION_SETTINGS_PATHS.whatsappMessages,
    tag: 'Integrations',
    summary: "The provider's latest WhatsApp messages: sent, failed with the API's message, or skipped",
    access: 'integrations.read',
    query: SettingsQuery,
    success: ok(WhatsAppMessagesAnswer),
  }),
  saveChatbotSettings: op({
    method: 'put',
    path: INTEGRATION_SETTINGS_PATHS.chatbot,
    tag: 'Integrations',
    summary: "Save the provider's AI chatbot panel",
    access: 'integrations.manage',
    query: SettingsQuery,
    body: ChatbotSettings,
    success: ok(IntegrationSettingsSaved),
  }),
  saveWhatsAppSettings: op({
    method: 'put',
    path: INTEGRATION_SETTINGS_PATHS.whatsapp,
    tag: 'Integrations',
    summary: "Save the provider's WhatsApp panel: enabled, the number and the templates",
    access: 'integrations.manage',
    query: SettingsQuery,
    body: WhatsAppSettings,
    success: ok(IntegrationSettingsSaved),
  }),
  connectChatApp: op({
    method: 'post',
    path: INTEGRATION_SETTINGS_PATHS.chatAppConnect,
    tag: 'Integrations',
    summary: 'Connect the chat app: bookings and status changes are posted to its webhook URL',
    access: 'integrations.manage',
    query: SettingsQuery,
    body: ChatAppForm,
    success: ok(IntegrationSettingsSaved),
  }),
  configureChatApp: op({
    method: 'put',
    path: INTEGRATION_SETTINGS_PATHS.chatAppConfigure,
    tag: 'Integrations',
    summary: 'Change the connected chat app: name, description and webhook URL',
    access: 'integrations.manage',
    query: SettingsQuery,
    body: ChatAppForm,
    success: ok(IntegrationSettingsSaved),
  }),
  disconnectChatApp: op({
    method: 'post',
    path: INTEGRATION_SETTINGS_PATHS.chatAppDisconnect,
    tag: 'Integrations',
    summary: 'Disconnect the chat app',
    access: 'integrations.manage',
    query: SettingsQuery,
    success: ok(IntegrationSettingsSaved),
  }),
  chat: op({
    method: 'post',
    path: INTEGRATION_SETTINGS_PATHS.chat,
    tag: 'Integrations',
    summary: "The chat widget's message: answered by a response template, the chat model or an agent",
    access: SIGNED_IN,
    body: ChatRequest,
    success: ok(ChatReply),
    limited: true,
  }),

  // A provider's API keys.
  listApiKeys: op({
    method: 'get',
    path: API_KEY_PATHS.apiKeys,
    tag: 'Integrations',
    summary: "The caller's provider's API keys, masked (a superadmin's: every provider's)",
    access: 'integrations.read',
    success: ok(ApiKeyListResponse),
  }),
  createApiKey: op({
    method: 'post',
    path: API_KEY_PATHS.apiKeys,
    tag: 'Integrations',
    summary: "Generate an API key for the caller's provider; the answer holds the full key, this once",
    access: 'integrations.manage',
    body: CreateApiKeyRequest,
    success: created(CreateApiKeyResponse),
  }),
  revokeApiKey: op({
    method: 'delete',
    path: API_KEY_PATHS.apiKey,
    tag: 'Integrations',
    summary: 'Revoke an API key: it stops working at once',
    access: 'integrations.manage',
    params: ApiKeyIdParams,
    success: ok(MessageResponse),
  }),

  listWebhooks: op({
    method: 'get',
    path: WEBHOOK_PATHS.list,
    tag: 'Integrations',
    summary: "A provider's webhooks (a superadmin's or support's: every provider's, or ?providerId=)",
    access: 'integrations.read',
    query: WebhookListQuery,
    success: ok(WebhookListResponse),
  }),
  createWebhook: op({
    method: 'post',
    path: WEBHOOK_PATHS.list,
    tag: 'Integrations',
    summary: 'Add a webhook; the answer holds its signing secret, shown this once',
    access: 'integrations.manage',
    body: WebhookInput,
    success: created(WebhookWithSecretResponse),
  }),
  editWebhook: op({
    method: 'put',
    path: WEBHOOK_PATHS.one,
    tag: 'Integrations',
    summary: "Change a webhook's name, URL, event types or whether it is active",
    access: 'integrations.manage',
    params: WebhookIdParams,
    body: WebhookInput,
    success: ok(z.object({ webhook: Webhook })),
  }),
  deleteWebhook: op({
    method: 'delete',
    path: WEBHOOK_PATHS.one,
    tag: 'Integrations',
    summary: 'Delete a webhook; nothing more is sent to it',
    access: 'integrations.manage',
    params: WebhookIdParams,
    success: ok(MessageResponse),
  }),
  rotateWebhookSecret: op({
    method: 'post',
    path: WEBHOOK_PATHS.rotateSecret,
    tag: 'Integrations',
    summary: "Replace a webhook's signing secret; the answer holds the new one, shown this once",
    access: 'integrations.manage',
    params: WebhookIdParams,
    success: ok(WebhookWithSecretResponse),
  }),
  webhookDeliveries: op({
    method: 'get',
    path: WEBHOOK_PATHS.deliveries,
    tag: 'Integrations',
    summary:
      "A webhook's latest deliveries: event type, attempts, last status, latency, the answer's first 1 KB",
    access: 'integrations.read',
    params: WebhookIdParams,
    success: ok(WebhookDeliveriesResponse),
  }),
  redeliverWebhook: op({
    method: 'post',
    path: WEBHOOK_PATHS.redeliver,
    tag: 'Integrations',
    summary: 'Send a delivery again: a new attempt with the same webhook-id',
    access: 'integrations.manage',
    params: WebhookDeliveryParams,
    success: { status: 202, json: WebhookRedelivery },
  }),

  // A provider's history (platform staff; a provider's admin for its own).
  providerHistory: op({
    method: 'get',
    path: HISTORY_PATHS.history,
    tag: 'Platform',
    summary: "A provider's history, newest first: who did what and when, with before → after for edits",
    access: 'history.view',
    params: ProviderIdParams,
    query: HistoryQuery,
    success: ok(HistoryPage),
  }),
  providerHistoryExport: op({
    method: 'get',
    path: HISTORY_PATHS.export,
    tag: 'Platform',
    summary: "A provider's history under the same filters, as CSV or NDJSON",
    access: 'history.view',
    params: ProviderIdParams,
    query: HistoryExportQuery,
    success: { status: 200, type: 'csv-or-ndjson' },
  }),
  providerHistoryState: op({
    method: 'get',
    path: HISTORY_PATHS.state,
    tag: 'Platform',
    summary: 'A provider as it was at a time or log position, folded from its events',
    access: 'history.view',
    params: ProviderIdParams,
    query: HistoryStateQuery,
    success: ok(ProviderStateAt),
  }),
} as const satisfies Record<string, ApiOperation>;

export type OperationId = keyof typeof API_OPERATIONS;

type Operations = typeof API_OPERATIONS;
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What an operation's JSON body (or its multipart form's fields) parses to. */
export type OperationBody<Id extends OperationId> = Operations[Id] extends { body: infer B }
  ? Parsed<B>
  : Operations[Id] extends { form: { fields: infer F } }
    ? Parsed<F>
    : undefined;
/** What a caller sends as an operation's body. */
export type OperationBodyInput<Id extends OperationId> = Operations[Id] extends { body: infer B }
  ? Input<B>
  : Operations[Id] extends { form: { fields: infer F } }
    ? Input<F>
    : undefined;
export type OperationQuery<Id extends OperationId> = Operations[Id] extends { query: infer Q }
  ? Parsed<Q>
  : undefined;
export type OperationQueryInput<Id extends OperationId> = Operations[Id] extends { query: infer Q }
  ? Input<Q>
  : undefined;
/** An operation's path parameters; a plain record where the table gives no schema. */
export type OperationParams<Id extends OperationId> = Operations[Id] extends { params: infer P }
  ? Parsed<P>
  : Record<string, string>;
/** The JSON of an operation's success answer, as sent (its schema's input). */
export type OperationAnswer<Id extends OperationId> = Operations[Id]['success'] extends { json: infer J }
  ? J extends z.ZodType
    ? z.input<J>
    : never
  : never;
/** The JSON of an operation's success answer, as read (its schema's output). */
export type OperationReply<Id extends OperationId> = Operations[Id]['success'] extends { json: infer J }
  ? J extends z.ZodType
    ? z.output<J>
    : never
  : never;

/** An operation's path with its parameters filled in (each URI-encoded). */
export const pathOf = (id: OperationId, params: Record<string, string> = {}): string =>
  API_OPERATIONS[id].path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });

/** The scope an API key needs for each operation open to keys (the table's `apiKey`). */
export const API_KEY_SCOPE_OF: Partial<Record<OperationId, ApiKeyScope>> = Object.fromEntries(
  (Object.entries(API_OPERATIONS) as [OperationId, ApiOperation][]).flatMap(([id, operation]) =>
    operation.apiKey ? [[id, operation.apiKey]] : [],
  ),
);

const segmentsMatch = (pattern: string, path: string): boolean => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
};

/** The operation a request calls, by method and path (no query), if any. */
export const operationAt = (
  method: string,
  path: string,
): { id: OperationId; operation: ApiOperation } | undefined => {
  const verb = method.toLowerCase();
  const clean = path.replace(/\/+$/, '') || '/';
  for (const [id, operation] of Object.entries(API_OPERATIONS) as [OperationId, ApiOperation][]) {
    if (operation.method === verb && segmentsMatch(operation.path, clean)) return { id, operation };
  }
  return undefined;
};

/** The roles an operation lets through; undefined for anyone, signed in or not. */
export const rolesFor = (access: Access): readonly Role[] | undefined =>
  access === PUBLIC ? undefined : access === SIGNED_IN ? ROLES : CAPABILITIES[access];
