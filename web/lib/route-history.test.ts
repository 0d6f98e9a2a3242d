import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/api/sessions';
import { recordSearch, returnPath } from './route-history';
import { setSession } from './session-store';

const nurse: Session = {
  valid: true,
  org: { id: 1, name: 'Demo Health', tenant: 'demo' },
  current_org: 1,
  hstm: '',
  admin: false,
  p_owner: false,
  binder_or_folder_owner: false,
  sudo: false,
  sudoer: null,
  token_timeout: 30,
  tenant: 'demo',
  pendo: null,
  loggedInAt: null,
  app_version: 'test',
  isHstmUser: false,
  user: { id: 7, name: 'Nora Nurse', email: 'nora@example.com', username: 'nora.nurse' },
};

describe('the query a list was left with', () => {
  it('is where a breadcrumb returns, until the list is left without one', () => {
    recordSearch('/orgs/1/pnps', '?view=favorites&page=2');
    expect(returnPath('/orgs/1/pnps')).toBe('/orgs/1/pnps?view=favorites&page=2');
    expect(returnPath('/orgs/1/pnps/')).toBe('/orgs/1/pnps/?view=favorites&page=2');
    expect(returnPath('/orgs/1/tasks')).toBe('/orgs/1/tasks');
    recordSearch('/orgs/1/pnps', '');
    expect(returnPath('/orgs/1/pnps')).toBe('/orgs/1/pnps');
  });

  it('is forgotten when its user signs out, so the next person does not return to it', () => {
    setSession(nurse);
    recordSearch('/orgs/1/pnps', '?view=favorites');
    setSession(nurse);
    expect(returnPath('/orgs/1/pnps')).toBe('/orgs/1/pnps?view=favorites');
    setSession(null);
    expect(returnPath('/orgs/1/pnps')).toBe('/orgs/1/pnps');
  });
});
