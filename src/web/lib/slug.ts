/**
 * The slug a form suggests from a name as it is typed (organizations, identity providers): the
 * person may edit it, and once they have, it no longer follows the name. Both APIs accept 1-48
 * lower-case letters, digits and dashes. "Acme Hiring, Inc." → "acme-hiring-inc".
 */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}
