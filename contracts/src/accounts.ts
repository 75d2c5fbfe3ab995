import { z } from 'zod';
import { LANGUAGES, LIMITS, REGISTRATION_INDUSTRIES } from './constants';
import { TimeZone } from './time-zones';
import { MESSAGES } from './messages';
import { Role } from './roles';

/**
 * Accounts: registration, sign-in, session, profile and password (docs/product.md §3, §5, §7.1, §7.2).
 * The same schemas validate the forms in the browser and the bodies on the server.
 */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.invalidEmail }))
  .meta({ format: 'email' });
const password = z.string().min(LIMITS.passwordMin, { message: MESSAGES.passwordMin }).max(200);
const phone = z.string().trim().min(LIMITS.phoneMin, { message: MESSAGES.phoneMin }).max(30);

/** `?token=true`: an API client asks for the session token in the body (a browser keeps the cookie only). */
export const LoginQuery = z.object({ token: z.enum(['true', 'false']).optional() });

export const LoginRequest = z.object({ email, password });
export type LoginRequest = z.infer<typeof LoginRequest>;

const confirmed = <T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
  }
};

export const UserRegistration = z
  .object({
    name: z.string().trim().min(LIMITS.nameMin, { message: MESSAGES.nameMin }).max(100),
    email,
    phone,
    password,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed);
export type UserRegistration = z.infer<typeof UserRegistration>;

export const ProviderRegistration = z
  .object({
    businessName: z.string().trim().min(LIMITS.nameMin, { message: MESSAGES.businessNameMin }).max(120),
    industry: z
      .string()
      .refine((value) => (REGISTRATION_INDUSTRIES as readonly string[]).includes(value), {
        message: MESSAGES.selectIndustry,
      })
      .meta({ enum: [...REGISTRATION_INDUSTRIES] }),
    email,
    phone,
    address: z.string().trim().min(LIMITS.addressMin, { message: MESSAGES.addressMin }).max(300),
    password,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed);
export type ProviderRegistration = z.infer<typeof ProviderRegistration>;

export const ChangePassword = z
  .object({
    currentPassword: z.string().min(LIMITS.passwordMin, { message: MESSAGES.passwordMin }),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
    }
  });
export type ChangePassword = z.infer<typeof ChangePassword>;

export const NotificationPreferences = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const ProfileUpdate = z.object({
  name: z.string().trim().min(LIMITS.nameMin, { message: MESSAGES.nameMin }).max(100),
  email,
  phone,
  timezone: TimeZone,
  language: z.enum(LANGUAGES, { message: MESSAGES.languageRequired }),
  notificationPreferences: NotificationPreferences,
  /** Needed to change the e-mail address (the new one takes effect once confirmed). */
  currentPassword: z.string().max(200).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** The link sent to a new address; its owner opening it makes it the account's. */
export const EmailChangeQuery = z.object({
  user: z.string().min(1).max(100),
  request: z.string().min(1).max(100),
  token: z.string().min(1).max(200),
});

/** The signed-in person as the client sees them (docs/product.md §3 User). */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  providerId: z.string().optional(),
  industry: z.string().optional(),
  imageurl: z.string().optional(),
  /** False until the person opens the link sent to their address; they cannot book until then. */
  emailVerified: z.boolean(),
  /** The zone the person chose on their profile, the viewer's zone for "Your time"; absent until chosen. */
  timezone: z.string().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST /api/auth/login. `token` is the same session as the cookie, for `app_token`. */
export const LoginResponse = z.object({
  message: z.string(),
  role: Role,
  user: SessionUser,
  /** Only for an API client that asks for it (`?token=true`); the web app uses the cookie. */
  token: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /api/auth/me */
export const MeResponse = z.object({ user: SessionUser, role: Role });
export type MeResponse = z.infer<typeof MeResponse>;

/** POST /api/auth/register/user and /api/auth/register */
export const RegistrationResponse = z.object({ success: z.boolean(), message: z.string() });
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  timezone: z.string(),
  language: z.enum(LANGUAGES),
  imageurl: z.string().optional(),
  notificationPreferences: NotificationPreferences,
  /** A new address waiting for its owner to open the link sent to it. */
  pendingEmail: z.string().optional(),
});
export type Profile = z.infer<typeof Profile>;

/** GET /api/profile/getprofile and POST /api/profile/updateprofile answer `{ data: Profile }`. */
export const ProfileResponse = z.object({ data: Profile });

/** POST /api/profile/uploadprofilepic (multipart, field `image`). */
export const ProfilePicResponse = z.object({ profilePic: z.string(), imageUrl: z.string() });

/** GET /api/profile/getalluser: the staff of the admin's provider (docs/product.md §3 Staff user). */
export const StaffUser = z.object({
  _id: z.string(),
  businessname: z.string(),
  email: z.string(),
  phoneno: z.string(),
  role: Role,
});
export type StaffUser = z.infer<typeof StaffUser>;
export const StaffListResponse = z.object({ businessUsers: z.array(StaffUser) });

/** GET /api/profile/getuser: provider registrations waiting for approval. */
export const PendingProviderUser = z.object({
  _id: z.string(),
  businessname: z.string(),
  email: z.string(),
  industry: z.string(),
});
export type PendingProviderUser = z.infer<typeof PendingProviderUser>;
export const PendingProvidersResponse = z.object({ users: z.array(PendingProviderUser) });

/** POST /api/providers/approveprovider and /rejectprovider: `id` is the pending user's `_id`. */
export const ProviderDecision = z.object({ id: z.string().min(1, { message: MESSAGES.userNotFound }) });

/** DELETE /api/profile/getprofile: the account to delete (one's own, or staff for an admin). */
export const DeleteAccountRequest = z.object({ id: z.string().min(1, { message: MESSAGES.userNotFound }) });

/** POST /api/auth/forgot-password: mail a reset link, if an account has the address. */
export const ForgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/**
 * POST /api/auth/reset-password: the link's `user`, `request` and `token`, and the new
 * password twice, under the same rules as registration (docs/product.md §5).
 */
export const ResetPasswordRequest = z
  .object({
    user: z.uuid({ message: MESSAGES.resetLinkInvalid }),
    request: z.uuid({ message: MESSAGES.resetLinkInvalid }),
    token: z.string().min(10, { message: MESSAGES.resetLinkInvalid }).max(200),
    password,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** GET /api/auth/verify: the link of the verification e-mail. */
export const VerifyEmailQuery = z.object({ user: z.uuid(), token: z.string().min(10).max(200) });

export const MessageResponse = z.object({ message: z.string() });

export const API_PATHS = {
  login: '/api/auth/login',
  /** Sign-in for an API client: the session token in the body too, for `Authorization: Bearer`. */
  loginForToken: '/api/auth/login?token=true',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  register: '/api/auth/register',
  registerUser: '/api/auth/register/user',
  registerProvider: '/api/auth/registerprovider',
  verifyEmail: '/api/auth/verify',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  resendVerification: '/api/auth/verify/resend',
  confirmEmailChange: '/api/auth/email-change',
  mailbox: '/api/dev/mailbox',
  getProfile: '/api/profile/getprofile',
  updateProfile: '/api/profile/updateprofile',
  uploadProfilePic: '/api/profile/uploadprofilepic',
  staff: '/api/profile/getalluser',
  pendingProviders: '/api/profile/getuser',
  updatePassword: '/api/users/updatepassword',
  approveProvider: '/api/providers/approveprovider',
  rejectProvider: '/api/providers/rejectprovider',
} as const;

export const DEMO_PASSWORD = 'password123';
