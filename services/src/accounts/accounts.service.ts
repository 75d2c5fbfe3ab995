import type {
  ChangePassword,
  PendingProviderUser,
  Profile,
  ProfileUpdate,
  ProviderRegistration,
  SessionUser,
  StaffUser,
  UserRegistration,
} from '@appointment/contracts/accounts';
import type { Role } from '@appointment/contracts/roles';
import type { Provider } from '../catalogue/providers/provider.decider';
import {
  accountsContext,
  loadProvider,
  loadUser,
  type AccountsContext,
  type AccountsDependencies,
  type ActiveUser,
  type Actor,
} from './accounts-context';
import { deleteUser } from './delete-user/delete-user';
import { requestPasswordReset, resetPassword } from './password-reset/password-reset';
import {
  changePassword,
  changeProfilePicture,
  confirmEmailChange,
  profile,
  updateProfile,
} from './profile/profile';
import { approveProvider, rejectProvider } from './provider-approval/provider-approval';
import { isEmpty, pendingProviders, staff } from './queries/accounts.queries';
import { registerProvider, registerUser, requestEmailVerification, verifyEmail } from './register/register';
import { authenticate, sessionUser } from './sign-in/sign-in';

export type { AccountsDependencies, Actor } from './accounts-context';

/**
 * The accounts area: registration, sign-in, password reset, profiles, staff and provider
 * approval. Each use case is its own slice (register/, sign-in/, password-reset/, profile/,
 * delete-user/, provider-approval/, queries/); this class holds what they share (read-your-writes) for the routes that call them.
 */
export class AccountsService {
  private readonly context: AccountsContext;

  constructor(deps: AccountsDependencies) {
    this.context = accountsContext(deps);
  }

  /** The current state of a user, from its stream: always up to date. */
  loadUser(userId: string): Promise<ActiveUser | undefined> {
    return loadUser(this.context, userId);
  }

  loadProvider(providerId: string): Promise<Provider> {
    return loadProvider(this.context, providerId);
  }

  registerUser(
    input: UserRegistration,
    options: { role?: Role; providerId?: string; emailVerified?: boolean } = {},
  ): Promise<{ userId: string }> {
    return registerUser(this.context, input, options);
  }

  registerProvider(input: ProviderRegistration): Promise<{ userId: string; providerId: string }> {
    return registerProvider(this.context, input);
  }

  authenticate(email: string, password: string): Promise<SessionUser> {
    return authenticate(this.context, email, password);
  }

  sessionUser(user: ActiveUser): Promise<SessionUser | undefined> {
    return sessionUser(this.context, user);
  }

  verifyEmail(userId: string): Promise<void> {
    return verifyEmail(this.context, userId);
  }

  requestEmailVerification(userId: string): Promise<boolean> {
    return requestEmailVerification(this.context, userId);
  }

  /** Mails a reset link when an account has the address; does nothing otherwise. */
  requestPasswordReset(email: string): Promise<void> {
    return requestPasswordReset(this.context, email);
  }

  /** A genuine reset link's request sets a new password (newest request, once, in time). */
  resetPassword(userId: string, requestId: string, password: string): Promise<void> {
    return resetPassword(this.context, userId, requestId, password);
  }

  profile(actor: Actor): Promise<Profile> {
    return profile(this.context, actor);
  }

  updateProfile(actor: Actor, update: ProfileUpdate): Promise<Profile> {
    return updateProfile(this.context, actor, update);
  }

  confirmEmailChange(userId: string, requestId: string): Promise<void> {
    return confirmEmailChange(this.context, userId, requestId);
  }

  changeProfilePicture(actor: Actor, imageurl: string): Promise<void> {
    return changeProfilePicture(this.context, actor, imageurl);
  }

  changePassword(actor: Actor, change: ChangePassword): Promise<void> {
    return changePassword(this.context, actor, change);
  }

  deleteUser(actor: Actor, userId: string, reason: string): Promise<void> {
    return deleteUser(this.context, actor, userId, reason);
  }

  staff(actor: Actor): Promise<StaffUser[]> {
    return staff(this.context, actor);
  }

  pendingProviders(): Promise<PendingProviderUser[]> {
    return pendingProviders(this.context);
  }

  approveProvider(actor: Actor, userId: string): Promise<void> {
    return approveProvider(this.context, actor, userId);
  }

  rejectProvider(actor: Actor, userId: string): Promise<void> {
    return rejectProvider(this.context, actor, userId);
  }

  isEmpty(): Promise<boolean> {
    return isEmpty(this.context);
  }
}
