import { UserStatus } from '../../shared/domain/statuses';
import { updateUser } from '../modules/users/users.service';
import { actingAs, type DemoScene } from './demo-context';
import { DEMO_LEAVER } from './demo-users';

/**
 * The leaver was deactivated this long before the seeding: after her last visit (demo-hstm-people.ts
 * gives her sign-ins up to about a day and a half before) and everything else she took part in.
 */
const LEFT_DAYS_AGO = 1;

/**
 * A person who left: the org admin deactivated the leaver on her Edit User screen, through the same
 * service, so what deactivation does is done: her open tasks closed (her share of the committee's
 * review, her pending read acknowledgement, from which she is no longer a reader), her sessions
 * ended, a 'Deactivated' entry in her Logs and the status change in her Change Logs. Her groups and
 * roles stay as they were, as they do for anyone deactivated, until an admin hands them over.
 *
 * Runs last in the demo organisation's transaction; does nothing when she is not active.
 */
export async function seedDemoLeaver(scene: DemoScene): Promise<void> {
  const leaver = scene.actors.get(DEMO_LEAVER.username);
  if (!leaver) return;
  const admin = actingAs(scene, 'ada.admin', LEFT_DAYS_AGO);
  await updateUser(admin, leaver.userId, { status: UserStatus.Inactive });
}
