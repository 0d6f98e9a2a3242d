import { Text } from '@mantine/core';
import type { SnippetPart } from '../../../../shared/api/library';

/** Where the words were found in the template (features do not import each other, hence its own copy): plain text with the found words marked (never HTML from the server). */
export function TemplateSnippet({ parts }: { readonly parts: readonly SnippetPart[] }) {
  return (
    <Text size="sm" c="dark.4" data-testid="search-snippet">
      …
      {parts.map((part, index) =>
        part.highlight ? (
          <mark key={index} style={{ background: 'var(--mantine-color-yellow-2)', padding: '0 2px', borderRadius: 2 }}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      …
    </Text>
  );
}
