import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { HstreamIdMatch } from '../../../shared/api/hstm-org-users';
import { UserEmail } from '../../../shared/api/users';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { errorsOf } from '../../lib/errors-of';
import { orgUserKeys, orgUsersApi } from './org-users-api';

const columns: TableColumn<HstreamIdMatch>[] = [
  { key: 'name', header: 'Name', render: (u) => u.name },
  { key: 'email', header: 'Email', render: (u) => u.email },
  { key: 'username', header: 'Username', render: (u) => u.username },
  { key: 'org_name', header: 'Organization', render: (u) => u.org_name },
  { key: 'status_label', header: 'Status', render: (u) => u.status_label },
  { key: 'hstream_id', header: 'hStream ID', render: (u) => u.hstream_id ?? '—' },
];

/** hstm/developer_tools/hstreamid: the org users with an e-mail and their hStream id. */
export function HstreamIdPanel() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState('');
  const query = useQuery({
    queryKey: orgUserKeys.hstream(submitted),
    queryFn: () => orgUsersApi.hstreamIdByEmail(submitted),
    enabled: submitted !== '',
  });

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const parsed = UserEmail.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSubmitted(parsed.data);
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="hStream ID lookup">
        <Group align="flex-end">
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            error={error}
            onChange={(e) => setEmail(e.currentTarget.value)}
            w={320}
          />
          <Button type="submit">Look Up</Button>
        </Group>
      </form>
      {query.isError && (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      )}
      {submitted !== '' && !query.isError && (
        <SortableTable
          label="hStream IDs"
          columns={columns}
          rows={query.data?.users ?? []}
          rowKey={(u) => u.id}
          loading={query.isFetching}
          sort={null}
          onSort={() => undefined}
          empty={{ message: `No user has the email ${submitted}.` }}
        />
      )}
    </Stack>
  );
}
