import { startEmbeddedPostgres } from '@appointment/infra/embedded/embedded-postgres';
import type { Config } from '../config';
import type { Logger } from '../logger';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded server under DATA_DIR, started if needed. */
export const openDatabase = async (config: Config, logger: Logger): Promise<Database> => {
  if (config.DATABASE_URL) {
    logger.info({ database: redact(config.DATABASE_URL) }, 'PostgreSQL: using DATABASE_URL');
    return { url: config.DATABASE_URL, stop: async () => undefined };
  }
  const local = await startEmbeddedPostgres(config.DATA_DIR, (message) =>
    logger.debug({ postgres: message }),
  );
  const where = { dataDir: local.dataDir, url: redact(local.url) };
  if (local.shared) logger.info(where, 'PostgreSQL: using the embedded server already running');
  else if (local.created) logger.info(where, 'PostgreSQL: embedded server initialised and started');
  else logger.info(where, 'PostgreSQL: embedded server started, reusing its data');
  return local;
};

const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
