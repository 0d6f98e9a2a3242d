import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ReadAckDetailPage, ReportPage } from '../../../shared/api/reporting';
import { formatDisplayDate } from '../../lib/format';
import { READ_ACK_READERS, REPORT_DEFINITIONS, type ReportDefinition } from './report-definitions';
import { ReportScreen } from './report-screen';

const pages = new Map<string, ComponentType>();

/** The route component of one report (one per definition, made once so React keeps its state). */
export function reportPageFor(path: string): ComponentType {
  const known = pages.get(path);
  if (known) return known;
  const def: ReportDefinition | undefined = REPORT_DEFINITIONS.find((d) => d.path === path);
  if (!def) throw new Error(`No report is defined for ${path}.`);
  const Screen = () => <ReportScreen def={def} />;
  Screen.displayName = `ReportPage(${path})`;
  pages.set(path, Screen);
  return Screen;
}

const isDetail = (page: ReportPage): page is ReadAckDetailPage => 'read_acknowledgement' in page;

function Fact({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.4} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} data-testid={`readack-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Stack>
  );
}

function ReadAckSummaryPanel({ page }: { readonly page: ReportPage }) {
  const { orgId = '' } = useParams();
  if (!isDetail(page)) return null;
  const ack = page.read_acknowledgement;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Read acknowledgement summary">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md" component="dl" m={0}>
        <Fact
          label="P&P"
          value={
            <Anchor component={Link} to={`/orgs/${orgId}/pnps/${ack.pnp_id}/pnp_documents/${ack.version_id}`} size="sm">
              {ack.pnp_name}
            </Anchor>
          }
        />
        <Fact label="Version" value={ack.version_number === null ? '' : String(ack.version_number)} />
        <Fact label="Status" value={ack.status_label} />
        <Fact label="Due Date" value={ack.due_dt ? formatDisplayDate(ack.due_dt) : 'None'} />
        <Fact label="Completed" value={`${ack.readers_completed} of ${ack.readers_total} readers`} />
      </SimpleGrid>
    </Paper>
  );
}

/** orgs/{orgId}/reports/read_acknowledgements/{readAcknowledgementId}: one acknowledgement and its readers. */
export function ReadAckReportPage() {
  const { readAcknowledgementId = '' } = useParams();
  return (
    <ReportScreen
      def={READ_ACK_READERS}
      readAckId={readAcknowledgementId}
      title={(page) => (page && isDetail(page) ? page.read_acknowledgement.name : 'Read Acknowledgement')}
      renderSummary={(page) => <ReadAckSummaryPanel page={page} />}
    />
  );
}
