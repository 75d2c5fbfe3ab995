import { createHmac } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { LoginResponse } from '@appointment/contracts/accounts';
import type { ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import { asSuspect } from '../auth/password-work';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import { ValidationError } from '../domain/errors';
import { authOf, tokenOf } from '../http/authenticate';
import { pendingImage } from '../http/image-upload';
import { handlers, type Handler, type OperationHandlers } from '../http/mount-operations';
import type { AccountsContext } from './accounts-context';
import { loadUser } from './accounts-context';
import { authenticate, sessionUser } from './sign-in/sign-in';
import { registerProvider, registerUser, requestEmailVerification, verifyEmail } from './register/register';
import { requestPasswordReset, resetPassword } from './password-reset/password-reset';
import {
  changePassword,
  changeProfilePicture,
  confirmEmailChange,
  profile,
  updateProfile,
} from './profile/profile';
import { deleteUser } from './delete-user/delete-user';
import { pendingProviders, staff } from './queries/accounts.queries';
import { approveProvider, rejectProvider } from './provider-approval/provider-approval';

export interface AccountsHandlerDependencies {
  accounts: AccountsContext;
  sessions: SessionStore;
  /** Where uploaded profile pictures are kept; served under /uploads. */
  uploadsDir: string;
  /** Checks a password reset link's signature; false when the link is not genuine. */
  verifyResetLink?: (userId: string, requestId: string, token: string) => boolean;
  /** Verifies an e-mail link; false when the link is not genuine. */
  verifyLink: (userId: string, token: string) => boolean;
  /** Verifies the link sent to a new address. */
  verifyEmailChange: (userId: string, requestId: string, token: string) => boolean;
  /** Registrations per client address every 15 minutes. */
  registrationLimit: number;
  /** Production: the session cookie is always Secure, whatever the proxy says. */
  secureCookies?: boolean;
  /** Failed sign-ins of one account, from any number of addresses, every 15 minutes. */
  accountLoginLimit?: number;
  /** Failed sign-ins from one client address, over any number of accounts, every 15 minutes. */
  addressLoginLimit?: number;
  /** Keys the limits' counts of e-mail addresses (the same in every API process). */
  limitKeySecret: string;
  /** Scale-out: where the limits count, shared by every API process (Redis); else in memory. */
  limitStore?: (name: string) => Store;
}

/** Where the address limiter leaves its count on the request. */
const ADDRESS_LOGINS = 'addressLogins';
/**
 * Sign-ins from an address past this many failed or unanswered ones in 15 minutes (a person
 * who mistyped twice is not yet one) hash in the suspects' lane.
 */
const SUSPECT_AFTER = 3;

/** Password reset requests (and reset attempts) per client address every 15 minutes. */
export const PASSWORD_RESETS_PER_CLIENT = 20;
/** Password reset requests per address asked about, every hour. */
export const PASSWORD_RESETS_PER_EMAIL = 5;
/**
 * A forgot-password request answers no sooner than this, so that recording a request for a
 * known address does not take measurably longer than finding none.
 */
const FORGOT_PASSWORD_ANSWER_MS = 250;

const cookieOptions = (req: Request, always = false): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: always || req.secure,
  path: '/',
  maxAge: SESSION_ABSOLUTE_MS,
});

const tooMany = (message: string) => (_req: Request, res: Response) => {
  res.status(429).json({ message } satisfies ErrorBody);
};

/** docs/product.md §7.1 and §7.2, plus the paths the spec leaves unnamed. */
export const accountsHandlers = ({
  accounts,
  sessions,
  uploadsDir,
  verifyLink,
  verifyEmailChange,
  registrationLimit,
  limitKeySecret,
  secureCookies = false,
  accountLoginLimit = 20,
  addressLoginLimit = 30,
  limitStore,
  verifyResetLink = () => false,
}: AccountsHandlerDependencies): OperationHandlers => {
  /**
   * An e-mail address as the limits count it, never in clear (their counts sit in memory or on
   * Redis for up to an hour, beyond the reach of forgetting): a keyed hash of it.
   */
  const addressKey = (email: unknown): string =>
    createHmac('sha256', limitKeySecret)
      .update(
        String(email ?? '')
          .trim()
          .toLowerCase(),
      )
      .digest('base64url');
  const storeFor = (name: string) => (limitStore ? { store: limitStore(name) } : {});

  // 10 failed sign-ins a minute for one address and e-mail; successful ones do not count.
  const loginLimiter = rateLimit({
    windowMs: 60_000,
    limit: 10,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}:${addressKey(req.body?.email)}`,
    handler: tooMany(MESSAGES.tooManyLogins),
    ...storeFor('login'),
  });
  // One account guessed at from many addresses; successful sign-ins do not count.
  const accountLoginLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: accountLoginLimit,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `account:${addressKey(req.body?.email)}`,
    handler: tooMany(MESSAGES.tooManyAccountLogins),
    ...storeFor('account-login'),
  });
  // One address spraying guesses over many accounts (each costs a password check);
  // successful sign-ins do not count. Its count also says who hashes in the suspects' lane.
  const addressLoginLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: addressLoginLimit,
    skipSuccessfulRequests: true,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: ADDRESS_LOGINS,
    keyGenerator: (req) => `address:${ipKeyGenerator(req.ip ?? '')}`,
    handler: tooMany(MESSAGES.tooManyAddressLogins),
    ...storeFor('address-login'),
  });
  const registrationLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: registrationLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: tooMany(MESSAGES.tooManyRegistrations),
    ...storeFor('registration'),
  });

  // Password reset requests, per client address and per address asked about (known or not
  // alike, so the limit tells nothing either); reset attempts per client address.
  const passwordResetLimiters = [
    rateLimit({
      windowMs: 15 * 60_000,
      limit: PASSWORD_RESETS_PER_CLIENT,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: tooMany(MESSAGES.tooManyPasswordResets),
      ...storeFor('password-reset'),
    }),
    rateLimit({
      windowMs: 60 * 60_000,
      limit: PASSWORD_RESETS_PER_EMAIL,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: (req) => `reset:${addressKey(req.body?.email)}`,
      handler: tooMany(MESSAGES.tooManyPasswordResets),
      ...storeFor('password-reset-email'),
    }),
  ];
  const resetAttemptLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: PASSWORD_RESETS_PER_CLIENT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: tooMany(MESSAGES.tooManyPasswordResets),
    ...storeFor('password-reset-attempt'),
  });

  const resendLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: 3,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `resend:${authOf(res).userId}`,
    handler: tooMany(MESSAGES.tooManyVerificationMails),
    ...storeFor('verification-resend'),
  });

  const registration: Handler<'register' | 'registerUser'> = async ({ body }) => {
    await registerUser(accounts, body);
    return { success: true, message: MESSAGES.userCreated };
  };

  return handlers({
    forgotPassword: {
      before: passwordResetLimiters,
      handle: async ({ body }) => {
        const started = performance.now();
        await requestPasswordReset(accounts, body.email);
        // The same answer, after the same time, whether or not an account has the address.
        const left = FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        return { message: MESSAGES.passwordResetRequested };
      },
    },
    resetPassword: {
      before: [resetAttemptLimiter],
      handle: async ({ body: { user, request, token, password } }) => {
        if (!verifyResetLink(user, request, token)) throw new ValidationError(MESSAGES.resetLinkInvalid);
        await resetPassword(accounts, user, request, password);
        // Whoever held the old password is signed out everywhere.
        await sessions.destroyAllFor(user);
        return { message: MESSAGES.passwordResetDone };
      },
    },
    login: {
      before: [addressLoginLimiter, loginLimiter, accountLoginLimiter],
      handle: async ({ req, res, query, body: { email, password } }) => {
        // An address with failed (or unanswered) sign-ins in the window checks its passwords
        // one at a time, behind everyone else's (services/src/auth/password-work.ts).
        const failing =
          ((req as Request & { [ADDRESS_LOGINS]?: RateLimitInfo })[ADDRESS_LOGINS]?.used ?? 0) >
          SUSPECT_AFTER;
        const check = () => authenticate(accounts, email, password);
        const user = await (failing ? asSuspect(check) : check());
        // A new session id at every sign-in.
        const previous = tokenOf(req);
        if (previous) await sessions.destroy(previous);
        const session = await sessions.create(user.id);
        res.cookie(SESSION_COOKIE, session.token, cookieOptions(req, secureCookies));
        return {
          message: MESSAGES.loginSuccessful,
          role: user.role,
          user,
          // The browser keeps the httpOnly cookie only; an API client asks for the token.
          ...(query.token === 'true' ? { token: session.token } : {}),
        } satisfies LoginResponse;
      },
    },
    logout: async ({ req, res }) => {
      const token = tokenOf(req);
      if (token) await sessions.destroy(token);
      res.clearCookie(SESSION_COOKIE, { ...cookieOptions(req, secureCookies), maxAge: undefined });
      return { message: MESSAGES.logoutSuccessful };
    },
    me: async ({ res, auth }) => {
      const user = await loadUser(accounts, auth.userId);
      const signedIn = user && (await sessionUser(accounts, user));
      if (!signedIn) {
        await sessions.destroy(auth.token);
        res.status(401).json({ message: MESSAGES.sessionExpired } satisfies ErrorBody);
        return;
      }
      return { user: signedIn, role: signedIn.role };
    },
    register: { before: [registrationLimiter], handle: registration },
    registerUser: { before: [registrationLimiter], handle: registration },
    registerProvider: {
      before: [registrationLimiter],
      handle: async ({ body }) => {
        await registerProvider(accounts, body);
        return { success: true, message: MESSAGES.userCreated };
      },
    },
    // The confirmation link again, three times every 15 minutes per person.
    resendVerification: {
      before: [resendLimiter],
      handle: async ({ auth }) => {
        const sent = await requestEmailVerification(accounts, auth.userId);
        return { message: sent ? MESSAGES.verificationSent : MESSAGES.emailVerified };
      },
    },
    // The link sent to a new address makes it the account's.
    confirmEmailChange: async ({ res, query: { user, request, token } }) => {
      if (!verifyEmailChange(user, request, token)) throw new ValidationError(MESSAGES.verificationInvalid);
      await confirmEmailChange(accounts, user, request);
      res.redirect(303, '/profile?emailChanged=1');
    },
    verifyEmail: async ({ res, query: { user, token } }) => {
      if (!verifyLink(user, token)) throw new ValidationError(MESSAGES.verificationInvalid);
      await verifyEmail(accounts, user);
      res.redirect(303, '/login?verified=1');
    },
    getProfile: async ({ auth }) => ({ data: await profile(accounts, auth) }),
    updateProfile: async ({ auth, body }) => ({ data: await updateProfile(accounts, auth, body) }),
    deleteAccount: async ({ req, res, auth, body: { id } }) => {
      await deleteUser(accounts, auth, id, 'Account deleted');
      await sessions.destroyAllFor(id);
      if (id === auth.userId)
        res.clearCookie(SESSION_COOKIE, { ...cookieOptions(req, secureCookies), maxAge: undefined });
      return { message: MESSAGES.accountDeleted };
    },
    uploadProfilePic: async ({ req, auth }) => {
      const image = pendingImage(req, uploadsDir);
      if (!image) throw new ValidationError(MESSAGES.invalidImage);
      await changeProfilePicture(accounts, auth, image.url);
      // Stored only once the change that names it is accepted.
      await image.keep();
      return { profilePic: image.url, imageUrl: image.url };
    },
    staff: async ({ auth }) => ({ businessUsers: await staff(accounts, auth) }),
    pendingProviders: async () => ({ users: await pendingProviders(accounts) }),
    updatePassword: async ({ auth, body }) => {
      await changePassword(accounts, auth, body);
      await sessions.destroyAllFor(auth.userId, auth.token);
      return { message: MESSAGES.passwordChanged };
    },
    approveProvider: async ({ auth, body }) => {
      await approveProvider(accounts, auth, body.id);
      return { message: MESSAGES.providerApproved };
    },
    rejectProvider: async ({ auth, body: { id } }) => {
      await rejectProvider(accounts, auth, id);
      await sessions.destroyAllFor(id);
      return { message: MESSAGES.userDeleted };
    },
  });
};
