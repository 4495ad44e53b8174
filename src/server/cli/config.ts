import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import type { CliCommand } from './command';
import { exportConfig } from '../config-io/document';
import { applyImport, describePlan, planImport } from '../config-io/import';

async function confirmed(args: string[]): Promise<boolean> {
  if (args.includes('--yes')) return true;
  if (!process.stdin.isTTY) {
    console.error('Nothing applied: pass --yes to apply without a terminal.');
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Apply these changes? [y/N] ');
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

export const CONFIG_COMMANDS: CliCommand[] = [
  {
    name: 'config export',
    summary: '[FILE]: clients, identity providers, organizations, roles, webhooks and policies as JSON (no secrets)',
    async run(hub, args) {
      const text = `${JSON.stringify(await exportConfig(hub.db), null, 2)}\n`;
      if (args[0]) {
        writeFileSync(args[0], text);
        console.log(`Configuration written to ${args[0]} (secrets are never exported).`);
      } else process.stdout.write(text);
    },
  },
  {
    name: 'config import',
    summary: 'FILE [--dry-run] [--yes]: show what the document changes here, then apply it (asks, or --yes)',
    async run(hub, args) {
      const file = args.find((a) => !a.startsWith('--'));
      if (!file) {
        console.error('Usage: npm run hub -- config import FILE [--dry-run] [--yes]');
        return 2;
      }
      const plan = await planImport(hub.db, JSON.parse(readFileSync(file, 'utf8')));
      for (const line of describePlan(plan)) console.log(line);
      if (plan.changes.length === 0 || args.includes('--dry-run')) return 0;
      if (!(await confirmed(args))) return 1;
      await applyImport(hub, plan);
      console.log('Applied. New webhook endpoints have new secrets; new clients and providers need theirs set.');
    },
  },
];
