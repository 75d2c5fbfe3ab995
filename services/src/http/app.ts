import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { apiNotFound, errorHandler } from './error-handler';
import { healthRouter, type HealthDependencies } from './health.router';
import type { Logger } from '../logger';

export interface AppDependencies extends HealthDependencies {
  logger: Logger;
  /** The built frontend (frontend/dist); served with a single-page-app fallback. */
  frontendDist?: string;
}

/** The Express app: every API area under /api, then the built frontend. */
export const createApp = (deps: AppDependencies): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(helmet());

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(healthRouter(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  const dist = deps.frontendDist;
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    app.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(dist, 'index.html'));
    });
  }

  app.use(errorHandler(deps.logger));
  return app;
};
