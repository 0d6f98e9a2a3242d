import { Group, Loader, NativeSelect, Paper, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_SUMMARY_FIELD_LABEL,
  EMAIL_SUMMARY_LABELS,
  EMAIL_SUMMARY_VALUES,
  type EmailSummary,
  type SelfSettingsResponse,
} from '../../../../shared/api/self-settings';
import { Messages } from '../../../../shared/domain/messages';
import { toasts } from '../../../lib/alerts';
import { notificationKeys, notificationsApi } from '../api/notifications-api';

const isEmailSummary = (value: string): value is EmailSummary =>
  (EMAIL_SUMMARY_VALUES as readonly string[]).includes(value);

/** 'Email Summary preferences' (spec §3): every notification by e-mail at once, a daily summary, or none. */
export function EmailSummaryPreference() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.settings, queryFn: notificationsApi.settings });
  const save = useMutation({
    mutationFn: (value: EmailSummary) => notificationsApi.saveSettings({ settings: { ntfy_email_summary: value } }),
    onSuccess: (data: SelfSettingsResponse) => {
      queryClient.setQueryData(notificationKeys.settings, data);
      toasts.success(Messages.preferencesUpdated);
    },
  });
  const value = save.isPending ? save.variables : query.data?.settings.ntfy_email_summary;
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={EMAIL_SUMMARY_FIELD_LABEL}
          description="How your notifications reach you by e-mail."
          data={EMAIL_SUMMARY_VALUES.map((v) => ({ value: v, label: EMAIL_SUMMARY_LABELS[v] }))}
          value={value ?? ''}
          disabled={query.isPending || save.isPending}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isEmailSummary(next)) save.mutate(next);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        {save.isPending && (
          <Group gap={6} pb={8}>
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Saving…
            </Text>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
