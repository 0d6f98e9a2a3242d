import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage } from '../../../shared/domain/statuses';
import type { PnpPeople } from './participants';

/**
 * Who a stage waiting for sign-offs (Reviewing, or one approval step) is given to, and who holds it.
 * The one reading of it that the stage's tasks (workflow.tasks.ts) and the move past a stage nobody
 * is given (signed-off-stage.ts) share, so that no later resync undoes what the other decided.
 */
export interface SignOffHolding {
  /** Someone is given it: a reviewer, or an approver of the step, user or group, active or not. */
  given: boolean;
  /** The active people given it (a group by its active members): whose sign-offs it waits for. */
  holders: number[];
  /**
   * Given, yet nobody given it is active any more: its people were deactivated, or left the group
   * that holds it, while their grants stay. The P&P's active Owners then hold its tasks in their
   * place (they may send the draft back to its authors, or decline an approval step for its
   * approvers: their tasks record it, tasks.owner_stand_in), so the draft never waits
   * with nobody holding a task; they give it back as soon as someone given it is active again.
   * (A stage nobody is given at all is skipped instead, as at submission: signed-off-stage.ts.)
   */
  ownersStandIn: boolean;
}

/** Reads the holding of a draft's Reviewing stage, or of its approval step (no step recorded: step 1). */
export function signOffHolding(people: PnpPeople, position: { stage: number; step: number | null }): SignOffHolding {
  const reviewing = position.stage === DraftStage.Reviewing;
  const step = position.step ?? 1;
  const role = reviewing ? ObjectRole.Reviewer : ObjectRole.Approver;
  const ofStage = (g: { role: number; approval_step: number | null }): boolean =>
    g.role === role && (reviewing || g.approval_step === step);
  const given = people.participants.some(ofStage);
  const holders = [...new Set(people.assignees.filter(ofStage).map((a) => a.user_id))];
  return { given, holders, ownersStandIn: given && holders.length === 0 };
}
