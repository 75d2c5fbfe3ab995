import { createHmac } from 'node:crypto';
import { Router, type CookieOptions, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import {
  ChangePassword,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ProfileUpdate,
  ProviderDecision,
  ProviderRegistration,
  ResetPasswordRequest,
  UserRegistration,
  VerifyEmailQuery,
  EmailChangeQuery,
  type LoginResponse,
} from '@appointment/contracts/accounts';
import type { ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import type { AccountsService } from '../accounts/accounts.service';
import { asSuspect } from '../auth/password-work';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import { ValidationError } from '../domain/errors';
import { authOf, requireCapability, requireSignedIn, tokenOf } from './authenticate';
import { multipartWithImage, pendingImage } from './image-upload';

export interface AccountsRouterDependencies {
  accounts: AccountsService;
  sessions: SessionStore;
  /** Where uploaded profile pictures are kept; served under /uploads. */
  uploadsDir: string;
  /** Checks a password reset link's signature; false when the link is not genuine. */
  verifyResetLink?: (userId: string, requestId: string, token: string) => boolean;
  /** Counts a person's uploads against their daily cap (uploadsPerDay). */
  uploadLimit?: RequestHandler;
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
export const accountsRouter = ({
  accounts,
  sessions,
  uploadsDir,
  uploadLimit,
  verifyLink,
  verifyEmailChange,
  registrationLimit,
  limitKeySecret,
  secureCookies = false,
  accountLoginLimit = 20,
  addressLoginLimit = 30,
  limitStore,
  verifyResetLink = () => false,
}: AccountsRouterDependencies): Router => {
  const router = Router();
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

  router.post('/auth/forgot-password', ...passwordResetLimiters, async (req, res) => {
    const started = performance.now();
    const { email } = ForgotPasswordRequest.parse(req.body);
    await accounts.requestPasswordReset(email);
    // The same answer, after the same time, whether or not an account has the address.
    const left = FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    res.json({ message: MESSAGES.passwordResetRequested });
  });

  router.post('/auth/reset-password', resetAttemptLimiter, async (req, res) => {
    const { user, request, token, password } = ResetPasswordRequest.parse(req.body);
    if (!verifyResetLink(user, request, token)) throw new ValidationError(MESSAGES.resetLinkInvalid);
    await accounts.resetPassword(user, request, password);
    // Whoever held the old password is signed out everywhere.
    await sessions.destroyAllFor(user);
    res.json({ message: MESSAGES.passwordResetDone });
  });

  router.post('/auth/login', addressLoginLimiter, loginLimiter, accountLoginLimiter, async (req, res) => {
    const { email, password } = LoginRequest.parse(req.body);
    // An address with failed (or unanswered) sign-ins in the window checks its passwords
    // one at a time, behind everyone else's (services/src/auth/password-work.ts).
    const failing =
      ((req as Request & { [ADDRESS_LOGINS]?: RateLimitInfo })[ADDRESS_LOGINS]?.used ?? 0) > SUSPECT_AFTER;
    const check = () => accounts.authenticate(email, password);
    const user = await (failing ? asSuspect(check) : check());
    // A new session id at every sign-in.
    const previous = tokenOf(req);
    if (previous) await sessions.destroy(previous);
    const session = await sessions.create(user.id);
    res.cookie(SESSION_COOKIE, session.token, cookieOptions(req, secureCookies));
    res.json({
      message: MESSAGES.loginSuccessful,
      role: user.role,
      user,
      // The browser keeps the httpOnly cookie only; an API client asks for the token.
      ...(req.query.token === 'true' ? { token: session.token } : {}),
    } satisfies LoginResponse);
  });

  router.post('/auth/logout', async (req, res) => {
    const token = tokenOf(req);
    if (token) await sessions.destroy(token);
    res.clearCookie(SESSION_COOKIE, { ...cookieOptions(req, secureCookies), maxAge: undefined });
    res.json({ message: MESSAGES.logoutSuccessful });
  });

  router.get('/auth/me', requireSignedIn, async (_req, res) => {
    const auth = authOf(res);
    const user = await accounts.loadUser(auth.userId);
    const sessionUser = user && (await accounts.sessionUser(user));
    if (!sessionUser) {
      await sessions.destroy(auth.token);
      res.status(401).json({ message: MESSAGES.sessionExpired } satisfies ErrorBody);
      return;
    }
    res.json({ user: sessionUser, role: sessionUser.role });
  });

  const registerUser = async (req: Request, res: Response) => {
    const input = UserRegistration.parse(req.body);
    await accounts.registerUser(input);
    res.status(201).json({ success: true, message: MESSAGES.userCreated });
  };
  router.post('/auth/register/user', registrationLimiter, registerUser);
  router.post('/auth/register', registrationLimiter, registerUser);

  router.post('/auth/registerprovider', registrationLimiter, async (req, res) => {
    const input = ProviderRegistration.parse(req.body);
    await accounts.registerProvider(input);
    res.status(201).json({ success: true, message: MESSAGES.userCreated });
  });

  // The confirmation link again, three times every 15 minutes per person.
  const resendLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: 3,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `resend:${authOf(res).userId}`,
    handler: tooMany(MESSAGES.tooManyVerificationMails),
    ...storeFor('verification-resend'),
  });
  router.post('/auth/verify/resend', requireSignedIn, resendLimiter, async (_req, res) => {
    const sent = await accounts.requestEmailVerification(authOf(res).userId);
    res.json({ message: sent ? MESSAGES.verificationSent : MESSAGES.emailVerified });
  });

  // The link sent to a new address makes it the account's.
  router.get('/auth/email-change', async (req, res) => {
    const { user, request, token } = EmailChangeQuery.parse(req.query);
    if (!verifyEmailChange(user, request, token)) throw new ValidationError(MESSAGES.verificationInvalid);
    await accounts.confirmEmailChange(user, request);
    res.redirect(303, '/profile?emailChanged=1');
  });

  router.get('/auth/verify', async (req, res) => {
    const { user, token } = VerifyEmailQuery.parse(req.query);
    if (!verifyLink(user, token)) throw new ValidationError(MESSAGES.verificationInvalid);
    await accounts.verifyEmail(user);
    res.redirect(303, '/login?verified=1');
  });

  router.get('/profile/getprofile', requireCapability('profile.manage'), async (_req, res) => {
    res.json({ data: await accounts.profile(authOf(res)) });
  });

  router.post('/profile/updateprofile', requireCapability('profile.manage'), async (req, res) => {
    const update = ProfileUpdate.parse(req.body);
    res.json({ data: await accounts.updateProfile(authOf(res), update) });
  });

  router.delete('/profile/getprofile', requireSignedIn, async (req, res) => {
    const auth = authOf(res);
    const { id } = DeleteAccountRequest.parse(req.body ?? {});
    await accounts.deleteUser(auth, id, 'Account deleted');
    await sessions.destroyAllFor(id);
    if (id === auth.userId)
      res.clearCookie(SESSION_COOKIE, { ...cookieOptions(req, secureCookies), maxAge: undefined });
    res.json({ message: MESSAGES.accountDeleted });
  });

  router.post(
    '/profile/uploadprofilepic',
    requireCapability('profile.manage'),
    multipartWithImage(uploadLimit),
    async (req, res) => {
      const image = pendingImage(req, uploadsDir);
      if (!image) throw new ValidationError(MESSAGES.invalidImage);
      await accounts.changeProfilePicture(authOf(res), image.url);
      // Stored only once the change that names it is accepted.
      await image.keep();
      res.json({ profilePic: image.url, imageUrl: image.url });
    },
  );

  router.get('/profile/getalluser', requireCapability('staffs.view'), async (_req, res) => {
    res.json({ businessUsers: await accounts.staff(authOf(res)) });
  });

  router.get('/profile/getuser', requireCapability('providers.view'), async (_req, res) => {
    res.json({ users: await accounts.pendingProviders() });
  });

  router.put('/users/updatepassword', requireCapability('profile.manage'), async (req, res) => {
    const auth = authOf(res);
    await accounts.changePassword(auth, ChangePassword.parse(req.body));
    await sessions.destroyAllFor(auth.userId, auth.token);
    res.json({ message: MESSAGES.passwordChanged });
  });

  router.post('/providers/approveprovider', requireCapability('providers.approve'), async (req, res) => {
    await accounts.approveProvider(authOf(res), ProviderDecision.parse(req.body).id);
    res.json({ message: MESSAGES.providerApproved });
  });

  router.post('/providers/rejectprovider', requireCapability('providers.approve'), async (req, res) => {
    const { id } = ProviderDecision.parse(req.body);
    await accounts.rejectProvider(authOf(res), id);
    await sessions.destroyAllFor(id);
    res.json({ message: MESSAGES.userDeleted });
  });

  return router;
};
