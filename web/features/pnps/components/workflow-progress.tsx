import { Stepper, Text } from '@mantine/core';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import type { PnpDocument } from '../../../../shared/api/pnp-documents';

/**
 * The draft's stage and approval steps as a progress stepper: Authoring, Reviewing, each approval
 * step with approvers, Publishing, Active. A stage with nobody to act is shown as skipped.
 */
export function WorkflowProgress({ document }: { readonly document: PnpDocument }) {
  const steps = document.progress;
  if (steps.length === 0) return null;
  const current = steps.findIndex((s) => s.state === 'current');
  const active = current === -1 ? steps.length : current;
  return (
    <Stepper
      active={active}
      size="xs"
      iconSize={26}
      aria-label="Workflow progress"
      data-testid="workflow-progress"
      allowNextStepsSelect={false}
    >
      {steps.map((step) => (
        <Stepper.Step
          key={step.key}
          label={step.label}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
          description={
            step.state === 'skipped' ? (
              <Text size="xs" c="dimmed">
                Skipped
              </Text>
            ) : step.state === 'current' ? (
              'Current'
            ) : undefined
          }
          completedIcon={<IconCheck size={14} aria-hidden />}
          icon={step.state === 'skipped' ? <IconPlayerSkipForward size={14} aria-hidden /> : undefined}
          color={step.state === 'skipped' ? 'gray' : undefined}
        />
      ))}
    </Stepper>
  );
}
