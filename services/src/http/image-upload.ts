import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { MESSAGES } from '@appointment/contracts/messages';
import { ValidationError } from '../domain/errors';
import { imageExtension } from './image-type';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Multipart parsing for a form with at most one image file under `image` (docs/architecture.md §6): size
 * limited, kept in memory until its bytes are checked. Text fields land in req.body.
 */
export const multipartWithImage = (): RequestHandler => {
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
      next(error ? new ValidationError(MESSAGES.invalidMultipart) : undefined);
    });
  };
};

/**
 * Stores the request's image under a server-made name if its first bytes say it is an image;
 * the bytes are only ever served back as an image. Returns its /uploads URL.
 */
export const saveUploadedImage = async (req: Request, uploadsDir: string): Promise<string | undefined> => {
  const file = req.file;
  if (!file) return undefined;
  const extension = imageExtension(file.buffer);
  if (!extension)
    throw new ValidationError(MESSAGES.invalidImage, [{ field: 'image', message: MESSAGES.invalidImage }]);
  const name = `${randomUUID()}.${extension}`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(path.join(uploadsDir, name), file.buffer);
  return `/uploads/${name}`;
};
