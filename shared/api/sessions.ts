import { z } from 'zod';
import { text } from './primitives';

/** GET sessions (spec §3, §7). Signed-out callers get `{ valid: false }` with the other fields empty. */
export const SessionOrg = z.object({ id: z.number().int(), name: z.string(), tenant: z.string() });
export const SessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
});
export const Session = z.object({
  valid: z.boolean(),
  org: SessionOrg.nullable(),
  current_org: z.number().int().nullable(),
  /** Space-separated staff permission numbers; '' for org users. */
  hstm: z.string(),
  admin: z.boolean(),
  p_owner: z.boolean(),
  binder_or_folder_owner: z.boolean(),
  sudo: z.boolean(),
  sudoer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The org's inactivity timeout in minutes. */
  token_timeout: z.number().int(),
  tenant: z.string().nullable(),
  pendo: z.string().nullable(),
  loggedInAt: z.string().nullable(),
  app_version: z.string(),
  isHstmUser: z.boolean(),
  user: SessionUser.nullable(),
});
export type Session = z.infer<typeof Session>;

/** POST auth/developer/login: local sign-in by username or e-mail. `tenant` scopes it to one org. */
export const LoginRequest = z
  .object({
    credentials: z
      .object({
        login: text().trim().min(1, 'Username or email is required').max(255),
        password: text().min(1, 'Password is required').max(200),
      })
      .strict(),
    tenant: text().max(64).optional(),
  })
  .strict();
export type LoginRequest = z.infer<typeof LoginRequest>;

/** GET t/{tenant}?host: what the tenant sign-in page needs. */
export const TenantInfo = z.object({
  tenant: z.string(),
  name: z.string(),
  idp_provider: z.string().nullable(),
  /** Where the browser goes to sign in: our own form for local sign-in. */
  login_url: z.string(),
});
export type TenantInfo = z.infer<typeof TenantInfo>;

export const LogoutResponse = z.object({ logoutUrl: z.string() });
export const UrlResponse = z.object({ url: z.string() });
