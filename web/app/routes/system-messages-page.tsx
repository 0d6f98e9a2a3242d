import { SystemMessageList } from '../../features/system-messages/components/system-message-list';

/** hstm/developer_tools/system_messages. */
export function SystemMessagesPage() {
  return <SystemMessageList />;
}
