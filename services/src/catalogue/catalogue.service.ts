import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  industryIdOf,
  isPaymentNeededFor,
  matchesProviderFilters,
  timezoneForAddress,
  type FavouriteEntry,
  type FetchProvidersRequest,
  type Provider,
  type ProviderFormFields,
  type Service,
  type ServiceFields,
} from '@appointment/contracts/catalogue';
import { INDUSTRY_LIST } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { defaultCurrencyForAddress } from '@appointment/contracts/money';
import type { Actor } from '../accounts/accounts.service';
import { commandMetadata, handleCommand, loadState, type Command } from '../domain/command-handler';
import { NotFoundError } from '../domain/errors';
import {
  favouritesDecider,
  favouritesStream,
  type FavouritesCommand,
} from '../domain/favourites/favourites.decider';
import {
  providerDecider,
  providerStream,
  type ProviderCommand,
  type ProviderService,
} from '../domain/providers/provider.decider';
import type { EventStore } from '../eventstore/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';

export interface CatalogueDependencies {
  store: EventStore;
  /** Read models (rm_catalogue). */
  pool: pg.Pool;
  /** Read your writes: resolves once the projections have passed a position. */
  waitFor: WaitFor;
  now?: () => Date;
}

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
}

const PROVIDER_COLUMNS = `id, admin_id, name, industry, email, phone, address, description, image_url, rating,
  review_count, status, timezone, currency, working_hours, breaks, specialties, created_at, updated_at`;
const SERVICE_COLUMNS = `id, provider_id, name, description, duration, price, currency, is_payment_needed,
  automatic_booking`;

export const toService = (row: ServiceRow): Service => ({
  _id: row.id,
  providerId: row.provider_id,
  name: row.name,
  ...(row.description ? { description: row.description } : {}),
  duration: row.duration,
  price: Number(row.price),
  currency: row.currency,
  isPaymentNeeded: row.is_payment_needed,
  automaticBooking: row.automatic_booking,
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

/** The catalogue area: industries, providers, their services and users' favourites. */
export class CatalogueService {
  private readonly now: () => Date;
  /** Commands answer once the read models hold their events. */
  private readonly reads: ReadYourWrites;

  constructor(private readonly deps: CatalogueDependencies) {
    this.now = deps.now ?? (() => new Date());
    this.reads = new ReadYourWrites(deps.waitFor);
  }

  private meta(actor: Actor): Command['metadata'] {
    return commandMetadata(this.now(), actor);
  }

  private async provider(actor: Actor, providerId: string, command: Omit<ProviderCommand, 'metadata'>) {
    const result = await handleCommand(this.deps.store, providerStream(providerId), providerDecider, {
      ...command,
      metadata: this.meta(actor),
    } as ProviderCommand);
    await this.reads.settled(result.position);
    return result;
  }

  /** The provider an admin or incharge works for. */
  static ownProvider(actor: Actor): string {
    if (!actor.providerId) throw new NotFoundError(MESSAGES.needsProvider);
    return actor.providerId;
  }

  industries() {
    return INDUSTRY_LIST;
  }

  async services(providerId: string): Promise<Service[]> {
    const { rows } = await this.deps.pool.query<ServiceRow>(
      `SELECT ${SERVICE_COLUMNS} FROM rm_catalogue.services WHERE provider_id = $1 ORDER BY position`,
      [providerId],
    );
    return rows.map(toService);
  }

  private async service(serviceId: string): Promise<Service> {
    const { rows } = await this.deps.pool.query<ServiceRow>(
      `SELECT ${SERVICE_COLUMNS} FROM rm_catalogue.services WHERE id = $1`,
      [serviceId],
    );
    if (!rows[0]) throw new NotFoundError(MESSAGES.serviceNotFound);
    return toService(rows[0]);
  }

  async addService(actor: Actor, fields: ServiceFields): Promise<Service> {
    const serviceId = randomUUID();
    await this.provider(actor, CatalogueService.ownProvider(actor), {
      type: 'AddService',
      data: providerService(serviceId, fields),
    });
    return this.service(serviceId);
  }

  async editService(actor: Actor, serviceId: string, fields: ServiceFields): Promise<Service> {
    await this.provider(actor, CatalogueService.ownProvider(actor), {
      type: 'EditService',
      data: providerService(serviceId, fields),
    });
    return this.service(serviceId);
  }

  async deleteService(actor: Actor, serviceId: string): Promise<Service> {
    const providerId = CatalogueService.ownProvider(actor);
    const state = await loadState(this.deps.store, providerStream(providerId), providerDecider);
    const current =
      state.status === 'none' ? undefined : state.services.find((s) => s.serviceId === serviceId);
    if (state.status === 'none' || !current) throw new NotFoundError(MESSAGES.serviceNotFound);
    await this.provider(actor, providerId, { type: 'DeleteService', data: { serviceId } });
    return {
      _id: serviceId,
      providerId,
      name: current.name,
      ...(current.description ? { description: current.description } : {}),
      duration: current.duration,
      price: current.price,
      currency: state.currency,
      isPaymentNeeded: current.isPaymentNeeded,
      automaticBooking: current.automaticBooking,
    };
  }

  /** Issue 18: the admin chooses the currency all of their provider's prices are in. */
  async setCurrency(actor: Actor, currency: string): Promise<Provider> {
    const providerId = CatalogueService.ownProvider(actor);
    await this.provider(actor, providerId, { type: 'SetCurrency', data: { currency } });
    return this.providerWithServices(providerId);
  }

  /** docs/product.md §2.8 Add Provider: a superadmin adds an active provider with its services. */
  async createProvider(actor: Actor, form: ProviderFormFields, imageUrl: string | null): Promise<Provider> {
    const providerId = randomUUID();
    await this.provider(actor, providerId, {
      type: 'CreateProvider',
      data: {
        providerId,
        businessName: form.name,
        industry: form.industry,
        email: form.email,
        phone: form.phone,
        address: form.address,
        description: form.description,
        imageUrl,
        workingHours: form.workingHours,
        breaks: form.breaks,
        specialties: form.specialties,
        timezone: timezoneForAddress(form.address),
        currency: form.currency ?? defaultCurrencyForAddress(form.address),
        services: form.services.map((service) => providerService(randomUUID(), service)),
      },
    });
    return this.providerWithServices(providerId);
  }

  /** Every provider, whatever its status (superadmin and support). */
  async allProviders(): Promise<Provider[]> {
    const { rows } = await this.deps.pool.query<ProviderRow>(
      `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers ORDER BY created_at, id`,
    );
    return rows.map(toProvider);
  }

  /** Active providers for browsing (docs/product.md §2.6), with the §5 filters. */
  async activeProviders(filters: FetchProvidersRequest): Promise<Provider[]> {
    const industry = filters.industry?.trim() ? industryIdOf(filters.industry) : null;
    const { rows } = await this.deps.pool.query<ProviderRow>(
      `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers
        WHERE status = 'active' AND ($1::text IS NULL OR lower(industry) = $1) ORDER BY name, id`,
      [industry],
    );
    return rows.map(toProvider).filter((provider) => matchesProviderFilters(provider, filters));
  }

  private async providerRow(id: string): Promise<ProviderRow | undefined> {
    const { rows } = await this.deps.pool.query<ProviderRow>(
      `SELECT ${PROVIDER_COLUMNS} FROM rm_catalogue.providers WHERE id = $1 OR admin_id = $1
        ORDER BY (id = $1) DESC LIMIT 1`,
      [id],
    );
    return rows[0];
  }

  private async providerWithServices(providerId: string): Promise<Provider> {
    const row = await this.providerRow(providerId);
    if (!row) throw new NotFoundError(MESSAGES.providerNotFound);
    return { ...toProvider(row), services: await this.services(row.id) };
  }

  /**
   * One provider with its services (docs/product.md §7.5 getserviceproviderid). Platform staff see any;
   * a provider's staff see their own; everyone sees active providers.
   */
  async providerFor(actor: Actor, id: string): Promise<Provider> {
    const row = await this.providerRow(id);
    const visible =
      row &&
      (row.status === 'active' ||
        actor.role === 'superadmin' ||
        actor.role === 'support' ||
        (actor.providerId !== undefined && actor.providerId === row.id));
    if (!row || !visible) throw new NotFoundError(MESSAGES.providerNotFound);
    return { ...toProvider(row), services: await this.services(row.id) };
  }

  async favourites(actor: Actor): Promise<FavouriteEntry[]> {
    const { rows } = await this.deps.pool.query<{ provider_id: string; created_at: Date }>(
      `SELECT provider_id, created_at FROM rm_catalogue.favourites WHERE user_id = $1 ORDER BY created_at, provider_id`,
      [actor.userId],
    );
    return rows.map((row) => ({ itemId: row.provider_id, createdAt: row.created_at.toISOString() }));
  }

  /** Marks or unmarks a provider; without `favorite` the mark is toggled. */
  async setFavourite(actor: Actor, providerId: string, favorite?: boolean): Promise<FavouriteEntry[]> {
    const row = await this.providerRow(providerId);
    if (!row || row.id !== providerId || row.status !== 'active')
      throw new NotFoundError(MESSAGES.providerNotFound);
    const stream = favouritesStream(actor.userId);
    const wanted =
      favorite ??
      !(await loadState(this.deps.store, stream, favouritesDecider)).providerIds.includes(providerId);
    const result = await handleCommand(this.deps.store, stream, favouritesDecider, {
      type: 'SetFavourite',
      data: { userId: actor.userId, providerId, favorite: wanted },
      metadata: this.meta(actor),
    } satisfies FavouritesCommand);
    await this.reads.settled(result.position);
    return this.favourites(actor);
  }
}

const providerService = (serviceId: string, fields: ServiceFields): ProviderService => ({
  serviceId,
  name: fields.name,
  ...(fields.description ? { description: fields.description } : {}),
  duration: fields.duration,
  price: fields.price,
  automaticBooking: fields.automaticBooking,
  isPaymentNeeded: isPaymentNeededFor(fields.price),
});
