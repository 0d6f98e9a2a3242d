import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Clients that hold a connection without finishing their request (docs/security.md, "Limits"): the
 * limits are shortened here so that each case ends in seconds. The silent client must be cut by the
 * idle limit well before the whole request's limit would answer it, so the two are tested apart.
 */
const IDLE_MS = 2_000;
const REQUEST_MS = 5_000;
/** How long a case waits for the server to act before it fails: far past both limits. */
const GIVE_UP_MS = 20_000;
/** A trickling client sends something this often: never idle long enough to be cut for silence. */
const TRICKLE_EVERY_MS = 100;

interface Outcome {
  /** What the server sent before the connection ended. */
  answer: string;
  /** Whether the server ended it (rather than the case giving up). */
  closedByServer: boolean;
}

/**
 * Opens a raw connection, writes `start`, then (if given) writes `drip` every TRICKLE_EVERY_MS, and
 * reports what came back once the server closes the connection, or GIVE_UP_MS later.
 */
function hold(port: number, start: string, drip?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(start);
      if (drip) timer = setInterval(() => socket.write(drip), TRICKLE_EVERY_MS);
    });
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, closedByServer: false });
    }, GIVE_UP_MS);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedByServer: true });
    });
  });
}

/**
 * A sign-in's headers with a CSRF pair that passes, so that the server goes on to read its body
 * (without one it answers 403 at once and never waits for the body).
 */
const signInHeaders = (csrf: string, length: number, extra = ''): string =>
  `POST /api/auth/developer/login HTTP/1.1\r\nHost: tenet.test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n` +
  `Cookie: ${CSRF_COOKIE}=${csrf}\r\n${CSRF_HEADER}: ${csrf}\r\n${extra}\r\n`;

describe('a client that holds its connection without finishing its request', () => {
  let t: TestApp;
  let port: number;
  let csrf: string;

  beforeAll(async () => {
    t = await createTestApp({ clientIdleTimeoutMs: IDLE_MS, requestTimeoutMs: REQUEST_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const first = await t.app.inject({ method: 'GET', url: '/api/sessions' });
    csrf = first.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
    expect(csrf).not.toBe('');
  });
  afterAll(async () => t.close());

  it('is cut off, unanswered, once it has sent nothing for the idle limit', async () => {
    const outcome = await hold(port, signInHeaders(csrf, 100_000));
    expect(outcome).toEqual({ answer: '', closedByServer: true });
  });

  it('is answered 408 when its body has not all arrived within the request limit', async () => {
    const outcome = await hold(port, signInHeaders(csrf, 100_000), ' ');
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is answered 408 when its headers never end', async () => {
    const outcome = await hold(port, 'GET /api/health HTTP/1.1\r\nHost: tenet.test\r\n', 'X-Slow: still here\r\n');
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is served when it sends its request in pieces within the limits', async () => {
    const body = JSON.stringify({ credentials: { login: 'nobody', password: 'wrong' } });
    const response = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(signInHeaders(csrf, body.length, 'Connection: close\r\n'));
        setTimeout(() => socket.write(body.slice(0, 10)), 300);
        setTimeout(() => socket.write(body.slice(10)), 600);
      });
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
    });
    // Read whole and refused for its credentials: answered by the application, not cut.
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
  });
});
