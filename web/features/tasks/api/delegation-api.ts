import type { DelegateCandidateList, DelegationBody, DelegationResponse } from '../../../../shared/api/delegation';
import { http } from '../../../lib/api-client';

/** TanStack Query keys of the caller's away window (ADR 0011). */
export const delegationKeys = {
  all: (orgId: string) => ['delegation', orgId] as const,
  mine: (orgId: string) => ['delegation', orgId, 'self'] as const,
  candidates: (orgId: string, q: string) => ['delegation', orgId, 'candidates', q] as const,
};

/** GET self/delegation: the caller's active or coming away window, or null. */
export const getMyDelegation = (signal?: AbortSignal): Promise<DelegationResponse> =>
  http.get<DelegationResponse>('self/delegation', signal ? { signal } : {});

/** PUT self/delegation. A 422 lists what to fix: the form shows it, so it passes the global handler by. */
export const setMyDelegation = (body: DelegationBody): Promise<DelegationResponse> =>
  http.put<DelegationResponse>('self/delegation', body, { passThrough: [422] });

/** DELETE self/delegation: back now, the tasks stop going to the delegate. */
export const clearMyDelegation = (): Promise<void> => http.delete<void>('self/delegation');

/** GET self/delegation/candidates?q: who the caller may hand their tasks to. */
export const listDelegateCandidates = (q: string, signal?: AbortSignal): Promise<DelegateCandidateList> =>
  http.get<DelegateCandidateList>('self/delegation/candidates', {
    query: { q: q || undefined },
    ...(signal ? { signal } : {}),
  });
