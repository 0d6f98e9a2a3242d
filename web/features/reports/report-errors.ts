import { ApiError } from '../../lib/api-client';

/** The server's sentences of a refused request (a 422 lists every problem), or `fallback`. */
export function errorsOf(error: unknown, fallback: string): readonly string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  if (error instanceof ApiError && error.status === 404)
    return ['This report item was not found, or it is outside what you may see.'];
  if (error instanceof ApiError && error.status === 403) return ['You may not see this report.'];
  return [fallback];
}
