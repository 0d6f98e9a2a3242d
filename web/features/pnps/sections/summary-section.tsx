import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '../../../lib/format';
import { useDocumentContext } from '../components/document-context';
import { Fact } from '../components/fact';
import { PnpStatusBadge, VersionStatusBadge } from '../components/status-badges';

/** summary: the version and its workflow position at a glance, with who still has to act. */
export function SummarySection() {
  const { pnp, document } = useDocumentContext();
  const pendingReviewers = document.reviewers.filter((r) => r.decision === 'pending');
  const currentStep = document.approval_steps.find((s) => s.state === 'current');
  const waitingOn =
    document.draft_stage === 3
      ? pendingReviewers.map((r) => `${r.name} (Reviewer)`)
      : currentStep
        ? currentStep.approvers
            .filter((a) => a.decision === 'pending')
            .map((a) => `${a.name} (Approver, Step ${currentStep.step})`)
        : [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Summary
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Fact label="P&P" value={pnp.name} />
            <Fact label="P&P Status" value={<PnpStatusBadge status={pnp.status} />} />
            <Fact label="Version" value={document.version_number} />
            <Fact label="Version Status" value={<VersionStatusBadge status={document.status} />} />
            <Fact label="Stage" value={document.draft_stage_label} />
            <Fact label="Approval Step" value={document.approval_step} />
            <Fact label="Effective Date" value={formatDisplayDate(document.effective_dt)} />
            <Fact label="Review Date" value={formatDisplayDate(document.review_dt)} />
          </SimpleGrid>
          {document.status === 1 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Waiting on
              </Text>
              {waitingOn.length > 0 ? (
                <List size="sm">
                  {waitingOn.map((w) => (
                    <List.Item key={w}>{w}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  {document.draft_stage === 2
                    ? 'The authors, to submit the draft.'
                    : document.draft_stage === 5
                      ? 'An owner, to publish it.'
                      : 'Nobody.'}
                </Text>
              )}
            </Stack>
          )}
          {pnp.description && <Text size="sm">{pnp.description}</Text>}
        </Stack>
      </Paper>
    </Stack>
  );
}
