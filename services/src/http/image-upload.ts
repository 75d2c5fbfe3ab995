import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import multer from 'multer';
import type { ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import { ValidationError } from '../domain/errors';
import { authOf } from './authenticate';
import { imageExtension } from './image-type';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The pictures one person may upload a day (UPLOAD_LIMIT), whatever they are for and whether
 * or not the command they came with was accepted. A request without a picture is not counted.
 * Shared by every API process through `store` (Redis) when there is one.
 */
export const uploadsPerDay = (limit: number, store?: Store): RequestHandler =>
  rateLimit({
    windowMs: 24 * 3600_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !req.file,
    keyGenerator: (_req, res) => `person:${authOf(res).userId}`,
    handler: (_req: Request, res: Response) => {
      res.status(429).json({ message: MESSAGES.tooManyUploads } satisfies ErrorBody);
    },
    ...(store ? { store } : {}),
  });

/**
 * Multipart parsing for a form with at most one image file under `image` (docs/architecture.md §6): size
 * limited, kept in memory until its bytes are checked. Text fields land in req.body. With
 * `perPerson` (uploadsPerDay), a request that carries a picture counts against its sender's cap.
 */
export const multipartWithImage = (perPerson?: RequestHandler): RequestHandler => {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 50, fieldSize: 256 * 1024 },
  });
  return (req, res, next) => {
    upload.single('image')(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        next(
          new ValidationError(
            error.code === 'LIMIT_FILE_SIZE' ? MESSAGES.imageTooLarge : MESSAGES.invalidImage,
          ),
        );
        return;
      }
      // Anything else the parser throws is about the bytes sent: no boundary, a malformed part
      // header (found by the fuzzer: a file name with a NUL character), a truncated body.
      if (error) next(new ValidationError(MESSAGES.invalidMultipart));
      else if (perPerson) void perPerson(req, res, next);
      else next();
    });
  };
};

/** Where booking pictures are kept, under the uploads directory, and the URL path they are read at. */
export const PRIVATE_UPLOADS = 'private';

/** The request's picture, checked but not yet stored. */
export interface PendingImage {
  /** The /uploads URL it will be read at once kept. */
  url: string;
  /**
   * Stores it: call once the command that names `url` was accepted. A command refused (or
   * failed) never stores it, so it leaves no file behind.
   */
  keep(): Promise<void>;
}

/**
 * The request's image under a server-made name, if its first bytes say it is an image (else
 * 400); the bytes are only ever served back as an image. Nothing is written until `keep`.
 * A private picture (a booking's) is read only by those the /uploads/private route lets in.
 */
export const pendingImage = (
  req: Request,
  uploadsDir: string,
  visibility: 'public' | 'private' = 'public',
): PendingImage | undefined => {
  const file = req.file;
  if (!file) return undefined;
  const extension = imageExtension(file.buffer);
  if (!extension)
    throw new ValidationError(MESSAGES.invalidImage, [{ field: 'image', message: MESSAGES.invalidImage }]);
  const name = `${randomUUID()}.${extension}`;
  const dir = visibility === 'private' ? path.join(uploadsDir, PRIVATE_UPLOADS) : uploadsDir;
  const url = visibility === 'private' ? `/uploads/${PRIVATE_UPLOADS}/${name}` : `/uploads/${name}`;
  return {
    url,
    keep: async () => {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), file.buffer);
    },
  };
};
