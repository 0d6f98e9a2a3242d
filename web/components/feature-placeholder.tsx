import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';

export interface FeaturePlaceholderProps {
  readonly title: string;
  readonly description?: string;
}

/**
 * The informative empty state of a screen whose feature is not built yet: the user learns what the
 * screen is for instead of meeting a blank page.
 */
export function FeaturePlaceholder({ title, description }: FeaturePlaceholderProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="feature-placeholder">
      <Stack align="center" gap="xs" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconLayoutDashboard size={28} aria-hidden />
        </ThemeIcon>
        <Badge variant="light" color="gray" mt={4}>
          Not in this release
        </Badge>
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" maw={520}>
            {description}
          </Text>
        )}
        <Text size="sm" c="dimmed" maw={520}>
          This screen is not available in this release yet. Nothing is lost: use the navigation to continue.
        </Text>
      </Stack>
    </Paper>
  );
}
