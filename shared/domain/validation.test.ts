import { describe, expect, it } from 'vitest';
import { matchesPattern as ok } from './validation';

describe('validation patterns', () => {
  it('email: recognised or two-letter domains, case-insensitive', () => {
    expect(ok('email', 'ada.admin@demo-health.org')).toBe(true);
    expect(ok('email', 'NORA@Example.CO')).toBe(true);
    expect(ok('email', 'x+tag@mail.example.health')).toBe(true);
    expect(ok('email', 'nora@example')).toBe(false);
    expect(ok('email', 'nora@example.zzzzz')).toBe(false);
    expect(ok('email', 'nora example@x.com')).toBe(false);
    expect(ok('email', '@x.com')).toBe(false);
  });

  it("login: a word character, then word characters and . - _ @ '", () => {
    expect(ok('login', 'ada.admin')).toBe(true);
    expect(ok('login', "o'neil-x_y@z")).toBe(true);
    expect(ok('login', '.ada')).toBe(false);
    expect(ok('login', 'ada admin')).toBe(false);
  });

  it('password: 10 to 40 printable ASCII with a digit and a letter', () => {
    expect(ok('password', 'TenetUser2026')).toBe(true);
    expect(ok('password', 'abcdefghi1')).toBe(true);
    expect(ok('password', 'abcdefgh1')).toBe(false);
    expect(ok('password', 'abcdefghijk')).toBe(false);
    expect(ok('password', '12345678901')).toBe(false);
    expect(ok('password', `a1${'x'.repeat(38)}`)).toBe(true);
    expect(ok('password', `a1${'x'.repeat(39)}`)).toBe(false);
    expect(ok('password', 'pässwörd123')).toBe(false);
  });

  it('genericText: no leading whitespace, a fixed set of punctuation', () => {
    expect(ok('genericText', 'Hand hygiene (v2): 100% - "always"!')).toBe(true);
    expect(ok('genericText', 'line one\nline two')).toBe(true);
    expect(ok('genericText', ' leading space')).toBe(false);
    expect(ok('genericText', 'a <b>')).toBe(false);
    expect(ok('genericText', 'curly {brace}')).toBe(false);
  });

  it('allowDash, generic and name', () => {
    expect(ok('allowDash', '')).toBe(true);
    expect(ok('allowDash', 'demo-health-01')).toBe(true);
    expect(ok('allowDash', 'demo_health')).toBe(false);
    expect(ok('generic', 'Anything & everything')).toBe(true);
    expect(ok('name', '<script>')).toBe(false);
  });

  it('numeric ranges', () => {
    expect(ok('numeric', '42')).toBe(true);
    expect(ok('numeric', '042')).toBe(false);
    expect(ok('numeric', '0')).toBe(false);
    expect(ok('numeric0To100', '0')).toBe(true);
    expect(ok('numeric0To100', '99.99%')).toBe(true);
    expect(ok('numeric0To100', '100.00')).toBe(true);
    expect(ok('numeric0To100', '100.01')).toBe(false);
    expect(ok('numeric0To100', '5.123')).toBe(false);
    expect(ok('numeric1To500', '500')).toBe(true);
    expect(ok('numeric1To500', '007')).toBe(true);
    expect(ok('numeric1To500', '501')).toBe(false);
    expect(ok('numeric1To500', '0')).toBe(false);
  });

  it('url: http or https with a domain', () => {
    expect(ok('url', 'https://community.example.com/path?q=1')).toBe(true);
    expect(ok('url', 'http://example.org:8080')).toBe(true);
    expect(ok('url', 'ftp://example.org')).toBe(false);
    expect(ok('url', 'https://localhost')).toBe(false);
    expect(ok('url', `https://${'a'.repeat(250)}.com`)).toBe(true);
    expect(ok('url', `https://${'a'.repeat(260)}.com`)).toBe(false);
  });
});
