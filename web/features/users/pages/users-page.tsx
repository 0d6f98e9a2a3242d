import { PlannedPage } from '../../../app/routes/planned-page';

/** Placeholder until the screen is built (issue 13). */
export function UsersPage() {
  return <PlannedPage />;
}
