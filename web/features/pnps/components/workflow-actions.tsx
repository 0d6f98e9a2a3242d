import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PnpDocument, WorkflowBody } from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { WORKFLOW_ACTION_LABELS } from '../../../../shared/domain/workflow';
import { confirm } from '../../../components/confirmation-modal';
import { toasts } from '../../../lib/alerts';
import { extendReview, startRevision } from '../api/revisions';
import { runWorkflow } from '../api/run-workflow';
import { ActionDialog } from './action-dialog';
import { PublishFields, publishReady, type PublishValue } from './publish-fields';
import { showErrors } from './show-errors';
import { usePnpRefresh } from './use-pnp-refresh';

type Dialog = 'decline_review' | 'decline_approval' | 'approve_on_behalf' | 'publish' | 'send_to_authors' | null;

const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** The stage a submit, accept or approval leads to, as the stepper shows it. */
function nextStageLabel(document: PnpDocument): string {
  const steps = document.progress;
  const current = steps.findIndex((s) => s.state === 'current');
  return steps.slice(current + 1).find((s) => s.state !== 'skipped')?.label ?? 'the next stage';
}

export const documentPath = (
  orgId: string,
  pnpId: number,
  documentId: number,
  section = 'version_info/preview',
): string => `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${documentId}/${section}`;

/**
 * Every workflow action the signed-in user may take on this version now (the server's `abilities`),
 * each a button with its confirmation; a decline asks for a comment, publishing for its dates.
 */
export function WorkflowActions({ orgId, document }: { readonly orgId: string; readonly document: PnpDocument }) {
  const navigate = useNavigate();
  const refresh = usePnpRefresh(orgId, document.pnp_id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [onBehalfOf, setOnBehalfOf] = useState<string | null>(null);
  const [publish, setPublish] = useState<PublishValue>({
    effectiveDt: document.effective_dt,
    reviewCycleYears: document.review_cycle_years,
    reminderDays: document.reminder_days,
  });
  const can = (ability: string): boolean => document.abilities.includes(ability);

  const run = async (body: WorkflowBody, success: string = Messages.recordUpdated): Promise<void> => {
    setBusy(true);
    try {
      const result = await runWorkflow(orgId, document.pnp_id, document.id, body);
      setDialog(null);
      toasts.success(success, result.pnp_document ? {} : { scope: 'next' });
      await refresh();
      if (!result.pnp_document) {
        const target = result.active_document_id;
        await navigate(target ? documentPath(orgId, document.pnp_id, target) : `/orgs/${orgId}/pnp_documents`);
      }
    } catch (error) {
      showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };

  const simple = async (
    title: string,
    content: string,
    body: WorkflowBody,
    theme: 'primary' | 'danger' = 'primary',
  ): Promise<void> => {
    const ok = await confirm({ title, content, actionLabel: WORKFLOW_ACTION_LABELS[body.action], theme });
    if (ok) await run(body);
  };

  const revision = async (kind: 'start' | 'extend'): Promise<void> => {
    const ok = await confirm(
      kind === 'start'
        ? {
            title: 'Start Review',
            content: 'Start a review of this P&P? A new draft version is created in Authoring from the Active version.',
            actionLabel: 'Start Review',
          }
        : {
            title: 'Extend',
            content: 'Record a review with no changes? The review and reminder dates move on by the review cycle.',
            actionLabel: 'Extend',
          },
    );
    if (!ok) return;
    try {
      const res =
        kind === 'start'
          ? await startRevision(orgId, document.pnp_id, document.id)
          : await extendReview(orgId, document.pnp_id, document.id);
      toasts.success(
        kind === 'start' ? Messages.recordCreated : Messages.recordUpdated,
        kind === 'start' ? { scope: 'next' } : {},
      );
      await refresh();
      if (kind === 'start') await navigate(documentPath(orgId, document.pnp_id, res.pnp_document.id, 'general_info'));
    } catch (error) {
      showErrors(error);
    }
  };

  const next = nextStageLabel(document);
  return (
    <>
      <Group gap="xs" data-testid="workflow-actions">
        {can('submit') && (
          <Button
            onClick={() => void simple('Submit', `Submit this draft? It moves to ${next}.`, { action: 'submit' })}
          >
            Submit
          </Button>
        )}
        {can('accept_review') && (
          <Button
            onClick={() =>
              void simple('Accept', `Accept this draft? When every reviewer has accepted it moves to ${next}.`, {
                action: 'accept_review',
              })
            }
          >
            Accept
          </Button>
        )}
        {can('decline_review') && (
          <Button color="red.9" variant="outline" onClick={() => setDialog('decline_review')}>
            Decline
          </Button>
        )}
        {can('approve') && (
          <Button
            onClick={() =>
              void simple('Approve', `Approve step ${document.approval_step ?? 1} of this draft?`, {
                action: 'approve',
              })
            }
          >
            Approve
          </Button>
        )}
        {can('approve_on_behalf') && (
          <Button
            variant="light"
            onClick={() => {
              // With one approver left there is nobody else to choose.
              const only = document.approve_on_behalf_of.length === 1 ? document.approve_on_behalf_of[0] : undefined;
              setOnBehalfOf(only ? String(only.user_id) : null);
              setDialog('approve_on_behalf');
            }}
          >
            Approve on Behalf
          </Button>
        )}
        {can('decline_approval') && (
          <Button color="red.9" variant="outline" onClick={() => setDialog('decline_approval')}>
            Decline
          </Button>
        )}
        {can('publish') && <Button onClick={() => setDialog('publish')}>Publish</Button>}
        {can('send_to_authors') && (
          <Button variant="default" onClick={() => setDialog('send_to_authors')}>
            Send to Authors
          </Button>
        )}
        {can('start_revision') && <Button onClick={() => void revision('start')}>Start Review</Button>}
        {can('extend_review') && (
          <Button variant="default" onClick={() => void revision('extend')}>
            Extend
          </Button>
        )}
        {can('cancel_draft') && (
          <Button
            color="red.9"
            variant="subtle"
            onClick={() =>
              void simple(
                'Cancel Draft',
                'Cancel this draft? It is deleted; the Active version stays as it is.',
                { action: 'cancel_draft' },
                'danger',
              )
            }
          >
            Cancel Draft
          </Button>
        )}
      </Group>

      <ActionDialog
        opened={dialog === 'decline_review' || dialog === 'decline_approval'}
        title="Decline"
        message="Decline this draft? It goes back to Authoring and every sign-off is cleared."
        actionLabel="Decline"
        colour="red.9"
        comment={{ label: 'Comment', required: true }}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(comment) =>
          void run({ action: dialog === 'decline_review' ? 'decline_review' : 'decline_approval', comment })
        }
      />
      <ActionDialog
        opened={dialog === 'approve_on_behalf'}
        title="Approve on Behalf"
        message={`Approve step ${document.approval_step ?? 1} for an approver who has not approved yet.`}
        actionLabel="Approve"
        comment={{ label: 'Comment' }}
        busy={busy}
        actionDisabled={onBehalfOf === null}
        onClose={() => setDialog(null)}
        onConfirm={(comment) =>
          void run({ action: 'approve', on_behalf_of_user_id: Number(onBehalfOf), ...(comment ? { comment } : {}) })
        }
      >
        <Select
          label="Approver"
          required
          data={document.approve_on_behalf_of.map((a) => ({ value: String(a.user_id), label: a.name }))}
          value={onBehalfOf}
          onChange={setOnBehalfOf}
        />
      </ActionDialog>
      <ActionDialog
        opened={dialog === 'send_to_authors'}
        title="Send to Authors"
        message="Send this draft back to Authoring? Every sign-off is cleared."
        actionLabel="Send to Authors"
        comment={{ label: 'Comment' }}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(comment) => void run({ action: 'send_to_authors', ...(comment ? { comment } : {}) })}
      />
      <ActionDialog
        opened={dialog === 'publish'}
        title="Publish"
        message="Publish this version? It becomes the Active version; the previous Active version is archived."
        actionLabel="Publish"
        busy={busy}
        actionDisabled={!publishReady(publish)}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void run({
            action: 'publish',
            effective_dt: publish.effectiveDt ?? '',
            review_cycle_years: (publish.reviewCycleYears ?? 1) as 1 | 2 | 3,
            reminder_days: (publish.reminderDays ?? 30) as 30 | 60 | 90 | 180,
          })
        }
      >
        <PublishFields value={publish} onChange={setPublish} today={todayIso()} />
      </ActionDialog>
    </>
  );
}
