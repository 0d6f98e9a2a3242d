import { Text, Tooltip, type TextProps } from '@mantine/core';
import { truncate } from '../lib/format';

export interface TruncatedTextProps extends TextProps {
  readonly text: string | null | undefined;
  /** Characters kept before the ellipsis. */
  readonly length: number;
}

/** Spec §9 truncation; the full text is a tooltip away (hover or focus). */
export function TruncatedText({ text, length, ...props }: TruncatedTextProps) {
  const full = text ?? '';
  const short = truncate(full, length);
  if (short === full) return <Text {...props}>{full}</Text>;
  return (
    <Tooltip label={full}>
      <Text {...props} tabIndex={0} aria-label={full}>
        {short}
      </Text>
    </Tooltip>
  );
}
