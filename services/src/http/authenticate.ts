import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MESSAGES } from '@appointment/contracts/messages';
import { can, Role, type Capability } from '@appointment/contracts/roles';
import type { Actor } from '../accounts/accounts.service';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import { ForbiddenError, UnauthenticatedError } from '../domain/errors';
import { isCrossSite, isUnsafeMethod } from './cross-site';

export interface RequestAuth extends Actor {
  token: string;
}

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
 * request carried by the session cookie from another site is refused (issue 16); a bearer token
 * is never sent by a browser on its own, so bearer calls are not affected.
 */
export const authFor = async (
  sessions: SessionStore,
  req: IncomingMessage,
): Promise<RequestAuth | undefined> => {
  const bearer = bearerOf(req.headers.authorization);
  const token = bearer ?? cookieTokenOf(req.headers.cookie);
  if (!bearer && token && isUnsafeMethod(req.method) && isCrossSite(req))
    throw new ForbiddenError(MESSAGES.crossSiteRefused);
  const actor = token ? await sessions.resolveActor(token) : undefined;
  if (!token || !actor || !Role.safeParse(actor.role).success) return undefined;
  return { token, ...actor, role: actor.role as Role };
};

/** Finds who is calling, if anyone; every route decides itself whether that is enough. */
export const authenticate =
  (sessions: SessionStore): RequestHandler =>
  async (req, res, next) => {
    try {
      const auth = await authFor(sessions, req);
      if (auth) res.locals.auth = auth;
      next();
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
