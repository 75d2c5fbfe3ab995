import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import type { ErrorBody } from '@appointment/contracts/errors';
import { isPictureOf } from '@appointment/projections/appointments.queries';
import type { SessionStore } from '../auth/sessions';
import { authFor } from './authenticate';
import { PRIVATE_UPLOADS } from './image-upload';

/** A name `pendingImage` makes: a UUID and an extension. */
const UPLOAD_NAME = /^[A-Za-z0-9-]{1,100}\.[A-Za-z0-9]{1,10}$/;

/**
 * The browser may keep a private picture but asks again each time it shows it, so every
 * showing passes the check below (an unchanged file answers 304).
 */
export const PRIVATE_CACHE = 'private, no-cache';

const notFound = (res: Response) => {
  res.status(404).json({ message: 'Not Found' } satisfies ErrorBody);
};

/**
 * Booking pictures (under /uploads/private/) are read only by the booker and the staff of
 * the provider booked (admin, incharge), with their session (the cookie an <img> sends, or a
 * bearer token); anyone else, platform staff included, gets 404 as if there were no such
 * picture. `legacy` serves the pictures of bookings made before: their URLs name
 * /uploads/<name>, and `movePrivatePictures` moved their files here.
 */
export const privateUploadsRouter = (
  uploadsDir: string,
  sessions: SessionStore,
  pool: pg.Pool,
): { router: Router; legacy: (req: Request, res: Response) => Promise<void> } => {
  const dir = path.join(uploadsDir, PRIVATE_UPLOADS);
  const serve = async (
    req: Request,
    res: Response,
    name: string | undefined,
    urls: (name: string) => string[],
  ) => {
    if (!name || !UPLOAD_NAME.test(name) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      notFound(res);
      return;
    }
    const auth = await authFor(sessions, req);
    const staff = auth && (auth.role === 'admin' || auth.role === 'incharge');
    if (
      !auth ||
      !(await isPictureOf(pool, urls(name), {
        userId: auth.userId,
        ...(staff && auth.providerId ? { providerId: auth.providerId } : {}),
      }))
    ) {
      notFound(res);
      return;
    }
    res.sendFile(
      name,
      { root: dir, cacheControl: false, headers: { 'Cache-Control': PRIVATE_CACHE } },
      (error?: Error) => {
        if (error && !res.headersSent) notFound(res);
      },
    );
  };
  const router = Router();
  // Every method and path under the mount ends here: nothing falls through to the public files.
  router.use(async (req, res) => {
    const name = /^\/([^/]+)$/.exec(req.path)?.[1];
    await serve(req, res, name, (n) => [`/uploads/${PRIVATE_UPLOADS}/${n}`]);
  });
  return {
    router,
    legacy: (req, res) => serve(req, res, /^\/([^/]+)$/.exec(req.path)?.[1], (n) => [`/uploads/${n}`]),
  };
};

/**
 * The public /uploads never serves the private directory, however the path spells it
 * (`/uploads/private%2F…`, `/uploads/./private/…`, `/uploads//private/…`: the static server
 * decodes and normalises what the private mount did not match).
 */
export const outsidePrivateUploads: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    notFound(res);
    return;
  }
  const segments = path.posix.normalize(decoded.replaceAll('\\', '/')).split('/');
  if (segments.some((segment) => segment.toLowerCase() === PRIVATE_UPLOADS)) notFound(res);
  else next();
};

/**
 * Booking pictures stored before they were private (their URLs name /uploads/<name>) move to
 * the private directory, out of reach of the public /uploads. Idempotent: run at start.
 */
export const movePrivatePictures = async (uploadsDir: string, pool: pg.Pool): Promise<number> => {
  if (!existsSync(uploadsDir)) return 0;
  const { rows: present } = await pool.query<{ present: string | null }>(
    `SELECT to_regclass('rm_appointments.appointments') AS present`,
  );
  if (!present[0]?.present) return 0;
  const { rows } = await pool.query<{ image_url: string }>(
    `SELECT DISTINCT image_url FROM rm_appointments.appointments WHERE image_url LIKE '/uploads/%'`,
  );
  const files = new Set(await readdir(uploadsDir));
  let moved = 0;
  for (const { image_url: url } of rows) {
    const name = url.slice('/uploads/'.length);
    if (!UPLOAD_NAME.test(name) || !files.has(name)) continue;
    await mkdir(path.join(uploadsDir, PRIVATE_UPLOADS), { recursive: true });
    try {
      await rename(path.join(uploadsDir, name), path.join(uploadsDir, PRIVATE_UPLOADS, name));
      moved++;
    } catch (error) {
      // Another API process starting at the same time moved it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return moved;
};
