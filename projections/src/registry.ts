import type { Projection } from './projection';
import { accountsProjection } from './accounts.projection';
import { appointmentsProjection } from './appointments.projection';
import { catalogueProjection } from './catalogue.projection';
import { notificationsProjection } from './notifications.projection';
import { scheduleProjection } from './schedule.projection';
import { streamCatalogProjection } from './stream-catalog.projection';

/** Every read model the projector runs, by name. */
export const PROJECTIONS: Projection[] = [
  streamCatalogProjection,
  accountsProjection,
  catalogueProjection,
  scheduleProjection,
  appointmentsProjection,
  notificationsProjection,
];

export const projectionNamed = (name: string): Projection | undefined =>
  PROJECTIONS.find((projection) => projection.name === name);
