import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SEARCH_PHRASE_MAX_LENGTH } from '../../../../shared/api/library';

/** Searches the templates' names, descriptions and text. */
export function TemplateSearchForm({
  initial = '',
  onSearch,
}: {
  readonly initial?: string;
  readonly onSearch: (phrase: string) => void;
}) {
  const [phrase, setPhrase] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phrase.trim()) onSearch(phrase.trim());
  };
  return (
    <form role="search" onSubmit={submit} style={{ flex: 1, minWidth: 260, maxWidth: 560 }}>
      <TextInput
        aria-label="Search templates"
        placeholder="Search templates by name, description or content"
        value={phrase}
        maxLength={SEARCH_PHRASE_MAX_LENGTH}
        onChange={(event) => setPhrase(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search" disabled={!phrase.trim()}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
