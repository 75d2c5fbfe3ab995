import { rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '@appointment/contracts/event-store';
import type { ForgetRequest } from './forget';

/**
 * What `pendingImage` (services/src/http/image-upload.ts) makes: a made name under /uploads, or
 * under /uploads/private for a booking's picture.
 */
const UPLOAD_URL = /^\/uploads\/(?:private\/)?([A-Za-z0-9-]{1,100}\.[A-Za-z0-9]{1,10})$/;

/** Where private pictures are kept (PRIVATE_UPLOADS), and older booking pictures moved to. */
const PRIVATE_DIR = 'private';

/** The picture fields of the subject's own stream's events (a profile picture, a provider's). */
const PICTURE_FIELDS = ['imageurl', 'imageUrl'];

/**
 * The files a data subject uploaded, as /uploads URLs: every picture their own stream ever
 * named (a person's profile pictures; a provider's picture), and for a person the pictures
 * attached to their bookings. Read before their key is deleted: the log holds the paths sealed.
 */
export const uploadsOf = async (
  store: EventStore,
  pool: pg.Pool,
  request: Pick<ForgetRequest, 'personId' | 'kind'>,
): Promise<string[]> => {
  const stream = `${request.kind === 'user' ? 'user' : 'provider'}-${request.personId}`;
  const urls = new Set<string>();
  for (const event of await store.readStream(stream))
    for (const field of PICTURE_FIELDS) {
      const value = event.data[field];
      if (typeof value === 'string' && value) urls.add(value);
    }
  if (request.kind === 'user') {
    const { rows: present } = await pool.query<{ present: string | null }>(
      `SELECT to_regclass('rm_appointments.appointments') AS present`,
    );
    if (present[0]?.present) {
      const { rows } = await pool.query<{ image_url: string }>(
        `SELECT DISTINCT image_url FROM rm_appointments.appointments
          WHERE user_id = $1 AND image_url IS NOT NULL AND image_url <> ''`,
        [request.personId],
      );
      for (const row of rows) urls.add(row.image_url);
    }
  }
  return [...urls];
};

/** Deletes the uploaded files the URLs name; a URL that is not one of ours is left alone. */
export const removeUploads = async (uploadsDir: string, urls: readonly string[]): Promise<number> => {
  let removed = 0;
  for (const url of urls) {
    const name = UPLOAD_URL.exec(url)?.[1];
    if (!name) continue;
    // A booking picture from before they were private names /uploads/<name> but was moved to
    // the private directory; a name is made once, so deleting it from both is deleting only it.
    await rm(path.join(uploadsDir, name), { force: true });
    await rm(path.join(uploadsDir, PRIVATE_DIR, name), { force: true });
    removed++;
  }
  return removed;
};
