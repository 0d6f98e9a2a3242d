import { describe, expect, it } from 'vitest';
import { isLostConnection, openingDidNothing, type OpeningRoundTrip } from './connection-retry';

/** The server's farewell as the driver hands it over (an ErrorResponse). */
const farewell = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
  severity: 'FATAL',
});
const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
const endedSocket = new Error('Connection terminated unexpectedly');
const neverSent = new Error('Client has encountered a connection error and is not queryable');
const sessionChanged = Object.assign(new Error('the session changed'), { code: 'P0001', severity: 'ERROR' });

const withStatement: OpeningRoundTrip = { carriedStatement: true, completedAny: false, carriedCommit: false };
const withCommit: OpeningRoundTrip = { ...withStatement, carriedCommit: true };
const begun: OpeningRoundTrip = { ...withStatement, completedAny: true };
const prologueAlone: OpeningRoundTrip = { carriedStatement: false, completedAny: false, carriedCommit: false };

describe('a lost connection', () => {
  it('is told by its SQLSTATE, its socket error or the driver’s words, not by a failed statement', () => {
    const lost = {
      farewell,
      reset,
      endedSocket,
      neverSent,
      connectionFailure: { code: '08006' },
      idle: { code: '57P05' },
    };
    for (const [name, error] of Object.entries(lost)) expect(isLostConnection(error), name).toBe(true);
    const notLost = {
      sessionChanged,
      timeout: { code: '57014' },
      conflict: { code: '40001' },
      plain: new Error('boom'),
    };
    for (const [name, error] of Object.entries(notLost)) expect(isLostConnection(error), name).toBe(false);
    expect(isLostConnection(null)).toBe(false);
    expect(isLostConnection('Connection terminated')).toBe(false);
  });
});

describe('a transaction whose opening round trip failed', () => {
  it('has done nothing when only its BEGIN and settings went, whatever the connection said', () => {
    expect(openingDidNothing(endedSocket, prologueAlone)).toBe(true);
    expect(openingDidNothing(farewell, { ...prologueAlone, completedAny: true })).toBe(true);
  });

  it('has done nothing when the server said farewell before completing anything, COMMIT or not', () => {
    expect(openingDidNothing(farewell, withStatement)).toBe(true);
    expect(openingDidNothing(farewell, withCommit)).toBe(true);
  });

  it('has done nothing when the driver never sent it, COMMIT or not', () => {
    expect(openingDidNothing(neverSent, withCommit)).toBe(true);
  });

  it('has kept nothing when the socket failed without the server’s word and no COMMIT went', () => {
    expect(openingDidNothing(reset, withStatement)).toBe(true);
    expect(openingDidNothing(endedSocket, withStatement)).toBe(true);
  });

  it('may have committed when the socket failed without the server’s word and the COMMIT went', () => {
    expect(openingDidNothing(reset, withCommit)).toBe(false);
    expect(openingDidNothing(endedSocket, withCommit)).toBe(false);
  });

  it('may have been ended by its own statement once the server had completed part of it', () => {
    expect(openingDidNothing(farewell, begun)).toBe(false);
    expect(openingDidNothing(reset, begun)).toBe(false);
  });

  it('failed by itself when the connection was not lost', () => {
    expect(openingDidNothing(sessionChanged, prologueAlone)).toBe(false);
    expect(openingDidNothing(sessionChanged, withStatement)).toBe(false);
  });
});
