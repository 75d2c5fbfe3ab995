import { Redis } from 'ioredis';
import type { Redactor } from '../privacy/redact';

/**
 * BullMQ on Redis keeps each job as a hash `<prefix>:<queue>:<id>` whose fields hold its
 * data, result and failure as JSON text, for days after it ran (job-queues.ts). A forget
 * rewrites those fields; `ops find` searches them.
 */

/** The hash fields of a BullMQ job that hold what callers gave or handlers said. */
const JOB_FIELDS = ['data', 'returnvalue', 'failedReason', 'stacktrace'] as const;

/** BullMQ's own prefix when none is given. */
const DEFAULT_PREFIX = 'bull';

const SCAN_COUNT = 500;

/** Every job hash under the prefix, a batch of keys and their fields at a time. */
const eachJobBatch = async (
  redis: Redis,
  prefix: string | undefined,
  onBatch: (keys: string[], fields: (string | null)[][]) => Promise<void>,
): Promise<void> => {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      `${prefix ?? DEFAULT_PREFIX}:*`,
      'COUNT',
      SCAN_COUNT,
      'TYPE',
      'hash',
    );
    cursor = next;
    if (keys.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.hmget(key, ...JOB_FIELDS);
    const replies = (await pipeline.exec()) ?? [];
    await onBatch(
      keys,
      replies.map(([error, values]) => (error ? [] : (values as (string | null)[]))),
    );
  } while (cursor !== '0');
};

const connect = (url: string) =>
  new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: true });

/** Rewrites the job fields holding the person's values; returns how many fields changed. */
export const redactRedisJobs = async (
  url: string,
  prefix: string | undefined,
  redactor: Redactor,
): Promise<number> => {
  if (redactor.needles.length === 0) return 0;
  const redis = connect(url);
  let changed = 0;
  try {
    await eachJobBatch(redis, prefix, async (keys, fields) => {
      const writes = redis.pipeline();
      let pending = 0;
      keys.forEach((key, i) => {
        JOB_FIELDS.forEach((field, j) => {
          const value = fields[i]?.[j];
          if (typeof value !== 'string') return;
          const lower = value.toLowerCase();
          if (!redactor.needles.some((needle) => lower.includes(needle))) return;
          const redacted = redactor.redact(value);
          if (redacted === value) return;
          // Only a job still there: HSET on a job removed meanwhile would make a stray hash.
          writes.eval(
            `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end return 0`,
            1,
            key,
            field,
            redacted,
          );
          pending++;
        });
      });
      if (pending > 0) {
        await writes.exec();
        changed += pending;
      }
    });
  } finally {
    redis.disconnect();
  }
  return changed;
};

/** How many jobs hold each text (case-insensitively), for `ops find`. */
export const findInRedisJobs = async (
  url: string,
  prefix: string | undefined,
  texts: readonly string[],
): Promise<Map<string, number>> => {
  const wanted = texts.map((text) => text.toLowerCase());
  const found = new Map<string, number>();
  const redis = connect(url);
  try {
    await eachJobBatch(redis, prefix, async (_keys, fields) => {
      for (const values of fields) {
        const text = values
          .filter((value): value is string => typeof value === 'string')
          .join('\n')
          .toLowerCase();
        wanted.forEach((needle, i) => {
          if (text.includes(needle)) found.set(texts[i]!, (found.get(texts[i]!) ?? 0) + 1);
        });
      }
    });
  } finally {
    redis.disconnect();
  }
  return found;
};
