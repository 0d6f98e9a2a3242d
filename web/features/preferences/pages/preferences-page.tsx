import { Alert, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  EMAIL_SUMMARY_FIELD_LABEL,
  EMAIL_SUMMARY_LABELS,
  EMAIL_SUMMARY_VALUES,
  type EmailSummary,
  type UserSettings,
} from '../../../../shared/api/self-settings';
import { Messages } from '../../../../shared/domain/messages';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { fetchSettings, preferencesKeys, saveSettings } from '../api/preferences-api';

const EMAIL_SUMMARY_HELP: Record<EmailSummary, string> = {
  immediately: 'An e-mail for every notification, as it happens.',
  daily: "One e-mail a day summarising the previous day's notifications.",
  none: 'No e-mails: notifications only appear under the bell.',
};

function PreferencesForm({ initial }: { readonly initial: UserSettings }) {
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<EmailSummary>(initial.ntfy_email_summary);
  const mutation = useMutation({
    mutationFn: () => saveSettings({ settings: { ntfy_email_summary: summary } }),
    onSuccess: (data) => {
      queryClient.setQueryData(preferencesKeys.settings, data);
      toasts.success(Messages.preferencesUpdated);
    },
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    mutation.mutate();
  };
  const errors = mutation.error instanceof ApiError && mutation.error.errors.length > 0 ? mutation.error.errors : null;
  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <form onSubmit={submit} aria-label="Preferences">
        <Stack gap="md">
          {errors && (
            <Alert color="red" role="alert">
              {errors.join(' ')}
            </Alert>
          )}
          <Radio.Group
            label={EMAIL_SUMMARY_FIELD_LABEL}
            description="How you hear by e-mail about your notifications (tasks, approvals, publications)."
            value={summary}
            onChange={(value) => setSummary(value)}
          >
            <Stack gap="sm" mt="xs">
              {EMAIL_SUMMARY_VALUES.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={EMAIL_SUMMARY_LABELS[value]}
                  description={EMAIL_SUMMARY_HELP[value]}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={summary === initial.ntfy_email_summary && !mutation.isError}
            >
              Save Preferences
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** self/preferences: the user's own settings (spec §2, §3 'Email Summary preferences'). */
export function PreferencesPage() {
  const query = useQuery({ queryKey: preferencesKeys.settings, queryFn: fetchSettings });
  return (
    <Page title="Preferences" subtitle="Your own settings. They apply in every organization you use.">
      {query.data ? (
        <>
          <Text size="sm" c="dimmed" maw={640}>
            Notifications always appear under the bell; these settings decide what reaches your e-mail.
          </Text>
          <PreferencesForm key={query.data.settings.ntfy_email_summary} initial={query.data.settings} />
        </>
      ) : (
        <QueryStatus query={query} title="Your preferences could not be loaded" />
      )}
    </Page>
  );
}
