import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expectStage, openAs } from './pnp-helpers';

test('the workflow progress reads as a list of stages, each with its state, and the current one marked', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Progress Read', { owners: [DemoUsers.admin], reviewers: [DemoUsers.reviewer] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Progress Policy') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`);
  await expectStage(page, 'Draft in Reviewing');
  const progress = page.getByRole('list', { name: 'Workflow progress', exact: true });
  // What a screen reader hears: each stage's name and its state, not the markers drawn beside them.
  await expect(progress).toMatchAriaSnapshot(`
    - list "Workflow progress":
      - listitem: Authoring (completed)
      - listitem: Reviewing (current stage)
      - listitem: Approving (skipped)
      - listitem: Publishing (not started)
      - listitem: Active (not started)
  `);
  await expect(progress.locator('li[aria-current="step"]')).toContainText('Reviewing');
  // The stages are a record to read, not controls: nothing in it is a button.
  await expect(progress.getByRole('button')).toHaveCount(0);
});
