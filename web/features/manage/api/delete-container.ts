import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** DELETE o/{org}/containers/{id}?confirm=true: the container and everything inside it. */
export function deleteContainer(orgId: string, id: number, lockVersion: number): Promise<void> {
  return http.delete<void>(`o/${orgId}/containers/${id}`, {
    query: { confirm: true, lock_version: lockVersion },
    passThrough: SHOWN_HERE,
  });
}
