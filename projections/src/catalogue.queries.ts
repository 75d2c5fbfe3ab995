import type pg from 'pg';
import {
  industryIdOf,
  type FavouriteEntry,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';

/**
 * The reads of rm_catalogue, beside the projection that writes it (`catalogue.projection.ts`):
 * one module knows the tables' columns.
 */
interface ProviderRow {
  id: string;
  admin_id: string | null;
  name: string;
  industry: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  image_url: string | null;
  rating: string;
  review_count: number;
  status: string;
  timezone: string;
  currency: string;
  working_hours: Provider['workingHours'];
  breaks: Provider['breaks'];
  specialties: string[];
  created_at: Date;
  updated_at: Date;
}

interface ServiceRow {
  id: string;
  provider_id: string;
  name: string;
  description: string | null;
  duration: number;
  price: string;
  currency: string;
  is_payment_needed: boolean;
  automatic_booking: boolean;
  allow_recurring: boolean;
}

const PROVIDER_COLUMNS = `id, admin_id, name, industry, email, phone, address, description, image_url, rating,
  review_count, status, timezone, currency, working_hours, breaks, specialties, created_at, updated_at`;
const SERVICE_COLUMNS = `id, provider_id, name, description, duration, price, currency, is_payment_needed,
  automatic_booking, allow_recurring`;

const toService = (row: ServiceRow): Service => ({
  _id: row.id,
  providerId: row.provider_id,
  name: row.name,
  ...(row.description ? { description: row.description } : {}),
  duration: row.duration,
  price: Number(row.price),
  currency: row.currency,
  isPaymentNeeded: row.is_payment_needed,
  automaticBooking: row.automatic_booking,
  allowRecurring: row.allow_recurring,
});

const toProvider = (row: ProviderRow): Provider => ({
  _id: row.id,
  id: row.id,
  providerId: row.id,
  adminId: row.admin_id,
  name: row.name,
  businessName: row.name,
  industry: row.industry,
  industryId: industryIdOf(row.industry),
  address: row.address,
  phone: row.phone,
  email: row.email,
  imageUrl: row.image_url,
  rating: Number(row.rating),
  reviewCount: row.review_count,
  description: row.description,
  status: row.status === 'active' || row.status === 'pending' ? row.status : 'other',
  timezone: row.timezone,
  currency: row.currency,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  workingHours: row.working_hours,
  breaks: row.breaks,
  specialties: row.specialties,
});

/** A provider's services in the order they were added. */
export const servicesOf = async (pool: pg.Pool, providerId: string): Promise<Service[]> => {
  const { rows } = await pool.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM rm_catalogue.services WHERE provider_id = $1 ORDER BY position`,
    [providerId],
  );
  return rows.map(toService);
};

export const serviceById = async (pool: pg.Pool, serviceId: string): Promise<Service | undefined> => {
  const { rows } = await pool.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM rm_catalogue.services WHERE id = $1`,
    [serviceId],
  );
  return rows[0] ? toService(rows[0]) : undefined;
};

/** Every provider, whatever its status. */
export const allProviders = async (pool: pg.Pool): Promise<Provider[]> => {
  const { rows } = await pool.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers ORDER BY created_at, id`,
  );
  return rows.map(toProvider);
};

/** Active providers by name, optionally of one industry (its id, lower case). */
export const activeProvidersOf = async (pool: pg.Pool, industryId: string | null): Promise<Provider[]> => {
  const { rows } = await pool.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers
      WHERE status = 'active' AND ($1::text IS NULL OR lower(industry) = $1) ORDER BY name, id`,
    [industryId],
  );
  return rows.map(toProvider);
};

/** A provider by its id, or else by its admin's user id. */
export const providerByIdOrAdmin = async (pool: pg.Pool, id: string): Promise<Provider | undefined> => {
  const { rows } = await pool.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers WHERE id = $1 OR admin_id = $1
      ORDER BY (id = $1) DESC LIMIT 1`,
    [id],
  );
  return rows[0] ? toProvider(rows[0]) : undefined;
};

/** The providers a user marked, oldest mark first. */
export const favouritesOf = async (pool: pg.Pool, userId: string): Promise<FavouriteEntry[]> => {
  const { rows } = await pool.query<{ provider_id: string; created_at: Date }>(
    `SELECT provider_id, created_at FROM rm_catalogue.favourites WHERE user_id = $1 ORDER BY created_at, provider_id`,
    [userId],
  );
  return rows.map((row) => ({ itemId: row.provider_id, createdAt: row.created_at.toISOString() }));
};
