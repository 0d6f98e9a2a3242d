import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * A search box with a button beside the text, as the library's own search box has: the search
 * runs from the button, on Enter, or on leaving the box, never on each letter (each search is a
 * request). The button is named as the box is, so a screen reader finds both by the same words.
 */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  mb,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  readonly maxLength: number;
  readonly mb?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = (): void => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      onBlur={apply}
      leftSection={<IconSearch size={16} aria-hidden />}
      // Mantine lets clicks through an input's sections by default; this one holds a button.
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon variant="filled" aria-label={label} onClick={apply}>
          <IconSearch size={16} aria-hidden />
        </ActionIcon>
      }
      w={260}
      mb={mb}
    />
  );
}
