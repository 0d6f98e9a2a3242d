import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ssoErrorMessage } from '../../../shared/api/sso';
import { IDP_PROVIDER_LABELS, type IdpProvider } from '../../../shared/domain/statuses';
import { sessionApi } from '../../features/auth/api/session-api';
import { LoginForm } from '../../features/auth/components/login-form';
import { ssoApi } from '../../features/sso/sso-api';
import { SsoSignIn } from '../../features/sso/sso-sign-in';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { takeReturnPath } from '../../lib/return-path';
import { homePath } from '../../lib/session-flags';
import { rememberedOrgId } from '../../lib/session-store';

const isExternal = (url: string): boolean => /^https?:\/\//.test(url) && !url.startsWith(window.location.origin);

/**
 * Tenant sign-in (spec §2 't/{tenant}'): the organisation's own sign-in page. Organisations on
 * single sign-on get 'Sign in with {provider}'; the others (our own identity provider) the
 * password form. A refused single sign-on comes back here with `sso_error`, shown as a sentence.
 */
export function TenantLoginPage() {
  const { tenant = '' } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ssoError = ssoErrorMessage(search.get('sso_error'));
  const query = useQuery({ queryKey: ['tenant', tenant], queryFn: () => sessionApi.tenant(tenant) });
  const sso = useQuery({
    queryKey: ['tenant', tenant, 'sso'],
    queryFn: () => ssoApi.tenant(tenant),
    enabled: query.isSuccess,
  });
  useEffect(() => {
    document.title = query.data ? `Sign in to ${query.data.name} · Tenet` : 'Sign in · Tenet';
  }, [query.data]);

  if (query.isPending || (query.isSuccess && sso.isPending)) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <LoadingIndicator />
      </Paper>
    );
  }
  if (query.isError || !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={1} size="h3">
            {notFound ? 'Organization not found' : 'Sign-in is unavailable'}
          </Title>
          <Text size="sm">
            {notFound
              ? `There is no organization with the sign-in address “${tenant}”. Check the address you were given.`
              : 'We could not load this sign-in page. Please try again in a moment.'}
          </Text>
          <Button component={Link} to="/login" variant="light" mt="xs">
            Go to the sign-in page
          </Button>
        </Stack>
      </Paper>
    );
  }

  const info = query.data;
  const idpLabel = info.idp_provider
    ? (IDP_PROVIDER_LABELS[info.idp_provider as IdpProvider] ?? info.idp_provider)
    : null;
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed">
            Sign in to
          </Text>
          <Title order={1} size="h2" fw={650} data-testid="tenant-name">
            {info.name}
          </Title>
        </div>
        {sso.data?.sso ? (
          <SsoSignIn tenant={info.tenant} info={sso.data} error={ssoError} />
        ) : isExternal(info.login_url) ? (
          <Button
            size="md"
            rightSection={<IconExternalLink size={18} aria-hidden />}
            onClick={() => window.location.assign(info.login_url)}
          >
            Continue with {idpLabel ?? 'your organization'}
          </Button>
        ) : (
          <>
            {ssoError ? (
              <Alert color="red" variant="light" title="Sign-in failed" role="alert">
                {ssoError}
              </Alert>
            ) : null}
            <LoginForm
              tenant={info.tenant}
              onSignedIn={(session) =>
                void navigate(takeReturnPath() ?? homePath(session, rememberedOrgId()), { replace: true })
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
