import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same mail as HTML (src/server/i18n/mail.ts: every value escaped). */
  html?: string;
  /** The language it is written in (the recipient's: saved choice, else the request's). */
  locale?: string;
  /** The one link the mail carries (verification, …), kept separately for tests. */
  link?: string;
  /** The one-time code the mail carries (sign-in by email), kept separately like the link. */
  code?: string;
  sentAt: Date;
}

/**
 * Without SMTP_URL every mail lands here (and in the log, labelled 'dev outbox'), so a
 * developer can follow the link and tests can read it. Bounded so it never grows unchecked.
 */
export const devOutbox: OutgoingMail[] = [];
const OUTBOX_LIMIT = 200;

const transports = new Map<string, Transporter>();

export interface Mailer {
  send(mail: Omit<OutgoingMail, 'sentAt'>): Promise<void>;
}

export function createMailer(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  clock: () => Date,
  /** With NODE_ENV=production a token never reaches the log, even without SMTP. */
  isProduction = false,
): Mailer {
  return {
    async send(mail) {
      if (smtpUrl) {
        let transport = transports.get(smtpUrl);
        if (!transport) {
          // Loaded on the first mail: a hub without SMTP_URL (the embedded default) never needs
          // nodemailer, ~3 MB of JavaScript heap.
          const { default: nodemailer } = await import('nodemailer');
          transport = nodemailer.createTransport(smtpUrl);
          transports.set(smtpUrl, transport);
        }
        try {
          await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        } catch (error) {
          log.error({ to: mail.to, subject: mail.subject, err: error }, 'mail delivery failed');
          throw error;
        }
        // The link carries a secret token: with real mail it never goes to the log.
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      if (isProduction) {
        log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
        return;
      }
      devOutbox.push({ ...mail, sentAt: clock() });
      if (devOutbox.length > OUTBOX_LIMIT) devOutbox.splice(0, devOutbox.length - OUTBOX_LIMIT);
      // Development only (no SMTP_URL, not production): the link or code must be usable, so it
      // is logged, clearly labelled. In production a link or code (a secret) is never logged.
      log.info(
        { outbox: 'dev outbox', to: mail.to, subject: mail.subject, link: mail.link, code: mail.code },
        'dev outbox: SMTP_URL is not set, mail written to the log',
      );
    },
  };
}
