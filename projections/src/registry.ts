import type { Projection } from './projection';
import { accountsProjection } from './accounts.projection';
import { apiKeysProjection } from './api-keys.projection';
import { appointmentsProjection } from './appointments.projection';
import { calendarFeedsProjection } from './calendar-feeds.projection';
import { integrationSettingsProjection } from './integration-settings.projection';
import { catalogueProjection } from './catalogue.projection';
import { historyProjection } from './history.projection';
import { notificationsProjection } from './notifications.projection';
import { scheduleProjection } from './schedule.projection';
import { streamCatalogProjection } from './stream-catalog.projection';
import { webhooksProjection } from './webhooks.projection';
import { waitlistProjection } from './waitlist.projection';

/** Every read model the projector runs, by name. */
export const PROJECTIONS: Projection[] = [
  streamCatalogProjection,
  accountsProjection,
  catalogueProjection,
  scheduleProjection,
  appointmentsProjection,
  waitlistProjection,
  notificationsProjection,
  calendarFeedsProjection,
  integrationSettingsProjection,
  apiKeysProjection,
  webhooksProjection,
  historyProjection,
];

export const projectionNamed = (name: string): Projection | undefined =>
  PROJECTIONS.find((projection) => projection.name === name);
