import { z } from 'zod';
import { queryId, text } from './primitives';

/** GET auth/developer/sudo_login_generate_url?user_id: a one-time sign-in link for an org user. */
export const SudoLoginUrlQuery = z.object({ user_id: queryId('The user id') });
export const SudoLoginUrl = z.object({ url: z.string() });
export type SudoLoginUrl = z.infer<typeof SudoLoginUrl>;

/** POST auth/developer/sudo_login: the login-as page trades the link's token for the user's session. */
export const SudoLoginRequest = z
  .object({
    user_id: queryId('The user id'),
    token: text().trim().min(1, 'The sign-in link is not complete.').max(128),
  })
  .strict();
export type SudoLoginRequest = z.infer<typeof SudoLoginRequest>;

/** Where the browser goes once signed in as the user: that organisation's library. */
export const SudoLoginResponse = z.object({ redirect: z.string() });
export type SudoLoginResponse = z.infer<typeof SudoLoginResponse>;
