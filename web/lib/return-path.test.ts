import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('the path to return to after signing in', () => {
  it('keeps a same-origin path of a signed-in screen, with its query and fragment', () => {
    expect(safeReturnPath('/orgs/1/pnps/26/pnp_documents/30/pnp_info/general_info')).toBe(
      '/orgs/1/pnps/26/pnp_documents/30/pnp_info/general_info',
    );
    expect(safeReturnPath('/orgs/1/tasks?status=1#top')).toBe('/orgs/1/tasks?status=1#top');
    expect(safeReturnPath('/hstm/orgs/4')).toBe('/hstm/orgs/4');
  });

  it('refuses anything that could leave the product', () => {
    for (const raw of [
      'https://evil.example/orgs/1/pnps',
      'http://evil.example',
      '//evil.example/orgs/1/pnps',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'orgs/1/pnps',
      ' /orgs/1/pnps',
      '',
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
  });

  it('refuses what is not text', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('refuses sign-in and other public screens, which a sign-in cannot return to', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/t/demo')).toBeNull();
    expect(safeReturnPath('/error/404')).toBeNull();
    expect(safeReturnPath('/set_password/abc')).toBeNull();
  });

  it('normalises dot segments, so they cannot climb out to a public screen', () => {
    expect(safeReturnPath('/orgs/1/../../login')).toBeNull();
    expect(safeReturnPath('/orgs/1/./tasks')).toBe('/orgs/1/tasks');
  });
});
