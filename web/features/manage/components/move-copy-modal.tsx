import {
  Alert,
  Button,
  Combobox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useFocusBackOnUnmount } from '../../../lib/focus-back';
import type { Destination } from '../../../../shared/api/containers';
import { fetchDestinations } from '../api/fetch-destinations';
import { manageKeys } from '../api/manage-keys';
import type { ManageItem } from '../tree/build-tree';
import { binderPlaces, destinationLabel, destinationPlace, moveCopyText } from '../tree/move-copy-text';

export type MoveCopyMode = 'move' | 'copy';

/**
 * Where the node goes: into a binder or folder (at its end), or, for a binder, the top level (null)
 * at `position` among the other binders (left out: at the end).
 */
export interface ArrangeTarget {
  readonly destination: Destination | null;
  readonly position?: number;
}

export interface MoveCopyModalProps {
  readonly orgId: string;
  readonly mode: MoveCopyMode;
  readonly item: ManageItem;
  /** The binders in their order (the node among them when it is a binder): where a binder may go. */
  readonly binders: readonly Pick<ManageItem, 'id' | 'name'>[];
  /**
   * Moves or copies the node to the chosen place; resolves true when it was done. A refusal's
   * sentences go to `onRefused` (the dialog then stays open and shows them).
   */
  readonly onConfirm: (target: ArrangeTarget, onRefused: (errors: readonly string[]) => void) => Promise<boolean>;
  readonly onClose: () => void;
}

/** The server's sentences of a failed search (403: the caller may not move or copy this node). */
const searchErrors = (error: unknown): readonly string[] =>
  error instanceof ApiError && !error.handled && error.errors.length ? error.errors : [];

/**
 * Move or copy a binder's folder or a P&P without dragging: type part of a binder or folder name,
 * choose one of the matches (searched on the server: the tree is loaded on demand), confirm. The
 * server never offers the node itself or its own folders, nor (to owners) what they do not own; a
 * move does not offer where the node is now. A binder stays at the top level: its copy goes after
 * the last binder, and a move chooses its place among the binders. A refusal stays in the dialog;
 * it cannot be closed while the change runs.
 */
export function MoveCopyModal({ orgId, mode, item, binders, onConfirm, onClose }: MoveCopyModalProps) {
  useFocusBackOnUnmount();
  const text = moveCopyText(mode, item);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<Destination | null>(null);
  const isBinder = item.item_type === 1;
  const places = isBinder ? binderPlaces(binders, item.id) : [];
  // The binder's new place (its position, as text for the select); '' until one is chosen.
  const [place, setPlace] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [pending, setPending] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const placeField = useRef<HTMLSelectElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Refused, the keyboard goes back to the field (the busy button had lost it), once it is enabled again.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || pending) return;
    // A binder's copy has no field: its button takes the keyboard back.
    (field.current ?? placeField.current ?? confirmButton.current)?.focus();
    setRefocus(false);
  }, [refocus, pending]);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const objectType = item.item_type;
  const query = useQuery({
    queryKey: manageKeys.destinations(orgId, objectType, item.id, debounced),
    queryFn: () => fetchDestinations(orgId, objectType, item.id, debounced),
    placeholderData: keepPreviousData,
    retry: false,
    // A binder goes nowhere but the top level: there is nothing to search.
    enabled: !isBinder,
  });
  const found = query.data?.destinations ?? [];
  const byId = new Map(found.map((d) => [String(d.id), d]));
  // Moving into where it is now changes nothing: that binder or folder is shown, not offered.
  const isCurrent = (d: Destination) => mode === 'move' && d.id === item.parent_id;
  const refusals = [...searchErrors(query.error), ...errors];

  const choose = (value: string) => {
    const destination = byId.get(value);
    if (!destination || isCurrent(destination)) return;
    setChosen(destination);
    setSearch(destination.name);
    setErrors([]);
    combobox.closeDropdown();
  };

  const close = () => {
    if (!pending) onClose();
  };

  // A binder's copy needs no choice (it goes after the last binder); its move, a place.
  const target: ArrangeTarget | null = isBinder
    ? mode === 'copy'
      ? { destination: null }
      : place === ''
        ? null
        : { destination: null, position: Number(place) }
    : chosen && { destination: chosen };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || pending) return;
    setErrors([]);
    setPending(true);
    let done = false;
    try {
      done = await onConfirm(target, setErrors);
    } finally {
      // Once done the page closes the dialog (this component is gone).
      if (!done) {
        setPending(false);
        setRefocus(true);
      }
    }
  };

  const options = found.map((d) => {
    const current = isCurrent(d);
    return (
      <Combobox.Option
        key={d.id}
        value={String(d.id)}
        disabled={current}
        aria-label={destinationLabel(d, current)}
        active={chosen?.id === d.id}
      >
        <Text size="sm">{d.name}</Text>
        <Text size="xs" c="dimmed">
          {destinationPlace(d, current)}
        </Text>
      </Combobox.Option>
    );
  });

  return (
    <Modal
      opened
      onClose={close}
      title={text.title}
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: pending }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{text.intro}</Text>
          {isBinder && mode === 'move' && (
            <NativeSelect
              ref={placeField}
              label="Place"
              data-autofocus
              description={
                places.length === 0 ? 'It is the only binder: there is nowhere else to place it.' : undefined
              }
              value={place}
              disabled={pending || places.length === 0}
              onChange={(event) => {
                setPlace(event.currentTarget.value);
                setErrors([]);
              }}
              data={[
                { value: '', label: 'Choose a place among the binders', disabled: true },
                ...places.map((p) => ({ value: String(p.position), label: p.label, disabled: p.current })),
              ]}
            />
          )}
          {!isBinder && (
            <Combobox store={combobox} onOptionSubmit={choose}>
              <Combobox.Target withExpandedAttribute>
                <TextInput
                  ref={field}
                  label="Destination"
                  data-autofocus
                  placeholder="Type part of a binder or folder name"
                  description={
                    chosen
                      ? `${text.into} ${chosen.path ? `${chosen.path} / ` : ''}${chosen.name}`
                      : 'Choose a binder or folder from the list.'
                  }
                  value={search}
                  disabled={pending}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    setChosen(null);
                    setErrors([]);
                    combobox.openDropdown();
                    combobox.resetSelectedOption();
                  }}
                  onClick={() => combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                />
              </Combobox.Target>
              <Combobox.Dropdown>
                <Combobox.Options aria-label="Matching binders and folders" mah={260} style={{ overflowY: 'auto' }}>
                  {options.length > 0 ? (
                    options
                  ) : (
                    <Combobox.Empty>
                      {query.isFetching ? 'Loading Records...' : 'No binders or folders match.'}
                    </Combobox.Empty>
                  )}
                </Combobox.Options>
                {query.data?.more && (
                  <Combobox.Footer>
                    <Text size="xs" c="dimmed">
                      More binders and folders match: type more of the name.
                    </Text>
                  </Combobox.Footer>
                )}
              </Combobox.Dropdown>
            </Combobox>
          )}
          {refusals.length > 0 && (
            <Alert color="red" variant="light" role="alert" title={text.refusedTitle}>
              <Stack gap={4}>
                {refusals.map((message) => (
                  <Text key={message} size="sm">
                    {message}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button
              ref={confirmButton}
              type="submit"
              disabled={!target}
              loading={pending}
              // A binder's copy asks nothing: the keyboard starts on the button that does it.
              data-autofocus={isBinder && mode === 'copy' ? true : undefined}
            >
              {text.action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
