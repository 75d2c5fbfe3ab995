import type { Projection } from './projection';
import { streamCatalogProjection } from './stream-catalog.projection';

/** Every read model the projector runs, by name. */
export const PROJECTIONS: Projection[] = [streamCatalogProjection];

export const projectionNamed = (name: string): Projection | undefined =>
  PROJECTIONS.find((projection) => projection.name === name);
