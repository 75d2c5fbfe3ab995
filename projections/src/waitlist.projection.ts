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
  // 2: an offer withdrawn by a change of its time slot (status `withdrawn`). 3: day entries, one
  // row each (the time slot of its first copy, then of the copy offered a place), their copies.
  version: 3,
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
      appointment_id text,
      -- A day entry (issue 31): the day it waits for any place of the service on.
      day text
    );
    CREATE INDEX ON ${schema}.entries (time_slot_id, joined_revision);
    -- A day entry's copies, one per time slot it waits in, for the positions in each line.
    CREATE TABLE ${schema}.copies (
      entry_id text NOT NULL,
      time_slot_id text NOT NULL,
      joined_revision integer NOT NULL,
      PRIMARY KEY (time_slot_id, entry_id)
    );
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
             (id, time_slot_id, provider_id, user_id, service_name, place_index, joined_revision, joined_at, status, day)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'waiting', $9) ON CONFLICT (id) DO NOTHING`,
          [
            d.entryId,
            d.timeSlotId,
            d.providerId,
            d.userId,
            d.serviceName,
            d.index,
            event.streamRevision,
            d.at,
            d.day?.date ?? null,
          ],
        );
        if (d.day)
          await db.query(
            `INSERT INTO ${schema}.copies (entry_id, time_slot_id, joined_revision)
             VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
            [d.entryId, d.timeSlotId, event.streamRevision],
          );
        return;
      }
      case 'PlaceOffered':
        // A day entry's row follows the copy offered a place: its time slot and interval.
        await set(
          read.data.entryId,
          `status = 'offered', offer_id = $2, offer_expires_at = $3, time_slot_id = $4, place_index = $5`,
          [read.data.offerId, read.data.expiresAt, read.data.timeSlotId, read.data.index],
        );
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
        // A day entry's other copies close once one is offered a place: the entry goes on.
        if (read.data.reason === 'servedElsewhere') return;
        await set(read.data.entryId, `status = 'left'`, []);
        return;
    }
  },
};
