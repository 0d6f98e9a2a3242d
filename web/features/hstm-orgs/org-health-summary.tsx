import { Alert, Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORG_HEALTH_WINDOW_DAYS, type OrgHealth } from '../../../shared/api/hstm-orgs';
import { formatMessageDateTime } from '../../../shared/domain/dates';
import { orgKeys, orgsApi } from './orgs-api';

interface Figure {
  readonly label: string;
  readonly value: string;
  readonly hint: string;
  /** Worth a second look: shown in the danger colour with a word that says so (not colour alone). */
  readonly warn: boolean;
}

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);

function syncFigure(sync: OrgHealth['last_sync']): Figure {
  if (!sync) return { label: 'Last sync', value: 'Never', hint: 'No directory sync has run.', warn: false };
  const when = formatMessageDateTime(sync.finished_at ?? sync.created_at);
  const source = sync.kind === 'hlc' ? 'hStream - HLC' : 'Azure';
  if (sync.status === 'failed')
    return {
      label: 'Last sync',
      value: 'Failed',
      hint: `${source}, ${when}: ${sync.error ?? 'no reason given'}`,
      warn: true,
    };
  if (sync.status !== 'done')
    return { label: 'Last sync', value: 'In progress', hint: `${source}, started ${when}`, warn: false };
  return {
    label: 'Last sync',
    value: 'Completed',
    hint: `${source}, ${when}: ${sync.created_count} created, ${sync.updated_count} updated, ${sync.deactivated_count} deactivated`,
    warn: false,
  };
}

function figuresOf(health: OrgHealth): Figure[] {
  const days = ORG_HEALTH_WINDOW_DAYS;
  return [
    {
      label: `Active in the last ${days} days`,
      value: `${health.users_active_recently} of ${health.users_active}`,
      hint: 'Active users who signed in.',
      warn: health.users_active > 0 && health.users_active_recently === 0,
    },
    {
      label: 'P&Ps overdue for review',
      value: String(health.pnps_overdue_for_review),
      hint: 'Published versions past their review date.',
      warn: health.pnps_overdue_for_review > 0,
    },
    {
      label: `Open tasks older than ${days} days`,
      value: String(health.tasks_open_older),
      hint: 'Work waiting on someone for a month or more.',
      warn: health.tasks_open_older > 0,
    },
    {
      label: 'Acknowledgement completion',
      value: percent(health.acks_completed, health.acks_assigned),
      hint: `${health.acks_completed} of ${health.acks_assigned} readers of open read acknowledgements.`,
      warn: false,
    },
    syncFigure(health.last_sync),
  ];
}

/** Issue 14 beyond the spec: an organisation's health at a glance, above its sections. */
export function OrgHealthSummary({ orgId }: { readonly orgId: number }) {
  const query = useQuery({ queryKey: orgKeys.health(orgId), queryFn: () => orgsApi.health(orgId) });
  if (query.isError) return <Alert color="red">The organization's health could not be loaded.</Alert>;
  const figures = query.data ? figuresOf(query.data) : null;
  return (
    <section aria-label="Organization health" aria-busy={query.isPending}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm">
        {(figures ?? [null, null, null, null, null]).map((figure, index) => (
          <Card key={figure?.label ?? index} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {figure?.label ?? 'Loading…'}
            </Text>
            <Text
              fz={22}
              fw={700}
              c={figure?.warn ? 'red.8' : undefined}
              aria-label={figure ? `${figure.label}: ${figure.value}` : undefined}
            >
              {figure?.value ?? '…'}
            </Text>
            <Text size="xs" c="dimmed">
              {figure?.hint}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
