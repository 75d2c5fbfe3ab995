import { USER_EVENTS } from '@appointment/contracts/events/accounts';
import {
  ProviderApproved,
  ProviderRegistered,
  ProviderRejected,
} from '@appointment/contracts/events/provider';
import { readEvent } from './parse-event';
import type { Projection } from './projection';

const { UserRegistered, EmailVerified, ProfileUpdated, ProfilePictureChanged, UserDeleted } = USER_EVENTS;
/** The events this read model applies, read with their schemas; anything else is reported and skipped. */
const SCHEMAS = {
  UserRegistered,
  EmailVerified,
  ProfileUpdated,
  ProfilePictureChanged,
  UserDeleted,
  ProviderRegistered,
  ProviderApproved,
  ProviderRejected,
};

/**
 * Users and providers as the screens list them: profiles, staff of a provider, provider
 * registrations waiting for approval. Every statement is idempotent (upserts and sets).
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  version: 2,
  createTables: (schema) => `
    CREATE TABLE ${schema}.users (
      id text PRIMARY KEY,
      email text NOT NULL,
      name text NOT NULL,
      phone text NOT NULL,
      role text NOT NULL,
      provider_id text,
      email_verified boolean NOT NULL DEFAULT false,
      timezone text NOT NULL,
      language text NOT NULL,
      imageurl text,
      notify_email boolean NOT NULL,
      notify_sms boolean NOT NULL,
      notify_whatsapp boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.users (provider_id);
    CREATE TABLE ${schema}.providers (
      id text PRIMARY KEY,
      admin_id text NOT NULL,
      -- The provider's name (businessName in ProviderRegistered).
      name text NOT NULL,
      industry text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      address text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.providers (status);
  `,
  apply: async (event, { db, schema }) => {
    const read = readEvent('accounts', SCHEMAS, event);
    if (!read) return;
    const userId = event.streamName.slice('user-'.length);
    switch (read.type) {
      case 'UserRegistered': {
        const d = read.data;
        const prefs = d.notificationPreferences;
        await db.query(
          `INSERT INTO ${schema}.users (id, email, name, phone, role, provider_id, timezone, language,
             notify_email, notify_sms, notify_whatsapp, created_at, updated_at, email_verified)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) ON CONFLICT (id) DO NOTHING`,
          [
            d.userId,
            d.email,
            d.name,
            d.phone,
            d.role,
            d.providerId ?? null,
            d.timezone,
            d.language,
            prefs.email,
            prefs.sms,
            prefs.whatsapp,
            d.at,
            d.emailVerified === true,
          ],
        );
        return;
      }
      case 'EmailVerified':
        await db.query(`UPDATE ${schema}.users SET email_verified = true, updated_at = $2 WHERE id = $1`, [
          userId,
          read.data.at,
        ]);
        return;
      case 'ProfileUpdated': {
        const d = read.data;
        const prefs = d.notificationPreferences;
        await db.query(
          `UPDATE ${schema}.users SET name = $2, email = $3, phone = $4, timezone = $5, language = $6,
             notify_email = $7, notify_sms = $8, notify_whatsapp = $9, updated_at = $10 WHERE id = $1`,
          [
            userId,
            d.name,
            d.email,
            d.phone,
            d.timezone,
            d.language,
            prefs.email,
            prefs.sms,
            prefs.whatsapp,
            d.at,
          ],
        );
        return;
      }
      case 'ProfilePictureChanged':
        await db.query(`UPDATE ${schema}.users SET imageurl = $2, updated_at = $3 WHERE id = $1`, [
          userId,
          read.data.imageurl,
          read.data.at,
        ]);
        return;
      case 'UserDeleted':
        await db.query(`DELETE FROM ${schema}.users WHERE id = $1`, [userId]);
        return;
      case 'ProviderRegistered':
        await db.query(
          `INSERT INTO ${schema}.providers (id, admin_id, name, industry, email, phone, address, status,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) ON CONFLICT (id) DO NOTHING`,
          [
            read.data.providerId,
            read.data.adminId,
            read.data.businessName,
            read.data.industry,
            read.data.email,
            read.data.phone,
            read.data.address,
            read.data.at,
          ],
        );
        return;
      case 'ProviderApproved':
        await db.query(`UPDATE ${schema}.providers SET status = 'active', updated_at = $2 WHERE id = $1`, [
          read.data.providerId,
          read.data.at,
        ]);
        return;
      case 'ProviderRejected':
        await db.query(`DELETE FROM ${schema}.providers WHERE id = $1`, [read.data.providerId]);
        return;
    }
  },
};
