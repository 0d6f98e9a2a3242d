import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import type { PnpDocument } from '../../../../shared/api/pnp-documents';

type StepState = PnpDocument['progress'][number]['state'];

/** What a screen reader hears after each stage's name: the state the marker and colour show. */
const STATE_WORDS: Record<StepState, string> = {
  done: '(completed)',
  current: '(current stage)',
  upcoming: '(not started)',
  skipped: '(skipped)',
};

function StepMarker({ state, number }: { readonly state: StepState; readonly number: number }) {
  if (state === 'done') {
    return (
      <ThemeIcon size={26} radius="xl" aria-hidden>
        <IconCheck size={14} />
      </ThemeIcon>
    );
  }
  if (state === 'skipped') {
    return (
      <ThemeIcon size={26} radius="xl" color="gray" variant="light" aria-hidden>
        <IconPlayerSkipForward size={14} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon
      size={26}
      radius="xl"
      variant={state === 'current' ? 'outline' : 'light'}
      color={state === 'current' ? undefined : 'gray'}
      aria-hidden
    >
      <Text size="xs" fw={700} span>
        {number}
      </Text>
    </ThemeIcon>
  );
}

/**
 * The draft's stage and approval steps: Authoring, Reviewing, each approval step with approvers,
 * Publishing, Active. A stage with nobody to act is shown as skipped. An ordered list rather than
 * a stepper of buttons: the stages are a record to read, not controls, and a screen reader hears
 * each stage's name with its state and the current one marked as the current step.
 */
export function WorkflowProgress({ document }: { readonly document: PnpDocument }) {
  const steps = document.progress;
  if (steps.length === 0) return null;
  return (
    <Box
      component="ol"
      aria-label="Workflow progress"
      data-testid="workflow-progress"
      m={0}
      p={0}
      style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)' }}
    >
      {steps.map((step, index) => (
        <Box
          component="li"
          key={step.key}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <Group gap="xs" wrap="nowrap" align="center">
            <StepMarker state={step.state} number={index + 1} />
            <div>
              <Text
                component="div"
                size="sm"
                fw={step.state === 'current' ? 700 : 500}
                c={step.state === 'upcoming' ? 'dimmed' : undefined}
              >
                <span>{step.label}</span>
                <VisuallyHidden component="span">{` ${STATE_WORDS[step.state]}`}</VisuallyHidden>
              </Text>
              {step.state === 'skipped' || step.state === 'current' ? (
                <Text component="div" size="xs" c="dimmed" aria-hidden>
                  {step.state === 'skipped' ? 'Skipped' : 'Current'}
                </Text>
              ) : null}
            </div>
          </Group>
        </Box>
      ))}
    </Box>
  );
}
