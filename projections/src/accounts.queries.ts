import type pg from 'pg';
import type { PendingProviderUser, StaffUser } from '@appointment/contracts/accounts';
import type { Role } from '@appointment/contracts/roles';

/**
 * The reads of rm_accounts, beside the projection that writes it (`accounts.projection.ts`):
 * one module knows the tables' columns.
 */
interface StaffRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
}

interface PendingProviderRow {
  admin_id: string;
  name: string;
  email: string;
  industry: string;
}

/** The users of one provider, in the order they joined. */
export const staffOfProvider = async (pool: pg.Pool, providerId: string): Promise<StaffUser[]> => {
  const { rows } = await pool.query<StaffRow>(
    `SELECT id, name, email, phone, role FROM rm_accounts.users WHERE provider_id = $1 ORDER BY created_at, id`,
    [providerId],
  );
  return rows.map((row) => ({
    _id: row.id,
    businessname: row.name,
    email: row.email,
    phoneno: row.phone,
    role: row.role,
  }));
};

/** Provider registrations waiting for a superadmin, oldest first; `_id` is the registering user's id. */
export const pendingProviderRegistrations = async (pool: pg.Pool): Promise<PendingProviderUser[]> => {
  const { rows } = await pool.query<PendingProviderRow>(
    `SELECT admin_id, name, email, industry FROM rm_accounts.providers
      WHERE status = 'pending' ORDER BY created_at, id`,
  );
  return rows.map((row) => ({
    _id: row.admin_id,
    businessname: row.name,
    email: row.email,
    industry: row.industry,
  }));
};
