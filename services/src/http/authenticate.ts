import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { API_KEY_SCOPE_OF, operationAt } from '@appointment/contracts/api';
import { API_KEY_PREFIX } from '@appointment/contracts/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import { can, PUBLIC, Role, type Capability } from '@appointment/contracts/roles';
import type { Actor } from '../accounts/accounts-context';
import { actingAs, type ActingContext } from '../audit/actor-context';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import { ForbiddenError, UnauthenticatedError } from '../domain/errors';
import type { ApiKeyAuth } from '../integrations/api-key-auth';
import { isCrossSite, isUnsafeMethod } from './cross-site';

export interface RequestAuth extends Actor {
  token: string;
  /** The API key the call carries, when it is not a session. */
  apiKeyId?: string;
}

/** A bearer that is an API key (`apt_…`) rather than a session token. */
export const isApiKey = (bearer: string | undefined): bearer is string =>
  !!bearer?.startsWith(API_KEY_PREFIX);

/** The token of an `Authorization: Bearer …` header. */
export const bearerOf = (header: string | undefined): string | undefined => {
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
};

/** The session token of the `sid` cookie in a Cookie header. */
export const cookieTokenOf = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = pair
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

/** The session token from `Authorization: Bearer`, or else from the `sid` cookie. */
export const tokenOf = (req: IncomingMessage): string | undefined =>
  bearerOf(req.headers.authorization) ?? cookieTokenOf(req.headers.cookie);

/**
 * Who is calling, if anyone: a live session whose role is one of the matrix's. A state-changing
 * request carried by the session cookie from another site is refused; a bearer token is never
 * sent by a browser on its own, so bearer calls are not affected.
 */
export const authFor = async (
  sessions: SessionStore,
  req: IncomingMessage,
): Promise<RequestAuth | undefined> => {
  const bearer = bearerOf(req.headers.authorization);
  // An API key is checked by `authenticate` in the app (its scopes need the route).
  if (isApiKey(bearer)) return undefined;
  const token = bearer ?? cookieTokenOf(req.headers.cookie);
  if (!bearer && token && isUnsafeMethod(req.method) && isCrossSite(req))
    throw new ForbiddenError(MESSAGES.crossSiteRefused);
  const actor = token ? await sessions.resolveActor(token) : undefined;
  if (!token || !actor || !Role.safeParse(actor.role).success) return undefined;
  return { token, ...actor, role: actor.role as Role };
};

/**
 * A call carrying an API key acts as its provider's admin, but only on the operations its
 * scopes open (contracts' API_KEY_SCOPE_OF): an unknown or revoked key answers 401, an
 * operation outside its scopes 403. It fails closed: a path no operation of the table matches
 * as written (another spelling Express would still route, say) is refused too. Public
 * operations stay open.
 */
const keyAuthFor = async (apiKeys: ApiKeyAuth, key: string, req: Request): Promise<RequestAuth> => {
  const principal = await apiKeys.resolve(key);
  if (!principal) throw new UnauthenticatedError(MESSAGES.apiKeyInvalid);
  // Express answers HEAD with the GET route, and routes paths in any case.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const called = operationAt(method, req.originalUrl.split('?')[0]!.toLowerCase());
  if (called?.operation.access !== PUBLIC) {
    const scope = called && API_KEY_SCOPE_OF[called.id];
    if (!scope || !principal.scopes.includes(scope)) throw new ForbiddenError(MESSAGES.apiKeyScopeMissing);
  }
  return { token: key, ...principal.actor, apiKeyId: principal.keyId };
};

/** The acting context of a request: its caller, if any, and a correlation id (the caller's own, if sent). */
export const actingContextOf = (
  req: IncomingMessage,
  auth: RequestAuth | undefined,
): Partial<ActingContext> => {
  const sent = req.headers['x-correlation-id'];
  const correlationId = typeof sent === 'string' && /^[\w.:-]{1,100}$/.test(sent) ? sent : randomUUID();
  return {
    correlationId,
    ...(auth
      ? {
          actor: {
            kind: 'account' as const,
            userId: auth.userId,
            role: auth.role,
            ...((auth as { apiKeyId?: string }).apiKeyId
              ? { apiKeyId: (auth as { apiKeyId?: string }).apiKeyId }
              : {}),
          },
        }
      : {}),
  };
};

/** Finds who is calling, if anyone; every route decides itself whether that is enough. */
export const authenticate =
  (sessions: SessionStore, apiKeys?: ApiKeyAuth): RequestHandler =>
  async (req, res, next) => {
    try {
      const bearer = bearerOf(req.headers.authorization);
      const auth =
        apiKeys && isApiKey(bearer) ? await keyAuthFor(apiKeys, bearer, req) : await authFor(sessions, req);
      if (auth) res.locals.auth = auth;
      // Everything this request records carries who acted and one correlation id.
      actingAs(actingContextOf(req, auth), next);
    } catch (error) {
      next(error);
    }
  };

export const authOf = (res: Response): RequestAuth => {
  const auth = res.locals.auth as RequestAuth | undefined;
  if (!auth) throw new UnauthenticatedError(MESSAGES.signInRequired);
  return auth;
};

/** 401 without a session; 403 when the role lacks the capability (contracts' matrix). */
export const requireCapability =
  (capability: Capability): RequestHandler =>
  (_req: Request, res: Response, next: NextFunction) => {
    try {
      const { role } = authOf(res);
      if (!can(role as Role, capability)) throw new ForbiddenError(MESSAGES.forbidden);
      next();
    } catch (error) {
      next(error);
    }
  };

export const requireSignedIn: RequestHandler = (_req, res, next) => {
  try {
    authOf(res);
    next();
  } catch (error) {
    next(error);
  }
};
