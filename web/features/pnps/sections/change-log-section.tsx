import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChangeLogTable } from '../../../components/change-log-table';
import { getPnpChangeLogs } from '../api/pnp-change-logs';
import { pnpKeys } from '../api/pnp-keys';
import { SectionRefusal } from '../components/section-refusal';
import { useDocumentContext } from '../components/document-context';
import { SubNav } from '../components/sub-nav';

/** pnp_info/changelog: every change made to the P&P and its versions (spec §3 deltas and labels). */
export function ChangeLogSection() {
  const { orgId, pnp } = useDocumentContext();
  const query = useQuery({
    queryKey: pnpKeys.changeLogs(orgId, String(pnp.id)),
    queryFn: () => getPnpChangeLogs(orgId, pnp.id),
  });
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="sm">
      <SubNav group="pnp_info" label="P&P info" />
      <Title order={2} size="h4">
        Change Log
      </Title>
      <ChangeLogTable
        entries={query.data?.change_logs ?? []}
        truncated={query.data?.truncated}
        loading={query.isPending}
      />
    </Stack>
  );
}
