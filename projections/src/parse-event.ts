/**
 * Reading recorded events against their schemas (`contracts/src/events/*`): one reader for
 * projections, reactors and the public-event mapping, in contracts. A projection checks each
 * event against its type's schema and skips, with one warning, any whose data does not fit.
 */
export {
  parseData,
  readEvent,
  type EventOf,
  type EventSchemas,
} from '@appointment/contracts/events/read-event';
