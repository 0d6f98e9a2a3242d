import { describe, expect, it } from 'vitest';
import { progressSteps, stageAfterApprovalStep, stageAfterAuthoring, stageAfterReviewing } from './workflow';

describe('draft routing (product rules: skipped stages)', () => {
  it('goes to Reviewing when there are reviewers', () => {
    expect(stageAfterAuthoring({ hasReviewers: true, approverSteps: [1] })).toEqual({ stage: 3, step: null });
  });
  it('skips Reviewing without reviewers and empty approval steps', () => {
    expect(stageAfterAuthoring({ hasReviewers: false, approverSteps: [3, 7] })).toEqual({ stage: 4, step: 3 });
    expect(stageAfterReviewing({ hasReviewers: true, approverSteps: [] })).toEqual({ stage: 5, step: null });
    expect(stageAfterAuthoring({ hasReviewers: false, approverSteps: [] })).toEqual({ stage: 5, step: null });
  });
  it('moves step k to the next step with approvers, then Publishing', () => {
    expect(stageAfterApprovalStep({ hasReviewers: false, approverSteps: [1, 2, 10] }, 2)).toEqual({
      stage: 4,
      step: 10,
    });
    expect(stageAfterApprovalStep({ hasReviewers: false, approverSteps: [1, 2, 10] }, 10)).toEqual({
      stage: 5,
      step: null,
    });
  });
  it('draws the stepper with skipped stages and the current one', () => {
    const steps = progressSteps({ stage: 4, step: 2 }, { hasReviewers: false, approverSteps: [1, 2] }, false);
    expect(steps.map((s) => `${s.label}:${s.state}`)).toEqual([
      'Authoring:done',
      'Reviewing:skipped',
      'Approving: Step 1:done',
      'Approving: Step 2:current',
      'Publishing:upcoming',
      'Active:upcoming',
    ]);
    expect(progressSteps(null, { hasReviewers: true, approverSteps: [] }, true).map((s) => s.state)).toEqual([
      'done',
      'done',
      'skipped',
      'done',
      'current',
    ]);
  });
});
