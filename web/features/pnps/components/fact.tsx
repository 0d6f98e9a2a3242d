import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of a details panel. */
export function Fact({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" className="tenet-wrap-anywhere">
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}
