import type { CliCommand } from './command';
import { DEFAULT_SYSTEM_ADMIN_EMAILS, cleanupAllUsers, createSystemAdmins } from '../setup/setup-service';

/** `setup create-admins [--emails a,b,c]` and `setup cleanup --yes`: the setup panel's tools for operators. */
export const SETUP_COMMANDS: CliCommand[] = [
  {
    name: 'setup create-admins',
    summary: 'create the three system administrator accounts (prints each password once)',
    async run(hub, args) {
      const at = args.indexOf('--emails');
      const emails =
        at >= 0 && args[at + 1]
          ? args[at + 1]
              .split(',')
              .map((e) => e.trim())
              .filter(Boolean)
          : [...DEFAULT_SYSTEM_ADMIN_EMAILS];
      const { results } = await createSystemAdmins(hub, emails, { userAgent: 'hub-cli' });
      for (const r of results) {
        console.log(
          `${r.email}\t${r.status}${r.password ? `\tpassword: ${r.password}` : ''}${r.error ? `\terror: ${r.error}` : ''}`,
        );
      }
      return results.some((r) => r.status === 'error') ? 1 : 0;
    },
  },
  {
    name: 'setup cleanup',
    summary: 'delete ALL users, role assignments, sessions and audit logs (needs --yes)',
    async run(hub, args) {
      if (!args.includes('--yes')) {
        console.error('This deletes every user, role assignment, session and audit log. Re-run with --yes to confirm.');
        return 2;
      }
      const { cleared } = await cleanupAllUsers(hub, { userAgent: 'hub-cli' });
      console.log(JSON.stringify({ cleared }));
      return 0;
    },
  },
];
