import { Button, Group, Stepper, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** The wizards of spec §2 and their steps, named once. */
export const WizardSteps = {
  pnpFromTemplate: ['P&P Details', 'Document Details'],
  pnpFromFile: ['P&P Details', 'File Upload & Document Details'],
  readAcknowledgement: ['General Info & Settings', 'Readers', 'Review & Save'],
  reassignment: ['Reassignment Type', 'Users', 'Versions and Roles', 'Items', 'Confirmation'],
} as const;

export interface WizardStepperProps {
  readonly steps: readonly string[];
  /** 0-based index of the step shown. */
  readonly active: number;
  /** Lets the user go back to a completed step by clicking it. */
  readonly onStepClick?: (index: number) => void;
  readonly children?: ReactNode;
}

/** "Step 2 of 3: Readers": what the live region says when a step is shown. */
export const stepAnnouncement = (steps: readonly string[], active: number): string =>
  `Step ${Math.min(active, steps.length - 1) + 1} of ${steps.length}: ${steps[Math.min(active, steps.length - 1)] ?? ''}`;

/**
 * A wizard's progress: completed, current and upcoming steps, with the current step's content.
 * The step shown is marked current and said aloud when it changes: Next leaves focus on its button,
 * so a screen-reader user would otherwise not hear that the form below is a new one.
 */
export function WizardStepper({ steps, active, onStepClick, children }: WizardStepperProps) {
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {stepAnnouncement(steps, active)}
      </VisuallyHidden>
      <Stepper
        active={active}
        onStepClick={onStepClick}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={30}
        wrap
        aria-label="Progress"
      >
        {steps.map((label, index) => (
          <Stepper.Step key={label} label={label} aria-current={index === active ? 'step' : undefined}>
            {children}
          </Stepper.Step>
        ))}
      </Stepper>
    </>
  );
}

export interface WizardActionsProps {
  readonly active: number;
  readonly stepCount: number;
  readonly onBack: () => void;
  readonly onNext: () => void;
  readonly onCancel?: () => void;
  readonly finishLabel?: string;
  readonly nextDisabled?: boolean;
  readonly busy?: boolean;
}

/** Back / Next (Finish on the last step) / Cancel, in one consistent place for every wizard. */
export function WizardActions({
  active,
  stepCount,
  onBack,
  onNext,
  onCancel,
  finishLabel = 'Save',
  nextDisabled = false,
  busy = false,
}: WizardActionsProps) {
  const last = active >= stepCount - 1;
  return (
    <Group justify="space-between" mt="lg">
      <Group gap="sm">
        {onCancel && (
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
      <Group gap="sm">
        <Button variant="default" onClick={onBack} disabled={active === 0}>
          Back
        </Button>
        <Button onClick={onNext} disabled={nextDisabled} loading={busy}>
          {last ? finishLabel : 'Next'}
        </Button>
      </Group>
    </Group>
  );
}
