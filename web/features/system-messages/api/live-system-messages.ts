import type { SystemMessageList } from '../../../../shared/api/system-messages';
import { http } from '../../../lib/api-client';

/** GET live/system_messages?current_timestamp (spec §7): the messages live at that moment. */
export function fetchLiveSystemMessages(now: number): Promise<SystemMessageList> {
  return http.get<SystemMessageList>('live/system_messages', { query: { current_timestamp: now } });
}
