/**
 * During a login-as session the browser keeps the staff user's own session token here (httpOnly),
 * so that signing out of the org user's session returns to the staff session.
 */
export const SUDOER_COOKIE = 'tenet_sudoer_sid';
