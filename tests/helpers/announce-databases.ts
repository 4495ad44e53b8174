import { TEST_DATABASES } from './test-hub';
import { ensurePgliteTemplate } from './pglite-template';

/** Says, once per run, which databases the API tests run against (CI reads this line). */
export default async function setup() {
  await ensurePgliteTemplate();
  console.log(
    `\n[hub] API tests run on: ${TEST_DATABASES.join(' + ')}` +
      `${TEST_DATABASES.includes('postgres') ? '' : ' (set TEST_DATABASE_URL to add PostgreSQL)'}\n`,
  );
}
