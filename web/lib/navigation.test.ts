import { describe, expect, it } from 'vitest';
import { isLoginScreen, isPublicPath } from './navigation';

describe('login screen detection', () => {
  it('is the login screen when the last segment starts with login', () => {
    expect(isLoginScreen('/login')).toBe(true);
    expect(isLoginScreen('/login/')).toBe(true);
    expect(isLoginScreen('/t/demo/login_sso')).toBe(true);
    expect(isLoginScreen('/t/demo')).toBe(false);
    expect(isLoginScreen('/orgs/1/pnps')).toBe(false);
    expect(isLoginScreen('/hstm/login_as/4/Nora')).toBe(false);
    expect(isLoginScreen('/')).toBe(false);
  });

  it('knows the public routes', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/error/404')).toBe(true);
    expect(isPublicPath('/set_password/abc')).toBe(true);
    expect(isPublicPath('/orgs/1/pnps')).toBe(false);
  });
});
