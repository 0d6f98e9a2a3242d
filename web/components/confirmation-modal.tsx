import { Button, Checkbox, Group, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

export type ConfirmationTheme = 'danger' | 'warning' | 'primary';

export interface ConfirmationOptions {
  readonly title: string;
  readonly content: ReactNode;
  readonly subText?: ReactNode;
  /** An optional checkbox whose state the action receives (e.g. "also apply to sub-folders"). */
  readonly checkboxLabel?: string;
  readonly actionLabel: string;
  readonly cancelLabel?: string;
  readonly theme?: ConfirmationTheme;
  readonly icon?: ReactNode;
  /** Closes the question unanswered (null) when aborted: what it asked about was settled otherwise. */
  readonly signal?: AbortSignal;
}

export interface ConfirmationResult {
  readonly checked: boolean;
}

const THEME_COLOUR: Record<ConfirmationTheme, MantineColor> = { danger: 'red', warning: 'orange', primary: 'tenet' };
const THEME_ICON: Record<ConfirmationTheme, ReactNode> = {
  danger: <IconTrash size={20} aria-hidden />,
  warning: <IconAlertTriangle size={20} aria-hidden />,
  primary: <IconInfoCircle size={20} aria-hidden />,
};

function ConfirmationBody({
  options,
  onDone,
}: {
  readonly options: ConfirmationOptions;
  readonly onDone: (result: ConfirmationResult | null) => void;
}) {
  const [checked, setChecked] = useState(false);
  const theme = options.theme ?? 'primary';
  const colour = THEME_COLOUR[theme];
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon color={colour} variant="light" size={40} radius="xl">
          {options.icon ?? THEME_ICON[theme]}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Text size="sm">{options.content}</Text>
          {options.subText && (
            <Text size="sm" c="dimmed">
              {options.subText}
            </Text>
          )}
          {options.checkboxLabel && (
            <Checkbox
              mt={4}
              label={options.checkboxLabel}
              checked={checked}
              onChange={(event) => setChecked(event.currentTarget.checked)}
            />
          )}
        </Stack>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDone(null)}>
          {options.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={colour} onClick={() => onDone({ checked })} data-autofocus>
          {options.actionLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Spec §2: the confirmation modal. Resolves with the checkbox state when the action is chosen, or
 * null when cancelled or dismissed (navigation dismisses every open modal, spec §4).
 */
export function confirm(options: ConfirmationOptions): Promise<ConfirmationResult | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: ConfirmationResult | null): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const id = modals.open({
      title: <Text fw={600}>{options.title}</Text>,
      onClose: () => settle(null),
      children: (
        <ConfirmationBody
          options={options}
          onDone={(result) => {
            settle(result);
            modals.close(id);
          }}
        />
      ),
    });
    options.signal?.addEventListener('abort', () => {
      settle(null);
      modals.close(id);
    });
  });
}
