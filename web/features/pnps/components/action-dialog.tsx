import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useFormGuard } from './form-guard';

export interface ActionDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message?: ReactNode;
  readonly actionLabel: string;
  readonly colour?: string;
  /** A comment box; `required` refuses an empty one (a decline needs a comment). */
  readonly comment?: { readonly label: string; readonly required?: boolean };
  /** Extra fields above the comment. */
  readonly children?: ReactNode;
  /** The action is running: it cannot be cancelled any more, so nothing offers to. */
  readonly busy?: boolean;
  readonly actionDisabled?: boolean;
  readonly onClose: () => void;
  readonly onConfirm: (comment: string) => void;
}

/** A confirmation that asks for something: a comment, a reason, dates. */
export function ActionDialog({
  opened,
  title,
  message,
  actionLabel,
  colour,
  comment,
  children,
  busy = false,
  actionDisabled,
  onClose,
  onConfirm,
}: ActionDialogProps) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  const form = useFormGuard();
  // Whatever closed the dialog (Cancel, the action done, the page), it opens next time empty.
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (!opened) {
      setText('');
      setTouched(false);
    }
  }
  const missing = comment?.required === true && text.trim() === '';
  const close = (): void => {
    if (busy) return;
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={600}>{title}</Text>}
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      // The theme's name for the button is replaced, not merged, by the component's own props.
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      <Stack gap="md" ref={form.ref}>
        {message && <Text size="sm">{message}</Text>}
        {children}
        {comment && (
          <Textarea
            label={comment.label}
            required={comment.required}
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing ? `${comment.label} is required.` : undefined}
            data-autofocus
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button
            color={colour}
            loading={busy}
            disabled={actionDisabled}
            onClick={() => {
              setTouched(true);
              if (busy || missing || form.blocked()) return;
              onConfirm(text.trim());
            }}
          >
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
