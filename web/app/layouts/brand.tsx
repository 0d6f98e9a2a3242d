import { Group, Text } from '@mantine/core';

/** The product mark: a calm square with a T, and the name. */
export function Brand({ subtitle }: { readonly subtitle?: string }) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-tenet-8)" />
        <path d="M9 10h14v3.2h-5.4V23h-3.2v-9.8H9z" fill="#fff" />
      </svg>
      <div>
        <Text fw={700} size="lg" lh={1.1} c="gray.9">
          Tenet
        </Text>
        {subtitle && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {subtitle}
          </Text>
        )}
      </div>
    </Group>
  );
}
