import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import type { Logger } from '../logger';
import type { AccountsService, Actor } from './accounts.service';

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

/**
 * The demo store of issue 3, created through the same commands as real use so that it sits
 * in the event log: platform staff, an approved provider with its admin and incharge, a user,
 * and one provider registration waiting for approval.
 */
export const seedDemoData = async (accounts: AccountsService, logger: Logger): Promise<void> => {
  const password = { password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
  const verified = { emailVerified: true };

  const { userId: superadminId } = await accounts.registerUser(
    { name: 'Sam Superadmin', email: 'superadmin@example.com', phone: '9995550100', ...password },
    { role: 'superadmin', ...verified },
  );
  const superadmin: Actor = { userId: superadminId, role: 'superadmin' };
  await accounts.registerUser(
    { name: 'Sue Support', email: 'support@example.com', phone: '9995550101', ...password },
    { role: 'support', ...verified },
  );
  const sunrise = await accounts.registerProvider({
    businessName: 'Sunrise Clinic',
    industry: 'Healthcare',
    email: 'admin@example.com',
    phone: '4912345678',
    address: '12 Stadium Road, Palakkad, Kerala 678001',
    ...password,
  });
  await accounts.approveProvider(superadmin, sunrise.userId);
  await accounts.registerUser(
    { name: 'Ivan Incharge', email: 'incharge@example.com', phone: '4912345679', ...password },
    { role: 'incharge', providerId: sunrise.providerId, ...verified },
  );
  await accounts.registerUser(
    { name: 'Asha User', email: 'user@example.com', phone: '9995550102', ...password },
    { role: 'user', ...verified },
  );
  await accounts.registerProvider({ ...DEMO_PENDING_PROVIDER, ...password });

  logger.info(
    `Demo data created. Sign in with password "${DEMO_PASSWORD}" as:\n` +
      DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(24)} ${account.role}`).join('\n') +
      `\n  (${DEMO_PENDING_PROVIDER.email} is a provider registration waiting for approval)`,
  );
};
