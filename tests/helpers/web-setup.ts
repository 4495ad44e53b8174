import { configure } from '@testing-library/dom';

/**
 * Watchdogs, not clocks (as vitest.config.ts says for the rest): `findBy…` and `waitFor` wait on a
 * condition and give up only after this long. Testing Library's default, 1 s, failed a sidebar test
 * on a machine busy with a second suite; a test that passes only on an idle machine is a failing test.
 */
configure({ asyncUtilTimeout: 60_000 });
