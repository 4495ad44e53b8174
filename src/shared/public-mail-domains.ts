/**
 * Mail domains anyone can get an address at (issue 29): no organization can claim them, or every
 * user of the provider would join it on sign-in. Lower-case; a subdomain of one is refused too.
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'fastmail.com',
  'tutanota.com',
  'tuta.io',
  'hey.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  't-online.de',
];

/** Whether a domain is (or is under) a public mail domain. */
export function isPublicMailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return PUBLIC_MAIL_DOMAINS.some((p) => d === p || d.endsWith(`.${p}`));
}
