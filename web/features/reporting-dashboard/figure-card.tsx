import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DashBucket, DashFigureResult } from '../../../shared/api/reporting';
import { LoadingIndicator } from '../../components/loading-indicator';
import { NoRecordsPanel } from '../../components/no-records-panel';
import { nounInSentence } from '../reports/report-query';
import { errorsOf } from '../../lib/errors-of';

export interface FigureCardProps {
  readonly title: string;
  /** One sentence under the title: what is counted. */
  readonly description: string;
  readonly query: UseQueryResult<DashFigureResult>;
  /** The header of the first table column (Stage, Status, Month). */
  readonly category: string;
  /** What the numbers count (Versions, P&Ps), the second column's header and the chart's series. */
  readonly counted: string;
  /** Plural noun of the empty state: 'No {items} to show'. */
  readonly items: string;
  readonly emptyMessage: string;
  /** The report screen (with its filters) behind one bar. */
  readonly hrefFor: (bucket: DashBucket) => string;
  /** A control above the chart, e.g. the period. */
  readonly control?: ReactNode;
  /** A line under the chart, e.g. the overdue reviews. */
  readonly footnote?: ReactNode;
  /** Whether the figure's table is shown ('Show table'): the dashboard keeps it in the address. */
  readonly showTable: boolean;
  readonly onToggleTable: () => void;
}

/** The chart's accessible summary: every bar's label and value, and the total. */
export function summarise(title: string, counted: string, figure: DashFigureResult): string {
  const bars = figure.buckets.map((bucket) => `${bucket.label} ${bucket.count}`).join(', ');
  return `${title} (${nounInSentence(counted)}): ${bars}; total ${figure.total}.`;
}

/**
 * One dashboard figure in a card: a bar chart with its values written on the bars, and beside it
 * (the 'Show table' toggle) the same numbers in a table whose rows link to the report, so the figure
 * reads without colour and every click-through is reachable by keyboard.
 */
export function FigureCard({
  title,
  description,
  query,
  category,
  counted,
  items,
  emptyMessage,
  hrefFor,
  control,
  footnote,
  showTable,
  onToggleTable,
}: FigureCardProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const tableId = useId();
  const figure = query.data;

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" role="alert" variant="light" title={`${title} could not be loaded`}>
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  } else if (!figure) {
    body = <LoadingIndicator compact />;
  } else if (figure.total === 0) {
    body = <NoRecordsPanel compact items={items} message={`No ${items} to show. ${emptyMessage}`} hint={false} />;
  } else {
    const dense = figure.buckets.length > 6;
    const data = figure.buckets.map((bucket) => ({ label: bucket.label, [counted]: bucket.count }));
    body = (
      <Stack gap="sm">
        <Box role="figure" aria-label={summarise(title, counted, figure)}>
          <BarChart
            h={dense ? 260 : 220}
            data={data}
            dataKey="label"
            series={[{ name: counted, color: 'tenet.6' }]}
            withBarValueLabel
            // Without a formatter this version of the chart writes empty value labels.
            valueFormatter={(value) => String(value)}
            withLegend={false}
            // Months are written slanted, each under its bar (every second or third one past two years).
            xAxisProps={
              dense
                ? { interval: Math.ceil(figure.buckets.length / 24) - 1, angle: -40, textAnchor: 'end', height: 56 }
                : undefined
            }
            gridAxis="x"
            maxBarWidth={48}
            // Room above the tallest bar for its value label.
            yAxisProps={{ allowDecimals: false, padding: { top: 18 } }}
            barProps={{
              cursor: 'pointer',
              onClick: (_item, index) => {
                const bucket = figure.buckets[index];
                if (bucket) void navigate(hrefFor(bucket));
              },
            }}
          />
        </Box>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Total: {figure.total}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={showTable ? <IconTableOff size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={onToggleTable}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
        </Group>
        {showTable && (
          <Table id={tableId} aria-label={`${title} table`} striped withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{category}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {counted}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figure.buckets.map((bucket) => (
                <Table.Tr key={String(bucket.key)}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor component={Link} to={hrefFor(bucket)} size="sm">
                      {bucket.label}
                    </Anchor>
                  </Table.Th>
                  <Table.Td ta="right">{bucket.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                <Table.Td ta="right" fw={600}>
                  {figure.total}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Box>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Box>
          {control}
        </Group>
        {body}
        {footnote}
      </Stack>
    </Card>
  );
}
