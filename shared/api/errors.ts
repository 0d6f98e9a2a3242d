import { z } from 'zod';

/** Every 4xx/5xx body: human-readable sentences; `custom_error` marks errors the caller handles itself (spec §8). */
export const ErrorResponse = z.object({
  errors: z.array(z.string()),
  custom_error: z.string().optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Cookie and header of the cross-site request protection (spec §7). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'tenet_sid';
export const REQUEST_ID_HEADER = 'x-request-id';
/** All API paths sit under this root. */
export const API_ROOT = '/api';
