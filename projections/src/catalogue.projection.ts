import { defaultBreaks, defaultWorkingHours } from '@appointment/contracts/schedule';
import { timezoneForAddress } from '@appointment/contracts/catalogue';
import { FALLBACK_CURRENCY, defaultCurrencyForAddress } from '@appointment/contracts/money';
import { FavouriteProviderAdded, FavouriteProviderRemoved } from '@appointment/contracts/events/favourites';
import {
  AvailabilitySet,
  ProviderApproved,
  ProviderCreated,
  ProviderCurrencyChanged,
  ProviderRegistered,
  ProviderRejected,
  ServiceAdded,
  ServiceDeleted,
  ServiceEdited,
} from '@appointment/contracts/events/provider';
import { readEvent, type EventSchemas } from './parse-event';
import type { Projection } from './projection';

/** The events this read model handles, each read with (the fields it needs of) its schema. */
const SCHEMAS = {
  ProviderRegistered,
  ProviderCreated,
  ProviderApproved,
  ProviderRejected: ProviderRejected.pick({ providerId: true, at: true }),
  ProviderCurrencyChanged,
  ServiceAdded,
  ServiceEdited: ServiceEdited.omit({ previousName: true }),
  ServiceDeleted: ServiceDeleted.pick({ providerId: true, at: true, serviceId: true }),
  AvailabilitySet,
  FavouriteProviderAdded,
  FavouriteProviderRemoved,
} satisfies EventSchemas;

/**
 * The catalogue users browse and superadmins manage (docs/product.md §2.6, §2.8): providers with their
 * details, their services, and users' favourite providers. Every statement is idempotent.
 */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 4,
  createTables: (schema) => `
    CREATE TABLE ${schema}.providers (
      id text PRIMARY KEY,
      admin_id text,
      name text NOT NULL,
      industry text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      address text NOT NULL,
      description text NOT NULL DEFAULT '',
      image_url text,
      rating numeric(3, 2) NOT NULL DEFAULT 0,
      review_count integer NOT NULL DEFAULT 0,
      status text NOT NULL,
      timezone text NOT NULL,
      currency text NOT NULL,
      working_hours jsonb NOT NULL,
      breaks jsonb NOT NULL,
      specialties jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.providers (status, industry);
    CREATE INDEX ON ${schema}.providers (admin_id);
    CREATE TABLE ${schema}.services (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      name text NOT NULL,
      description text,
      duration integer NOT NULL,
      price numeric(12, 2) NOT NULL,
      -- The provider's currency, kept here so a list of services needs no other lookup.
      currency text NOT NULL,
      is_payment_needed boolean NOT NULL,
      automatic_booking boolean NOT NULL,
      -- Issue 31: users may book it as a recurring series.
      allow_recurring boolean NOT NULL DEFAULT false,
      -- The log position of the service's first event: services list in the order they were added.
      position numeric NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.services (provider_id, position);
    CREATE TABLE ${schema}.favourites (
      user_id text NOT NULL,
      provider_id text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, provider_id)
    );
  `,
  apply: async (event, { db, schema }) => {
    const read = readEvent('catalogue', SCHEMAS, event);
    if (!read) return;
    const { type, data: d } = read;
    switch (type) {
      case 'ProviderRegistered':
        await db.query(
          `INSERT INTO ${schema}.providers (id, admin_id, name, industry, email, phone, address, status, timezone,
             working_hours, breaks, created_at, updated_at, currency)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $11, $11, $12) ON CONFLICT (id) DO NOTHING`,
          [
            d.providerId,
            d.adminId,
            d.businessName,
            d.industry,
            d.email,
            d.phone,
            d.address,
            timezoneForAddress(d.address),
            JSON.stringify(defaultWorkingHours()),
            JSON.stringify(defaultBreaks()),
            d.at,
            d.currency ?? defaultCurrencyForAddress(d.address),
          ],
        );
        return;
      case 'ProviderCreated':
        await db.query(
          `INSERT INTO ${schema}.providers (id, admin_id, name, industry, email, phone, address, description,
             image_url, status, timezone, working_hours, breaks, specialties, created_at, updated_at, currency)
           VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, 'active', $9, $10, $11, $12, $13, $13, $14)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.providerId,
            d.businessName,
            d.industry,
            d.email,
            d.phone,
            d.address,
            d.description,
            d.imageUrl,
            d.timezone,
            JSON.stringify(d.workingHours),
            JSON.stringify(d.breaks),
            JSON.stringify(d.specialties),
            d.at,
            d.currency ?? defaultCurrencyForAddress(d.address),
          ],
        );
        return;
      case 'ProviderApproved':
        await db.query(`UPDATE ${schema}.providers SET status = 'active', updated_at = $2 WHERE id = $1`, [
          d.providerId,
          d.at,
        ]);
        return;
      case 'ProviderCurrencyChanged':
        await db.query(`UPDATE ${schema}.providers SET currency = $2, updated_at = $3 WHERE id = $1`, [
          d.providerId,
          d.currency,
          d.at,
        ]);
        await db.query(`UPDATE ${schema}.services SET currency = $2 WHERE provider_id = $1`, [
          d.providerId,
          d.currency,
        ]);
        return;
      case 'ProviderRejected':
        await db.query(`DELETE FROM ${schema}.services WHERE provider_id = $1`, [d.providerId]);
        await db.query(`DELETE FROM ${schema}.providers WHERE id = $1`, [d.providerId]);
        return;
      case 'ServiceAdded':
      case 'ServiceEdited':
        await db.query(
          `INSERT INTO ${schema}.services (id, provider_id, name, description, duration, price, is_payment_needed,
             automatic_booking, created_at, updated_at, position, currency, allow_recurring)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10,
             COALESCE((SELECT currency FROM ${schema}.providers WHERE id = $2), $11), $12)
           ON CONFLICT (id) DO UPDATE SET name = $3, description = $4, duration = $5, price = $6,
             is_payment_needed = $7, automatic_booking = $8, updated_at = $9, allow_recurring = $12`,
          [
            d.serviceId,
            d.providerId,
            d.name,
            d.description ?? null,
            d.duration,
            d.price,
            d.isPaymentNeeded,
            d.automaticBooking,
            d.at,
            event.position.globalPosition,
            FALLBACK_CURRENCY,
            d.allowRecurring ?? false,
          ],
        );
        return;
      case 'ServiceDeleted':
        await db.query(`DELETE FROM ${schema}.services WHERE id = $1`, [d.serviceId]);
        return;
      case 'AvailabilitySet':
        await db.query(
          `UPDATE ${schema}.providers SET working_hours = $2, breaks = $3, timezone = $4, updated_at = $5 WHERE id = $1`,
          [d.providerId, JSON.stringify(d.workingHours), JSON.stringify(d.breaks), d.timezone, d.at],
        );
        return;
      case 'FavouriteProviderAdded':
        await db.query(
          `INSERT INTO ${schema}.favourites (user_id, provider_id, created_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [d.userId, d.providerId, d.at],
        );
        return;
      case 'FavouriteProviderRemoved':
        await db.query(`DELETE FROM ${schema}.favourites WHERE user_id = $1 AND provider_id = $2`, [
          d.userId,
          d.providerId,
        ]);
        return;
      default:
        return;
    }
  },
};
