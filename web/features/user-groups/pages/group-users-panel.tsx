import { PlannedPanel } from '../../../app/routes/planned-page';

/** Placeholder until the section is built (issue 13). */
export function GroupUsersPanel() {
  return <PlannedPanel />;
}
