import { PnpStatus } from '../../../../shared/domain/statuses';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DRAFT_CHANGED_MESSAGE, type PnpDocument, type WorkflowBody } from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { WORKFLOW_ACTION_LABELS } from '../../../../shared/domain/workflow';
import { toasts } from '../../../lib/alerts';
import { adhocSendToAuthors, extendReview, startRevision } from '../api/revisions';
import { asSeen, runWorkflow } from '../api/run-workflow';
import { StaleSaveAlert } from '../../../components/stale-save-alert';
import { isStaleSave } from '../../../lib/stale-save';
import { DateInput } from '../../../components/date-input';
import { effectiveDateError } from '../../../../shared/domain/review-dates';
import { ActionDialog } from './action-dialog';
import { PublishFields, publishReady, type PublishValue } from './publish-fields';
import { ReadAcksCancelledNotice } from './read-acks-cancelled-notice';
import { showErrors } from '../../../lib/show-errors';
import { usePnpRefresh } from './use-pnp-refresh';

type Dialog = 'decline_review' | 'decline_approval' | 'approve_on_behalf' | 'publish' | 'send_to_authors' | null;

/** An action asked about without a field of its own: its question, and what it does when confirmed. */
interface Confirming {
  readonly title: string;
  readonly message: string;
  readonly actionLabel: string;
  readonly colour?: string;
  readonly perform: () => Promise<void>;
}

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
  // The question stays while its dialog closes, so its words do not vanish during the fade.
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The last action was refused because the draft changed since this screen showed it (409).
  const [stale, setStale] = useState(false);
  const ask = (question: Confirming): void => {
    setStale(false);
    setConfirming(question);
    setConfirmOpen(true);
  };
  /** Every dialog opens without the notice of an earlier refusal. */
  const openDialog = (next: Exclude<Dialog, null>): void => {
    setStale(false);
    setDialog(next);
  };
  const [busy, setBusy] = useState(false);
  const [onBehalfOf, setOnBehalfOf] = useState<string | null>(null);
  const publishOf = (d: PnpDocument): PublishValue => ({
    effectiveDt: d.effective_dt,
    reviewCycleYears: d.review_cycle_years,
    reminderDays: d.reminder_days,
  });
  const [publish, setPublish] = useState<PublishValue>(() => publishOf(document));
  const can = (ability: string): boolean => document.abilities.includes(ability);
  // Send to Authors: the target effective date of the version the authors are to write (optional).
  const [targetDate, setTargetDate] = useState<string | null>(null);
  const targetDateError = targetDate ? effectiveDateError(targetDate, document.origination_dt) : null;

  /**
   * Runs an action while its dialog stays open and busy (nothing in it cancels what is already
   * sent); the dialog closes once it is done. A refusal leaves it open with what was typed; one for
   * a draft that changed since the screen showed it says so there, with Reload.
   */
  const perform = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (isStaleSave(error, DRAFT_CHANGED_MESSAGE)) setStale(true);
      else showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };

  /** Shows the draft as it is now; the user decides again from there (the action may be gone). */
  const reload = async (): Promise<void> => {
    setDialog(null);
    setConfirmOpen(false);
    setStale(false);
    await refresh();
  };
  const staleNotice = stale ? (
    <StaleSaveAlert title="Nothing was done" message={DRAFT_CHANGED_MESSAGE} onReload={() => void reload()} />
  ) : null;

  // `document` is the one this render shows: what the user saw when they chose the action.
  const run = async (body: WorkflowBody, success: string = Messages.recordUpdated): Promise<void> => {
    const result = await runWorkflow(orgId, document.pnp_id, document.id, { ...body, expected: asSeen(document) });
    setDialog(null);
    setConfirmOpen(false);
    toasts.success(success, result.pnp_document ? {} : { scope: 'next' });
    await refresh();
    if (!result.pnp_document) {
      const target = result.active_document_id;
      await navigate(target ? documentPath(orgId, document.pnp_id, target) : `/orgs/${orgId}/pnp_documents`);
    }
  };

  /** Send to Authors through the spec's ad hoc call, which carries the target effective date. */
  const sendBack = async (comment: string): Promise<void> => {
    await adhocSendToAuthors(orgId, document.pnp_id, document.id, {
      effectiveDate: targetDate,
      comment,
      expected: asSeen(document),
    });
    setDialog(null);
    toasts.success(Messages.recordUpdated);
    await refresh();
  };

  const simple = (title: string, message: string, body: WorkflowBody, colour?: string): void =>
    ask({
      title,
      message,
      actionLabel: WORKFLOW_ACTION_LABELS[body.action],
      ...(colour ? { colour } : {}),
      perform: () => run(body),
    });

  const revision = async (kind: 'start' | 'extend'): Promise<void> => {
    const res =
      kind === 'start'
        ? await startRevision(orgId, document.pnp_id, document.id)
        : await extendReview(orgId, document.pnp_id, document.id);
    setConfirmOpen(false);
    toasts.success(
      kind === 'start' ? Messages.recordCreated : Messages.recordUpdated,
      kind === 'start' ? { scope: 'next' } : {},
    );
    await refresh();
    if (kind === 'start') await navigate(documentPath(orgId, document.pnp_id, res.pnp_document.id, 'general_info'));
  };

  const next = nextStageLabel(document);
  return (
    <>
      <Group gap="xs" data-testid="workflow-actions">
        {can('submit') && (
          <Button onClick={() => simple('Submit', `Submit this draft? It moves to ${next}.`, { action: 'submit' })}>
            Submit
          </Button>
        )}
        {can('accept_review') && (
          <Button
            onClick={() =>
              simple('Accept', `Accept this draft? When every reviewer has accepted it moves to ${next}.`, {
                action: 'accept_review',
              })
            }
          >
            Accept
          </Button>
        )}
        {can('decline_review') && (
          <Button color="red.9" variant="outline" onClick={() => openDialog('decline_review')}>
            Decline
          </Button>
        )}
        {can('approve') && (
          <Button
            onClick={() =>
              simple('Approve', `Approve step ${document.approval_step ?? 1} of this draft?`, { action: 'approve' })
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
              openDialog('approve_on_behalf');
            }}
          >
            Approve on Behalf
          </Button>
        )}
        {can('decline_approval') && (
          <Button color="red.9" variant="outline" onClick={() => openDialog('decline_approval')}>
            Decline
          </Button>
        )}
        {can('publish') && (
          <Button
            onClick={() => {
              setPublish(publishOf(document));
              openDialog('publish');
            }}
          >
            Publish
          </Button>
        )}
        {can('send_to_authors') && (
          <Button
            variant="default"
            onClick={() => {
              setTargetDate(null);
              openDialog('send_to_authors');
            }}
          >
            Send to Authors
          </Button>
        )}
        {can('start_revision') && (
          <Button
            onClick={() =>
              ask({
                title: 'Start Review',
                message:
                  'Start a review of this P&P? A new draft version is created in Authoring from the Active version.',
                actionLabel: 'Start Review',
                perform: () => revision('start'),
              })
            }
          >
            Start Review
          </Button>
        )}
        {can('extend_review') && (
          <Button
            variant="default"
            onClick={() =>
              ask({
                title: 'Extend',
                message: 'Record a review with no changes? The review and reminder dates move on by the review cycle.',
                actionLabel: 'Extend',
                perform: () => revision('extend'),
              })
            }
          >
            Extend
          </Button>
        )}
        {can('cancel_draft') && (
          <Button
            color="red.9"
            variant="subtle"
            onClick={() =>
              simple(
                'Cancel Draft',
                'Cancel this draft? It is deleted; the Active version stays as it is.',
                { action: 'cancel_draft' },
                'red.9',
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
        actionDisabled={stale}
        onClose={() => setDialog(null)}
        onConfirm={(comment) =>
          void perform(() =>
            run({ action: dialog === 'decline_review' ? 'decline_review' : 'decline_approval', comment }),
          )
        }
      >
        {staleNotice}
      </ActionDialog>
      <ActionDialog
        opened={dialog === 'approve_on_behalf'}
        title="Approve on Behalf"
        message={`Approve step ${document.approval_step ?? 1} for an approver who has not approved yet.`}
        actionLabel="Approve"
        comment={{ label: 'Comment' }}
        busy={busy}
        actionDisabled={stale || onBehalfOf === null}
        onClose={() => setDialog(null)}
        onConfirm={(comment) =>
          void perform(() =>
            run({ action: 'approve', on_behalf_of_user_id: Number(onBehalfOf), ...(comment ? { comment } : {}) }),
          )
        }
      >
        {staleNotice}
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
        actionDisabled={stale || targetDateError !== null}
        onClose={() => setDialog(null)}
        onConfirm={(comment) => void perform(() => sendBack(comment))}
      >
        {staleNotice}
        <DateInput
          label="Effective Date"
          description="The target effective date of the next version (optional)."
          value={targetDate}
          onChange={setTargetDate}
          {...(targetDateError ? { error: targetDateError } : {})}
        />
      </ActionDialog>
      <ActionDialog
        opened={dialog === 'publish'}
        title="Publish"
        message="Publish this version? It becomes the Active version; the previous Active version is archived."
        actionLabel="Publish"
        busy={busy}
        actionDisabled={stale || !publishReady(publish)}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void perform(() =>
            run({
              action: 'publish',
              effective_dt: publish.effectiveDt ?? '',
              review_cycle_years: (publish.reviewCycleYears ?? 1) as 1 | 2 | 3,
              reminder_days: (publish.reminderDays ?? 30) as 30 | 60 | 90 | 180,
            }),
          )
        }
      >
        {staleNotice}
        <PublishFields
          value={publish}
          onChange={setPublish}
          today={todayIso()}
          originationDt={document.origination_dt}
        />
        {dialog === 'publish' && document.pnp.status !== PnpStatus.Draft && (
          <ReadAcksCancelledNotice orgId={orgId} pnpId={document.pnp_id} />
        )}
      </ActionDialog>
      <ActionDialog
        opened={confirmOpen}
        title={confirming?.title ?? ''}
        message={confirming?.message}
        actionLabel={confirming?.actionLabel ?? ''}
        {...(confirming?.colour ? { colour: confirming.colour } : {})}
        busy={busy}
        actionDisabled={stale}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => {
          if (confirming) void perform(confirming.perform);
        }}
      >
        {staleNotice}
      </ActionDialog>
    </>
  );
}
