import { Alert, Anchor, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';
import { getRetireImpact } from '../api/retire-impact';
import { documentPath } from './workflow-actions';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Beyond the spec: in the retire dialog, what retiring breaks — the published P&Ps that link here
 * (named when the user may see them, counted otherwise), the read acknowledgements and open tasks it
 * cancels, and the draft in progress.
 */
export function RetireImpactPanel({ orgId, pnpId }: { readonly orgId: string; readonly pnpId: number }) {
  // Not under the P&P's own key: retiring invalidates that key while this dialog is still closing,
  // and the impact asked again of a retired P&P was a refused request (422) after every retirement.
  // Each opening asks afresh; nothing is kept once the dialog has gone.
  const query = useQuery({
    queryKey: ['retire-impact', orgId, pnpId],
    queryFn: () => getRetireImpact(orgId, pnpId),
    retry: false,
    gcTime: 0,
  });
  if (query.isPending) return <Loader size="sm" aria-label="Loading what retiring affects" />;
  if (query.isError) {
    const message =
      query.error instanceof ApiError && query.error.errors[0] ? query.error.errors[0] : Messages.unexpectedError;
    return (
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
    );
  }
  const impact = query.data.retire_impact;
  const hidden = impact.linking_pnps_total - impact.linking_pnps.length;
  return (
    <Stack gap="sm" data-testid="retire-impact">
      <section aria-label="P&Ps linking here">
        <Text size="sm" fw={600}>
          {impact.linking_pnps_total === 0
            ? 'No published P&P links to this one.'
            : `${plural(impact.linking_pnps_total, 'published P&P links', 'published P&Ps link')} to this one:`}
        </Text>
        {impact.linking_pnps.length > 0 && (
          <List size="sm">
            {impact.linking_pnps.map((p) => (
              <List.Item key={p.id}>
                {p.current_document_id ? (
                  <Anchor component={Link} to={documentPath(orgId, p.id, p.current_document_id)}>
                    {p.name}
                  </Anchor>
                ) : (
                  p.name
                )}{' '}
                <Text span size="xs" c="dimmed">
                  {p.location}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {hidden > 0 && (
          <Text size="sm">{`${plural(hidden, 'more P&P')} you do not have access to ${hidden === 1 ? 'links' : 'link'} here.`}</Text>
        )}
      </section>
      <section aria-label="Read acknowledgements cancelled">
        <Text size="sm" fw={600}>
          {impact.read_acknowledgements.length === 0
            ? 'No active read acknowledgement is cancelled.'
            : `${plural(impact.read_acknowledgements.length, 'active read acknowledgement')} ${impact.read_acknowledgements.length === 1 ? 'is' : 'are'} cancelled:`}
        </Text>
        <List size="sm">
          {impact.read_acknowledgements.map((r) => (
            <List.Item key={r.id}>{r.name}</List.Item>
          ))}
        </List>
      </section>
      <section aria-label="Tasks cancelled">
        <Text size="sm" fw={600}>
          {impact.tasks.length === 0
            ? 'No open task is cancelled.'
            : `${plural(impact.tasks.length, 'open task')} ${impact.tasks.length === 1 ? 'is' : 'are'} cancelled:`}
        </Text>
        <List size="sm">
          {impact.tasks.map((t) => (
            <List.Item key={t.id}>{`${t.kind_label}: ${t.assignee_name}`}</List.Item>
          ))}
        </List>
      </section>
      {impact.draft && (
        <Text size="sm">{`The draft in progress${impact.draft.stage_label ? ` (in ${impact.draft.stage_label})` : ''} is cancelled.`}</Text>
      )}
    </Stack>
  );
}
