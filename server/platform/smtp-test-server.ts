import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the receiving server got it, parsed enough to check what a person would read. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string | null;
  html: string | null;
}

/** A real SMTP server on 127.0.0.1 for tests: every message delivered to it is kept, parsed. */
export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  readonly listening: boolean;
  /** Stops listening (the next connection is refused); start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;
  const listen = async (): Promise<void> => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({
            ...parseMessage(Buffer.concat(chunks).toString('utf8')),
            from,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (next.server.address() as AddressInfo).port;
    server = next;
  };
  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    received,
    get listening() {
      return server !== null;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = null;
        if (!current) resolve();
        else current.close(() => resolve());
      }),
    start: listen,
  };
}

/** Headers of a MIME entity (folded lines joined), names lower-cased. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or ?B?) as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Just enough MIME for a text part, an HTML part, or both in multipart/alternative. */
export function parseMessage(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const parts: Array<{ type: string; content: string }> = [];
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const entity = part.replace(/^\r\n/, '');
      const end = entity.indexOf('\r\n\r\n');
      const partHeaders = parseHeaders(entity.slice(0, end));
      parts.push({
        type: (partHeaders['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
        content: decodeBody(entity.slice(end + 4).replace(/\r\n$/, ''), partHeaders['content-transfer-encoding']),
      });
    }
  } else {
    parts.push({
      type: contentType.split(';')[0]!.trim().toLowerCase(),
      content: decodeBody(body, headers['content-transfer-encoding']),
    });
  }
  const find = (type: string): string | null =>
    parts.find((p) => p.type === type)?.content.replace(/\r\n/g, '\n') ?? null;
  return { headers, subject: decodeWords(headers.subject ?? ''), text: find('text/plain'), html: find('text/html') };
}
