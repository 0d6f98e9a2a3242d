import { Box, Center, Container, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { AlertsArea } from '../../components/alert-views';
import { SystemMessageBanners } from '../../features/system-messages/components/system-message-banners';
import { Brand } from './brand';

/** Sign-in, tenant sign-in and error pages: a quiet centred column with the system banners on top. */
export function PublicLayout() {
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-tenet-0), transparent 60%), linear-gradient(180deg, #f7f9fc 0%, #eef2f8 100%)',
      }}
    >
      <Container size={480} py={{ base: 32, sm: 64 }}>
        <Stack gap="lg">
          <Center>
            <Brand subtitle="Policy & procedure management" />
          </Center>
          <SystemMessageBanners />
          <AlertsArea />
          <Box component="main" id="main-content">
            <Outlet />
          </Box>
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getUTCFullYear()} Tenet · Version {__APP_VERSION__}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
