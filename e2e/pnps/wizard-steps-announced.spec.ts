import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

// Next leaves focus on its own button: the step shown is said in a live region and marked current,
// so a screen-reader user hears that the form below is a new one.
test('the New P&P wizard says which step is shown, as it changes', async ({ page, data }) => {
  const binder = await data.binder('Wizard Steps', { owners: [DemoUsers.binderOwner] });
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${binder.id}`);
  const status = page.getByRole('status').filter({ hasText: /^Step \d of \d: / });
  const progress = page.getByRole('button', { name: /P&P Details/ });
  await expect(status).toHaveText('Step 1 of 2: P&P Details');
  await expect(progress).toHaveAttribute('aria-current', 'step');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(data.name('Step Policy'));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(status).toHaveText('Step 2 of 2: File Upload & Document Details');
  await expect(page.getByRole('button', { name: /File Upload & Document Details/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(progress).not.toHaveAttribute('aria-current', 'step');

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(status).toHaveText('Step 1 of 2: P&P Details');
});
