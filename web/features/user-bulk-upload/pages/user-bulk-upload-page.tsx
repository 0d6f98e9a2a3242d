import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  USER_SHEET_COLUMNS,
  USER_UPLOAD_MAX_BYTES,
  type UserBulkUploadFailure,
} from '../../../../shared/api/user-bulk-uploads';
import { BULK_UPLOAD_LOADER_STOP_MS } from '../../../../shared/domain/limits';
import { Messages } from '../../../../shared/domain/messages';
import { Page } from '../../../components/page';
import { alerts } from '../../../lib/alerts';
import { loader } from '../../../lib/loader';
import { templateUrl, uploadUsers, userBulkUploadKeys, type UploadOutcome } from '../api/user-bulk-uploads-api';
import { moreProblemsMessage } from '../components/more-problems';
import { showErrors } from '../../../lib/show-errors';
import { onDownloadClick } from '../../../lib/checked-download';

/** A refused file's problems shown on the users route; past this many, the history has the rest. */
const MAX_PROBLEMS_SHOWN = 50;

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * orgs/{orgId}/users/bulk_upload: download the template, choose a CSV or XLSX file and upload it.
 * Every row is checked; a file with any problem imports nothing and each problem is listed by row
 * and column. After an upload the loader stops after 3500 ms and the warning of spec §8 appears.
 */
export function UserBulkUploadPage() {
  const { orgId = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        loader.stop();
      }
    },
    [],
  );
  const usersPath = `/orgs/${orgId}/users`;

  // Spec §8: a refused upload returns to the users route, each error a danger message there.
  const refused = (failure: UserBulkUploadFailure): void => {
    const { errors } = failure;
    for (const error of errors.slice(0, MAX_PROBLEMS_SHOWN)) alerts.danger(error, { scope: 'next', sticky: true });
    if (errors.length > MAX_PROBLEMS_SHOWN) {
      alerts.danger(moreProblemsMessage(failure, MAX_PROBLEMS_SHOWN), { scope: 'next', sticky: true });
    }
    void navigate(usersPath);
  };

  const upload = async (): Promise<void> => {
    if (!file) return;
    setRunning(true);
    setOutcome(null);
    loader.start();
    let result: UploadOutcome | null = null;
    try {
      result = await uploadUsers(orgId, file);
      if (result.ok) setOutcome(result);
      else refused(result.failure);
    } catch (error) {
      // Not a refusal of the file (those come back as a result): the upload itself failed. Said, so
      // that the spinner stopping is not mistaken for success; the file stays chosen to try again.
      showErrors(error);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: userBulkUploadKeys.history(orgId) });
      timer.current = window.setTimeout(() => {
        timer.current = null;
        loader.stop();
        if (result?.ok) alerts.warning(Messages.userBulkUploadWarning);
      }, BULK_UPLOAD_LOADER_STOP_MS);
    }
  };

  return (
    <Page
      title="Bulk Upload"
      actions={
        <Anchor component={Link} to={`/orgs/${orgId}/users/import_history`}>
          Import History
        </Anchor>
      }
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} component="h2" size="md">
              1. Download the template
            </Text>
            <Text size="sm" c="dimmed">
              Columns: {USER_SHEET_COLUMNS.join(', ')}. First Name, Last Name, Email and Username are required; Admin
              and Policy Owner are Yes or No; Groups are existing group names separated by semicolons. A row whose Email
              is an existing user&apos;s updates that user.
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href={templateUrl(orgId, 'csv')}
                onClick={onDownloadClick}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download CSV template
              </Button>
              <Button
                component="a"
                href={templateUrl(orgId, 'xlsx')}
                onClick={onDownloadClick}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download XLSX template
              </Button>
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} component="h2" size="md">
              2. Upload the filled-in file
            </Text>
            <FileInput
              label="File to upload (CSV or XLSX)"
              description={`At most ${USER_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`}
              placeholder="Choose a file"
              accept={ACCEPT}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setOutcome(null);
              }}
              clearable
              disabled={running}
            />
          </Stack>
          <Group justify="flex-end">
            <Button component={Link} to={usersPath} variant="default">
              Cancel
            </Button>
            <Button
              onClick={() => void upload()}
              loading={running}
              disabled={!file}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              Upload
            </Button>
          </Group>
          {outcome?.ok && (
            <Alert color="green" title="Upload complete" role="status">
              <Stack gap={4}>
                <Text size="sm">
                  {outcome.upload.succeeded} {outcome.upload.succeeded === 1 ? 'user was' : 'users were'} imported (
                  {outcome.upload.created} created, {outcome.upload.updated} updated).
                </Text>
                <Anchor component={Link} to={usersPath}>
                  Go to Users
                </Anchor>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
