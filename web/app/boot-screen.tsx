import { Center } from '@mantine/core';
import { LoadingIndicator } from '../components/loading-indicator';

/** Shown while the first route's code and session check load. */
export function BootScreen() {
  return (
    <Center mih="100dvh">
      <LoadingIndicator />
    </Center>
  );
}
