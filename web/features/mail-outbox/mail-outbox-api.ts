import type { MailOutboxList, MailOutboxMessage } from '../../../shared/api/notifications';
import { http } from '../../lib/api-client';

export const mailOutboxKeys = {
  all: ['hstm', 'mail_outbox'] as const,
  page: (page: number, perPage: number, search: string) => ['hstm', 'mail_outbox', 'page', page, perPage, search] as const,
  one: (id: number) => ['hstm', 'mail_outbox', 'message', id] as const,
};

export const mailOutboxApi = {
  list: (page: number, perPage: number, search: string): Promise<MailOutboxList> =>
    http.get<MailOutboxList>('hstm/mail_outbox', {
      query: { page, per_page: perPage, ...(search ? { search } : {}) },
    }),
  one: (id: number): Promise<MailOutboxMessage> => http.get<MailOutboxMessage>(`hstm/mail_outbox/${id}`),
};
