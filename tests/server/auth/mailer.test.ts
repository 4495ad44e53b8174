import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, devOutbox } from '../../../src/server/auth/mailer';

function captureLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const mail = {
  to: 'a@example.test',
  subject: 'Verify your email',
  text: 'Open https://hub/x?token=SECRET-LINK-TOKEN',
  link: 'https://hub/x?token=SECRET-LINK-TOKEN',
};

describe('mailer without SMTP_URL', () => {
  it('in development writes the mail to the outbox and the labelled dev log line', async () => {
    const { log, lines } = captureLog();
    const before = devOutbox.length;
    await createMailer(undefined, log, () => new Date(), false).send(mail);
    expect(devOutbox.length).toBe(before + 1);
    expect(devOutbox.at(-1)?.link).toBe(mail.link);
    expect(lines[0].obj).toMatchObject({ outbox: 'dev outbox', link: mail.link });
  });

  it('in production never logs or keeps the link', async () => {
    const { log, lines } = captureLog();
    const before = devOutbox.length;
    await createMailer(undefined, log, () => new Date(), true).send(mail);
    expect(devOutbox.length).toBe(before);
    expect(JSON.stringify(lines)).not.toContain('SECRET-LINK-TOKEN');
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'mail not sent: SMTP_URL is not set' });
  });
});
