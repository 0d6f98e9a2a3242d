import { Badge, Button, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChartPie, IconChevronRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { REPORT_GROUP_COLOURS, REPORTS, type ReportGroup } from '../route-table/report-routes';

const GROUPS: ReportGroup[] = ['By Versions', 'By Users and User Groups', 'Miscellaneous'];

/** orgs/{orgId}/reports: the report catalogue, one colour per report group (spec §2). */
export function ReportsCataloguePage() {
  const { orgId = '' } = useParams();
  return (
    <Page
      subtitle="Choose a report. Each opens with filters for roles, statuses, groups and date ranges."
      actions={
        // The dashboard's charts open these reports, filtered; from here, the way back to them.
        <Button
          component={Link}
          to={`/orgs/${orgId}/reporting_dashboard`}
          variant="default"
          leftSection={<IconChartPie size={16} aria-hidden />}
        >
          Reporting Dashboard
        </Button>
      }
    >
      <Stack gap="xl">
        {GROUPS.map((group) => {
          const colour = REPORT_GROUP_COLOURS[group];
          return (
            <section key={group} aria-labelledby={`report-group-${colour}`}>
              <Title order={2} size="h4" mb="sm" id={`report-group-${colour}`}>
                {group}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {REPORTS.filter((r) => r.group === group).map((report) => (
                  <UnstyledButton key={report.path} component={Link} to={report.path} aria-label={report.name}>
                    <Card
                      withBorder
                      radius="md"
                      padding="lg"
                      h="100%"
                      style={{ borderTop: `4px solid var(--mantine-color-${colour}-7)` }}
                    >
                      <Badge color={colour} variant="light" size="sm" mb="xs">
                        {group}
                      </Badge>
                      <Text fw={600} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        {report.name} <IconChevronRight size={16} aria-hidden />
                      </Text>
                      <Text size="sm" c="dimmed" mt={4}>
                        {report.description}
                      </Text>
                    </Card>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </section>
          );
        })}
      </Stack>
    </Page>
  );
}
