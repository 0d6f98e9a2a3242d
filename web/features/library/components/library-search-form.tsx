import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SEARCH_PHRASE_MAX_LENGTH } from '../../../../shared/api/library';

export interface LibrarySearchFormProps {
  readonly initial?: string;
  readonly onSearch: (phrase: string) => void;
  readonly onAdvanced: () => void;
}

/** The library's search box (name, location, description and the documents' text) and the advanced search. */
export function LibrarySearchForm({ initial = '', onSearch, onAdvanced }: LibrarySearchFormProps) {
  const [phrase, setPhrase] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phrase.trim()) onSearch(phrase.trim());
  };
  return (
    <Group component="form" role="search" onSubmit={submit} gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 260 }}>
      <TextInput
        aria-label="Search the library"
        placeholder="Search P&Ps by name, location, description or content"
        value={phrase}
        maxLength={SEARCH_PHRASE_MAX_LENGTH}
        onChange={(event) => setPhrase(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        style={{ flex: 1 }}
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search" disabled={!phrase.trim()}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
      <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={onAdvanced}>
        Advanced Search
      </Button>
    </Group>
  );
}
