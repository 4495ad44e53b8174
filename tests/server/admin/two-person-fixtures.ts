import { signedInUser } from '../../helpers/fixtures';
import type { TestHub } from '../../helpers/test-hub';
import { useFixture } from '../../helpers/use-fixture';
import { oauthClients } from '../../../src/server/db/schema/index';

export interface Person {
  cookie: string;
  user: { id: string };
}

export interface TwoPersonCast {
  superAdmin: Person;
  /** A platform_admin who requests. */
  pat: Person;
  /** Quinn, a platform_admin independent of Pat. */
  independent: Person;
  /** The app whose credential is requested. */
  appId: string;
}

/**
 * The people of the two-person rule's tests (issue 11 finding 8, issue 32), signed in on the
 * block's hub in a beforeAll of the block (after the hub's, before the block's own).
 */
export function useTwoPersonCast(t: TestHub): TwoPersonCast {
  return useFixture(
    () => twoPersonCast(t),
    async () => {},
  );
}

async function twoPersonCast(t: TestHub): Promise<TwoPersonCast> {
  const superAdmin = await signedInUser(t.hub, ['user', 'super_admin'], { email: 'root@hub.test' });
  const pat = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'pat@hub.test' });
  const independent = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'quinn@hub.test' });
  const [app] = await t.hub.db
    .insert(oauthClients)
    .values({ clientId: 'talentmls', appName: 'TalentMLS', appUrl: 'https://talentmls.example' })
    .returning();
  return { superAdmin, pat, independent, appId: app.id };
}
