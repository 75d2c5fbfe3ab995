import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { startSmtpSink, type SmtpSink } from '@appointment/infra/testing/smtp-sink';
import { createLogger } from '../logger';
import { MAIL_SCHEMA, MailSender, mailOutboxReactor } from './mail-outbox';

/** The outbox's sender against a real SMTP conversation (a local sink that keeps what it gets). */
describe('the mail sender', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let sink: SmtpSink;

  beforeAll(async () => {
    database = await createTestDatabase('mail_sender');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    sink = await startSmtpSink();
  });
  beforeEach(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${MAIL_SCHEMA} CASCADE`);
    await pool.query(`CREATE SCHEMA ${MAIL_SCHEMA}`);
    await pool.query(mailOutboxReactor({ publicUrl: 'http://x', secret: 's' }).createTables(MAIL_SCHEMA));
  });
  afterAll(async () => {
    await sink.close();
    await pool.end();
    await database.drop();
  });

  it('hands each unsent row over once, with a Message-ID made from the row, so a resend is recognisable', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await pool.query(
        `INSERT INTO ${MAIL_SCHEMA}.messages (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, now())`,
        [id, `person${i}@example.com`, `Subject ${i}`, `Body ${i}\n.leading dot\n`],
      );
    }
    const sender = new MailSender(pool, createLogger('silent'), {
      smtpUrl: sink.url,
      from: 'Appointment <no-reply@mail.example.org>',
    });
    expect(await sender.deliverBatch()).toBe(2);
    expect(await sender.deliverBatch()).toBe(0);

    expect(sink.messages.map((m) => m.messageId).sort()).toEqual(
      ids.map((id) => `<${id}@mail.example.org>`).sort(),
    );
    expect(sink.messages.map((m) => m.to)).toEqual(
      expect.arrayContaining([['person0@example.com'], ['person1@example.com']]),
    );
    const { rows } = await pool.query<{ sent: number }>(
      `SELECT count(*)::int AS sent FROM ${MAIL_SCHEMA}.messages WHERE sent_at IS NOT NULL AND transport = 'smtp'`,
    );
    expect(rows[0]!.sent).toBe(2);
  });

  it('records each message as sent as soon as it is handed over: a failure later in the batch sends none twice', async () => {
    // The kill soak's finding: the sender handed a whole batch over inside one transaction, so
    // a worker killed (or a connection lost) mid-batch sent again every message of the batch
    // already handed over. Here the third message's connection drops.
    const failing = await startSmtpSink({ drop: [3] });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const id = randomUUID();
        ids.push(id);
        await pool.query(
          `INSERT INTO ${MAIL_SCHEMA}.messages (id, recipient, subject, body, created_at)
           VALUES ($1, $2, 'Hello', 'Body', now() + make_interval(secs => $3))`,
          [id, `p${i}@example.com`, i],
        );
      }
      const sender = new MailSender(pool, createLogger('silent'), {
        smtpUrl: failing.url,
        from: 'Appointment <no-reply@example.org>',
      });
      await expect(sender.deliverBatch()).rejects.toThrow();
      while ((await sender.deliverBatch()) > 0);
      const handed = failing.messages.map((m) => m.messageId);
      expect(handed.sort()).toEqual(ids.map((id) => `<${id}@example.org>`).sort());
    } finally {
      await failing.close();
    }
  });

  it('without SMTP keeps the mail in the outbox and tells the console where to read it, with its links', async () => {
    await pool.query(
      `INSERT INTO ${MAIL_SCHEMA}.messages (id, recipient, subject, body, created_at)
       VALUES ($1, 'new@example.com', 'Confirm your e-mail address', $2, now())`,
      [randomUUID(), 'Hello,\n\nplease confirm:\nhttp://localhost:3000/api/auth/verify?user=u1&token=t1\n'],
    );
    // The console as the app writes it at its default level, collected line by line.
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const { msg, ...fields } = JSON.parse(chunk.toString()) as Record<string, unknown>;
          lines.push({ fields, message: String(msg) });
          done();
        },
      }),
    );
    const sender = new MailSender(pool, logger, { from: 'Appointment <no-reply@example.org>' });
    expect(await sender.deliverBatch()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toContain('/api/dev/mailbox when DEV_MAILBOX=true');
    expect(lines[0]!.message.split('\n')).toContain('http://localhost:3000/api/auth/verify?user=u1&token=t1');
    expect(lines[0]!.fields.links).toEqual(['http://localhost:3000/api/auth/verify?user=u1&token=t1']);
    const { rows } = await pool.query<{ transport: string }>(`SELECT transport FROM ${MAIL_SCHEMA}.messages`);
    expect(rows).toEqual([{ transport: 'local' }]);
  });
});
