import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Messages } from '../../shared/domain/messages';
import { useGlobalLoading } from '../lib/loader';

/** Spec §2: 'Loading Records...' and 'Please wait.' */
export function LoadingIndicator({ compact = false }: { readonly compact?: boolean }) {
  if (compact) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm">{Messages.loadingTitle}</Text>
      </Group>
    );
  }
  return (
    <Stack align="center" gap={6} py="xl" role="status" aria-live="polite" data-testid="loading-indicator">
      <Loader size="md" />
      <Text fw={600}>{Messages.loadingTitle}</Text>
      <Text size="sm" c="dimmed">
        {Messages.loadingSubtitle}
      </Text>
    </Stack>
  );
}

/**
 * A thin bar at the top of the window while any request runs (the loader count is above zero).
 * It waits a moment before showing so that quick requests do not flicker it.
 */
export function GlobalLoadingBar() {
  const loading = useGlobalLoading();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), 200);
    return () => window.clearTimeout(timer);
  }, [loading]);
  return (
    <Box
      aria-hidden
      data-testid="global-loading-bar"
      data-active={loading || undefined}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: 2000,
        pointerEvents: 'none',
        opacity: visible ? 1 : 0,
        transition: 'opacity 150ms ease',
        background:
          'linear-gradient(90deg, var(--mantine-color-tenet-3), var(--mantine-color-tenet-7), var(--mantine-color-tenet-3))',
        backgroundSize: '200% 100%',
        animation: visible ? 'tenet-loading-slide 1.2s linear infinite' : undefined,
      }}
    />
  );
}
