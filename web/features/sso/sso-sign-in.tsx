import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { SsoTenantInfo } from '../../../shared/api/sso';
import { rememberSignInRoute } from '../auth/sign-out';

/**
 * 'Sign in with {provider}' of an organisation on single sign-on: the browser goes to our start
 * address, which sends it on to the organisation's identity provider. Sign-out then goes back
 * through the tenant page (and the IdP's own sign-out).
 */
export function SsoSignIn({ tenant, info, error }: { tenant: string; info: SsoTenantInfo; error: string | null }) {
  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" variant="light" title="Sign-in failed" role="alert">
          {error}
        </Alert>
      ) : null}
      <Text size="sm">Your organization signs you in with {info.label}.</Text>
      <Button
        size="md"
        rightSection={<IconExternalLink size={18} aria-hidden />}
        onClick={() => {
          rememberSignInRoute(tenant);
          window.location.assign(info.start_url ?? `/api/t/${encodeURIComponent(tenant)}/sso/start`);
        }}
      >
        Sign in with {info.label}
      </Button>
    </Stack>
  );
}
