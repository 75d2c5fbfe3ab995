import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { API_OPERATIONS, type Access, type ApiOperation, type OperationId } from '@appointment/contracts/api';
import { PUBLIC, SIGNED_IN } from '@appointment/contracts/roles';
import { NotFoundError } from '../domain/errors';
import { requireCapability, requireSignedIn, type RequestAuth } from './authenticate';
import { multipartWithImage } from './image-upload';
import { route } from './routes';

type Operations = typeof API_OPERATIONS;
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a JSON body or a multipart form's fields parse to, per the table. */
type BodyOf<O> = O extends { body: infer B }
  ? Parsed<B>
  : O extends { form: { fields: infer F } }
    ? Parsed<F>
    : undefined;

/** What a handler returns to be answered with the operation's success status as JSON. */
export type AnswerOf<Id extends OperationId> = Operations[Id]['success'] extends { json: infer J }
  ? J extends z.ZodType
    ? z.input<J>
    : never
  : never;

/** One call of an operation, its request already parsed by the schemas of the table. */
export interface Call<Id extends OperationId> {
  req: Request;
  res: Response;
  /** The caller; present on every operation but the public ones. */
  auth: Operations[Id]['access'] extends typeof PUBLIC ? RequestAuth | undefined : RequestAuth;
  body: BodyOf<Operations[Id]>;
  query: Operations[Id] extends { query: infer Q } ? Parsed<Q> : undefined;
  /** The path's parameters, parsed when the table gives their schema. */
  params: Operations[Id] extends { params: infer P } ? Parsed<P> : Record<string, string>;
}

/**
 * Serves one operation. What it returns is answered as JSON with the operation's success status;
 * a handler that answers otherwise (a redirect, a stream, another status) writes to `res` itself
 * and returns nothing.
 */
export type Handler<Id extends OperationId> = (call: Call<Id>) => Promise<AnswerOf<Id> | void>;

/** A handler, with middleware of its own run after the access check (a rate limit, say). */
export interface HandlerWithMiddleware<Id extends OperationId> {
  before: RequestHandler[];
  handle: Handler<Id>;
}

/** The handlers an area supplies, by operation id of contracts' API_OPERATIONS. */
export type OperationHandlers = {
  [Id in OperationId]?: Handler<Id> | HandlerWithMiddleware<Id>;
};

export interface MountOptions {
  /** Counts a person's uploads against their daily cap, before a multipart form is read. */
  uploadLimit?: RequestHandler;
}

const accessCheck = (access: Access): RequestHandler[] =>
  access === PUBLIC ? [] : access === SIGNED_IN ? [requireSignedIn] : [requireCapability(access)];

const parse = (schema: z.ZodType | undefined, value: unknown): unknown => schema?.parse(value ?? {});

const paramsOf = (operation: ApiOperation, req: Request): unknown => {
  if (!operation.params) return req.params;
  if (!operation.paramsNotFound) return operation.params.parse(req.params);
  const parsed = operation.params.safeParse(req.params);
  if (!parsed.success) throw new NotFoundError(operation.paramsNotFound);
  return parsed.data;
};

/**
 * Mounts the handled operations of the table on a router (paths as a router under /api sees
 * them): the table's method and path, its access check, the multipart reading of a form, then
 * the body, query and path parameters parsed by its schemas (a ZodError is the error handler's
 * 400). Nothing of this is written again in a handler module. Operations are mounted in the
 * table's order within each module, the modules in the order given.
 */
export const mountOperations = (
  modules: readonly OperationHandlers[],
  options: MountOptions = {},
): Router => {
  const router = Router();
  const entries = Object.entries(API_OPERATIONS) as [OperationId, ApiOperation][];
  for (const handlers of modules) {
    for (const [id, operation] of entries) {
      const entry = handlers[id] as Handler<OperationId> | HandlerWithMiddleware<OperationId> | undefined;
      if (!entry) continue;
      const { before, handle } = typeof entry === 'function' ? { before: [], handle: entry } : entry;
      const form = operation.form ? [multipartWithImage(options.uploadLimit)] : [];
      const bodySchema = operation.body ?? operation.form?.fields;
      const read = operation.form?.read;
      const bodyOf = (req: Request): unknown =>
        read ? read((req.body ?? {}) as Record<string, unknown>) : req.body;
      router[operation.method](
        route(operation.path),
        ...accessCheck(operation.access),
        ...before,
        ...form,
        async (req: Request, res: Response) => {
          const call = {
            req,
            res,
            auth: res.locals.auth as RequestAuth,
            body: parse(bodySchema, bodyOf(req)),
            query: parse(operation.query, req.query),
            params: paramsOf(operation, req),
          } as Call<OperationId>;
          const answer = await handle(call);
          if (answer !== undefined && !res.headersSent) res.status(operation.success.status).json(answer);
        },
      );
    }
  }
  return router;
};

/** The handlers of an area, checked against the table's types. */
export const handlers = (module: OperationHandlers): OperationHandlers => module;
