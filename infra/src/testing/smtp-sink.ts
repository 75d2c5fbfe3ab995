import net from 'node:net';

/** One message as an SMTP client handed it over (its DATA accepted with 250). */
export interface SunkMessage {
  /** The Message-ID header, angle brackets included; '' when the message has none. */
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  /** The whole message as sent: headers, blank line, body (dot-unstuffed). */
  data: string;
  at: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message accepted so far, in order; a message sent twice is here twice. */
  messages: SunkMessage[];
  close(): Promise<void>;
}

const header = (data: string, name: string): string => {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
};

/**
 * A local SMTP server that accepts every message and keeps it (no TLS, no authentication): what
 * a test or a soak run points SMTP_URL at to count what was really handed over. A message counts
 * the moment the server answers its DATA with 250, as a real server takes responsibility then.
 */
export interface SmtpSinkOptions {
  port?: number;
  /**
   * Numbers (1-based, counting every message that reaches its end of DATA) of messages the sink
   * does not accept: it drops the connection instead of answering, as a server or a network
   * that fails mid-way does.
   */
  drop?: number[];
}

export const startSmtpSink = async ({ port = 0, drop = [] }: SmtpSinkOptions = {}): Promise<SmtpSink> => {
  let arrived = 0;
  const messages: SunkMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let lines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (text: string) => {
      if (!socket.destroyed) socket.write(`${text}\r\n`);
    };
    reply('220 smtp-sink ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (drop.includes(++arrived)) {
              socket.destroy();
              return;
            }
            const data = lines.join('\r\n');
            messages.push({
              messageId: header(data, 'Message-ID'),
              from,
              to,
              subject: header(data, 'Subject'),
              data,
              at: Date.now(),
            });
            lines = [];
            reply('250 2.0.0 queued');
          } else {
            lines.push(line.startsWith('.') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-smtp-sink');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') reply('250 smtp-sink');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          lines = [];
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
