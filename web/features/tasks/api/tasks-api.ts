import type { TaskActionBody, TaskActionResult, TaskDueFilter, TaskList } from '../../../../shared/api/tasks';
import { http } from '../../../lib/api-client';

/** The tasks screen's filters, as the URL keeps them. */
export interface TaskFilters {
  readonly kind: string | null;
  /** '1' Open, '2' Completed, '3' Closed, 'all'. */
  readonly status: string;
  readonly due: TaskDueFilter;
  readonly days: number;
  readonly page: number;
  readonly perPage: number;
}

/** TanStack Query keys of tasks: an action invalidates every key under `all`, the count with them. */
export const taskKeys = {
  all: (orgId: string) => ['tasks', orgId] as const,
  list: (orgId: string, filters: TaskFilters) => ['tasks', orgId, 'list', filters] as const,
  openCount: (orgId: string) => ['tasks', orgId, 'open-count'] as const,
};

/** GET o/{org}/tasks with the screen's filters. */
export function listTasks(orgId: string, f: TaskFilters, signal?: AbortSignal): Promise<TaskList> {
  return http.get<TaskList>(`o/${orgId}/tasks`, {
    query: {
      kind: f.kind ?? undefined,
      status: f.status === 'all' ? undefined : f.status,
      due: f.due,
      days: f.due === 'within' ? f.days : undefined,
      page: f.page,
      per_page: f.perPage,
    },
    ...(signal ? { signal } : {}),
  });
}

/** Refusals (a closed task, a workflow rule, a role) and the server's or its gateway's failures. */
const SHOWN_IN_THE_DIALOG = [403, 404, 409, 422, 500, 502, 503, 504];

/**
 * PUT o/{org}/tasks/{id}: a task's action. A refusal or a failure is the dialog's to show with its
 * own text, beside the comment the user typed for a second try, so it passes the global handler by.
 */
export function actOnTask(orgId: string, taskId: number, body: TaskActionBody): Promise<TaskActionResult> {
  return http.put<TaskActionResult>(`o/${orgId}/tasks/${taskId}`, body, { passThrough: SHOWN_IN_THE_DIALOG });
}
