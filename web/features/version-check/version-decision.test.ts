import { describe, expect, it } from 'vitest';
import { decideVersionAction, type VersionFacts } from './version-decision';

const facts = (extra: Partial<VersionFacts>): VersionFacts => ({
  builtVersion: '1.18.1',
  serverVersion: '1.18.2',
  sessionValid: true,
  handledVersion: null,
  production: true,
  ...extra,
});

describe('version check', () => {
  it('reloads in production when the server runs another version', () => {
    expect(decideVersionAction(facts({}))).toBe('reload');
  });
  it('only says so in development', () => {
    expect(decideVersionAction(facts({ production: false }))).toBe('dev-message');
  });
  it('does nothing when versions match, are unknown, the session is invalid, or it was handled', () => {
    expect(decideVersionAction(facts({ serverVersion: '1.18.1' }))).toBe('none');
    expect(decideVersionAction(facts({ serverVersion: '' }))).toBe('none');
    expect(decideVersionAction(facts({ sessionValid: false }))).toBe('none');
    expect(decideVersionAction(facts({ handledVersion: '1.18.2' }))).toBe('none');
  });
});
