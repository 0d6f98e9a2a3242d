import type { Page } from '@playwright/test';
import { TenetApi } from '../support/api';
import type { MadePnp, TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

/** A draft waiting for the demo approver's Approve task: the admin, its only owner, submitted it. */
export async function waitingForApproval(baseURL: string, data: TestData, prefix: string): Promise<MadePnp> {
  const binder = await data.binder(`${prefix} Binder`, { owners: [DemoUsers.admin], approvers: [DemoUsers.approver] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name(prefix) });
  const api = await TenetApi.signedIn(baseURL, DemoUsers.admin);
  try {
    await api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
  } finally {
    await api.dispose();
  }
  return pnp;
}

/** The row of the tasks table naming this P&P. */
export const taskRowOf = (page: Page, pnpName: string) =>
  page.getByRole('table', { name: 'Tasks', exact: true }).getByRole('row').filter({ hasText: pnpName });
