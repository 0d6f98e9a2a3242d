import type { SystemMessage, SystemMessageInput, SystemMessageList } from '../../../../shared/api/system-messages';
import { http } from '../../../lib/api-client';

/** hstm/system_messages (spec §7): provider staff with the developer-tools permission. */
export const systemMessageKeys = { all: ['hstm', 'system_messages'] as const };

export const systemMessagesAdminApi = {
  list: (): Promise<SystemMessageList> => http.get<SystemMessageList>('hstm/system_messages'),
  create: (input: SystemMessageInput): Promise<SystemMessage> =>
    // Spec §8: create failures show each server error as a toast, so the form handles 422 itself.
    http.post<SystemMessage>('hstm/system_messages', { system_message: input }, { passThrough: [422] }),
  // A message another staff user deleted meanwhile (404) is said in place: the global handler would
  // leave for the error page and drop the edit being saved.
  update: ({ id, input }: { id: number; input: SystemMessageInput }): Promise<SystemMessage> =>
    http.put<SystemMessage>(`hstm/system_messages/${id}`, { system_message: input }, { passThrough: [404, 422] }),
  remove: (id: number): Promise<void> => http.delete<void>(`hstm/system_messages/${id}`, { passThrough: [404] }),
};
