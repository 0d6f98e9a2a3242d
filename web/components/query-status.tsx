import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { errorsOf, formErrorsOf } from '../lib/errors-of';
import { LoadFailedAlert } from './load-failed-alert';
import { LoadingIndicator } from './loading-indicator';

/** What QueryStatus reads of a TanStack Query result (`useQuery`, one of `useQueries`). */
export interface QueryStatusSource {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  readonly isFetching: boolean;
  readonly refetch: () => Promise<unknown>;
}

export interface QueryStatusProps {
  /** The load, or the loads a screen needs together. */
  readonly query: QueryStatusSource | readonly QueryStatusSource[];
  /** What could not be had: 'The P&P could not be loaded'. */
  readonly title: string;
  /** The small loading line, for a popover or a dialog. */
  readonly compact?: boolean;
  /** A further line under the failure, such as another way to the same thing. */
  readonly children?: ReactNode;
}

/** The request never reached the server, or its answer never came back (status 0). */
const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/**
 * What a failed load says in place: the server's sentences, or none when a toast already said them.
 * A network failure has no toast (the client passes status 0 through), so it always says something.
 */
export function loadFailureMessages(error: unknown): readonly string[] {
  const messages = formErrorsOf(error);
  return messages.length === 0 && isNetworkFailure(error) ? errorsOf(error) : messages;
}

/**
 * Where a screen's data would be while it has none: the loading indicator while the first answer is
 * on its way, a failed load with a way to ask again (never a blank or empty-looking screen once the
 * failure's toast has gone), else nothing. A failure says itself before a load still pending.
 */
export function QueryStatus({ query, title, compact = false, children }: QueryStatusProps) {
  const queries = ([] as QueryStatusSource[]).concat(query);
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0) {
    return (
      <LoadFailedAlert
        title={title}
        messages={[...new Set(failed.flatMap((q) => loadFailureMessages(q.error)))]}
        retrying={failed.some((q) => q.isFetching)}
        onRetry={() => {
          for (const q of failed) void q.refetch();
        }}
      >
        {children}
      </LoadFailedAlert>
    );
  }
  if (queries.some((q) => q.isPending)) return <LoadingIndicator compact={compact} />;
  return null;
}
