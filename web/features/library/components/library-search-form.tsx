import { ActionIcon, Button, Flex, TextInput } from '@mantine/core';
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
    // Side by side on a phone the box was left about 150 px beside Advanced Search, too narrow to
    // type in: below the xs breakpoint the two stack, each the row's full width (stretched); from
    // xs up they stay on one line as before. Media queries, so the first paint is already right.
    <Flex
      component="form"
      role="search"
      onSubmit={submit}
      gap="xs"
      direction={{ base: 'column', xs: 'row' }}
      align={{ base: 'stretch', xs: 'center' }}
      style={{ flex: 1, minWidth: 260 }}
    >
      <TextInput
        aria-label="Search the library"
        placeholder="Search P&Ps by name, location, description or content"
        value={phrase}
        maxLength={SEARCH_PHRASE_MAX_LENGTH}
        onChange={(event) => setPhrase(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        flex={{ base: 'none', xs: 1 }}
        // A box narrower than the placeholder (a phone) ends it with an ellipsis, not a cut word.
        styles={{ input: { textOverflow: 'ellipsis' } }}
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label="Search" disabled={!phrase.trim()}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
      <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={onAdvanced}>
        Advanced Search
      </Button>
    </Flex>
  );
}
