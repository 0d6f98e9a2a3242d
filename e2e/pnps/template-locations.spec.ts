import type { TemplateList } from '../../shared/api/templates';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('the template wizard offers a binder owner only the binders and folders where they may create P&Ps', async ({
  page,
  data,
}) => {
  const owned = await data.binder('Owned Home', { owners: [DemoUsers.binderOwner] });
  const reviewed = await data.binder('Reviewed Only', {
    owners: [DemoUsers.admin],
    reviewers: [DemoUsers.binderOwner],
  });
  const { templates } = await data.api.get<TemplateList>(data.o('pnp_templates'));
  const template = templates[0];
  if (!template) throw new Error('The organisation has no template to start from.');

  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/template_library/${template.id}/new_pnp_from_template`);
  const location = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await location.click();
  await location.fill(data.word);
  await expect(page.getByRole('option', { name: owned.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: reviewed.name, exact: true })).toHaveCount(0);
});
