import { useQuery } from '@tanstack/react-query';
import type { WorkList } from '../../../shared/api/pnp-documents';
import type { TaskList } from '../../../shared/api/tasks';
import { TaskStatus } from '../../../shared/domain/statuses';
import { http } from '../../lib/api-client';

/** How often the navigation asks again what waits for the user (a workflow step refreshes it at once). */
const WORK_COUNT_STALE_MS = 60_000;

/** What waits for the user, as the navigation shows it. Each is undefined while unknown or on failure. */
export interface WorkCounts {
  /** Drafts waiting for the user (the working list). */
  readonly drafts?: number | undefined;
  /** More drafts wait than `drafts` (the working list holds WORK_LIST_LIMIT). */
  readonly draftsCapped?: boolean | undefined;
  /** The user's open tasks, counted as far as OPEN_TASKS_PAGE's pager reaches (100). */
  readonly tasks?: number | undefined;
  /** More open tasks than `tasks` ('100+'). */
  readonly tasksCapped?: boolean | undefined;
}

/**
 * The page size of the open tasks' request. The tasks list counts ten pages past the page asked for
 * (`pagerCountReach`), so pages of one counted to 10 and the badge said '10' for any number above;
 * pages of ten count to 100, and past that the badge says '100+'.
 */
const OPEN_TASKS_PAGE = 10;

/**
 * GET o/{org}/pnp_documents?awaiting_me=true: the drafts waiting for the user, for the navigation's
 * link to the working list and its count; GET o/{org}/tasks?status=1&per_page=10: how many open
 * tasks, for the Tasks link. The keys sit under the P&P work items' and the tasks' keys, so a
 * workflow step or a task's action (which invalidate those) refreshes the counts too. The app asks
 * on its own, so a failure never takes the user away from the screen (background).
 */
export function useWorkCount(orgId: string, enabled: boolean): WorkCounts {
  const drafts = useQuery({
    queryKey: ['pnps', orgId, 'work-items', true],
    queryFn: () =>
      http.get<WorkList>(`o/${orgId}/pnp_documents`, {
        query: { awaiting_me: 'true' },
        passThrough: [403, 404],
        background: true,
      }),
    enabled,
    staleTime: WORK_COUNT_STALE_MS,
    retry: false,
  });
  const tasks = useQuery({
    queryKey: ['tasks', orgId, 'open-count'],
    queryFn: () =>
      http.get<TaskList>(`o/${orgId}/tasks`, {
        query: { status: TaskStatus.Open, per_page: OPEN_TASKS_PAGE },
        passThrough: [403, 404],
        background: true,
      }),
    enabled,
    staleTime: WORK_COUNT_STALE_MS,
    retry: false,
  });
  return {
    drafts: drafts.data?.total,
    draftsCapped: drafts.data?.total_capped,
    tasks: tasks.data?.total,
    tasksCapped: tasks.data?.total_capped,
  };
}
