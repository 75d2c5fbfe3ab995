import { WAITLIST_EVENTS } from '@appointment/contracts/events/waitlist';
import { readEvent } from './parse-event';
import type { Projection } from './projection';

/**
 * The waitlists (issue 31): every entry with its status and open offer, in order of joining (its
 * time slot stream's revision), for the waiter's list with their position, the admin's list per
 * time slot, the claim and decline calls (which time slot an offer is of) and the sweep that
 * expires offers.
 */
export const waitlistProjection: Projection = {
  name: 'waitlist',
  // 2: an offer withdrawn by a change of its time slot (status `withdrawn`).
  version: 2,
  createTables: (schema) => `
    CREATE TABLE ${schema}.entries (
      id text PRIMARY KEY,
      time_slot_id text NOT NULL,
      provider_id text NOT NULL,
      user_id text NOT NULL,
      service_name text NOT NULL,
      place_index integer,
      -- The WaiterJoined event's revision in its time slot stream: the order of joining.
      joined_revision integer NOT NULL,
      joined_at timestamptz NOT NULL,
      status text NOT NULL,
      offer_id text UNIQUE,
      offer_expires_at timestamptz,
      appointment_id text
    );
    CREATE INDEX ON ${schema}.entries (time_slot_id, joined_revision);
    CREATE INDEX ON ${schema}.entries (user_id, joined_at);
    CREATE INDEX ON ${schema}.entries (offer_expires_at) WHERE status = 'offered';
  `,
  apply: async (event, { db, schema }) => {
    const read = readEvent('waitlist', WAITLIST_EVENTS, event);
    if (!read) return;
    const set = (entryId: string, columns: string, values: unknown[]) =>
      db.query(`UPDATE ${schema}.entries SET ${columns} WHERE id = $1`, [entryId, ...values]);
    switch (read.type) {
      case 'WaiterJoined': {
        const d = read.data;
        await db.query(
          `INSERT INTO ${schema}.entries
             (id, time_slot_id, provider_id, user_id, service_name, place_index, joined_revision, joined_at, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'waiting') ON CONFLICT (id) DO NOTHING`,
          [
            d.entryId,
            d.timeSlotId,
            d.providerId,
            d.userId,
            d.serviceName,
            d.index,
            event.streamRevision,
            d.at,
          ],
        );
        return;
      }
      case 'PlaceOffered':
        await set(read.data.entryId, `status = 'offered', offer_id = $2, offer_expires_at = $3`, [
          read.data.offerId,
          read.data.expiresAt,
        ]);
        return;
      case 'OfferClaimed':
        await set(read.data.entryId, `status = 'claimed', appointment_id = $2`, [read.data.appointmentId]);
        return;
      case 'OfferDeclined':
        await set(read.data.entryId, `status = 'declined'`, []);
        return;
      case 'OfferExpired':
        await set(read.data.entryId, `status = 'expired'`, []);
        return;
      case 'OfferWithdrawn':
        await set(read.data.entryId, `status = 'withdrawn'`, []);
        return;
      case 'WaiterLeft':
        await set(read.data.entryId, `status = 'left'`, []);
        return;
    }
  },
};
