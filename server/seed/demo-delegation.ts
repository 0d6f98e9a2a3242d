import { setDelegation } from '../modules/delegation/delegation.service';
import { actingAs, DAY_MS, demoUserId, type DemoScene } from './demo-context';

/**
 * The reviewer's leave this week: she set it up on her Tasks screen a few days before it began, her
 * tasks going to a nursing colleague until she is back. Days count from the seeding's day (UTC
 * midnight), so the window opens and closes on whole days as people set them.
 */
const AWAY = {
  user: 'rita.reviewer',
  delegate: 'nora.nurse',
  setDaysAgo: 4,
  fromDaysAgo: 2,
  backInDays: 6,
} as const;

/**
 * One demo user away, her tasks also going to another (delegation while away, ADR 0011), set through
 * the product's own service. Active on the demo's first day: the away user's Tasks screen says so,
 * and her delegate finds her open tasks marked as held for her.
 *
 * Runs in the demo organisation's transaction after the stories, so any task the away user is given
 * from the window's start on reaches her delegate as well, as the product does.
 */
export async function seedDemoDelegation(scene: DemoScene): Promise<void> {
  const midnight = Date.UTC(scene.today.getUTCFullYear(), scene.today.getUTCMonth(), scene.today.getUTCDate());
  const ctx = actingAs(scene, AWAY.user, AWAY.setDaysAgo);
  await setDelegation(
    ctx,
    ctx.actor.userId,
    {
      delegate_id: demoUserId(scene, AWAY.delegate),
      starts_at: new Date(midnight - AWAY.fromDaysAgo * DAY_MS).toISOString(),
      ends_at: new Date(midnight + AWAY.backInDays * DAY_MS).toISOString(),
    },
    true,
  );
}
