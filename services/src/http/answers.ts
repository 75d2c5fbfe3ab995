import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { SlotAnswer } from '../schedule/availability/fetch-slot';
import { withFields } from '@appointment/contracts/objects';

/** Answers written straight to a Node response, shared by the Express routes and the fast path. */

/** A fetchslot answer: the cached bytes go out as they are, with any headers already set. */
export const writeSlotAnswer = (
  res: ServerResponse,
  { body, encoding }: SlotAnswer,
  headers: OutgoingHttpHeaders = {},
): void => {
  res.writeHead(
    200,
    withFields(headers, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    }),
  );
  res.end(body);
};

/** A JSON answer with its length. */
export const writeJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders,
): void => {
  const json = JSON.stringify(body);
  res.writeHead(
    status,
    withFields(headers, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(json),
    }),
  );
  res.end(json);
};
