import { signedInUser } from '../../helpers/fixtures';
import type { TestHub } from '../../helpers/test-hub';
import { oauthClients } from '../../../src/server/db/schema/index';

export interface Person {
  cookie: string;
  user: { id: string };
}

/**
 * The people of the two-person rule's tests (issue 11 finding 8, issue 32), signed in: a super
 * admin, Pat (a platform_admin who requests), Quinn (a platform_admin independent of Pat), and the
 * app whose credential is requested.
 */
export async function twoPersonCast(
  t: TestHub,
): Promise<{ superAdmin: Person; pat: Person; independent: Person; appId: string }> {
  const superAdmin = await signedInUser(t.hub, ['user', 'super_admin'], { email: 'root@hub.test' });
  const pat = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'pat@hub.test' });
  const independent = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'quinn@hub.test' });
  const [app] = await t.hub.db
    .insert(oauthClients)
    .values({ clientId: 'talentmls', appName: 'TalentMLS', appUrl: 'https://talentmls.example' })
    .returning();
  return { superAdmin, pat, independent, appId: app.id };
}
