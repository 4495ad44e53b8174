import { z } from 'zod';
import { isHexColor, isReadableButtonColor } from '../color';

/** The largest logo given inline as a data URL (issue 39): 64 KiB of the URL itself. */
export const MAX_LOGO_DATA_URL_BYTES = 64 * 1024;

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

const httpsUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && !u.username && !u.password && !u.hash;
      } catch {
        return false;
      }
    }, `${what} must be an https URL without credentials or a fragment`);

/** An https URL, or an inline image as a base64 data URL of at most 64 KiB. */
export const logoUriSchema = z
  .string()
  .trim()
  .max(MAX_LOGO_DATA_URL_BYTES)
  .refine(
    (v) => (v.startsWith('data:') ? DATA_IMAGE.test(v) : httpsUrl('logo_uri').safeParse(v).success),
    'logo_uri must be an https URL or a base64 data:image URL of at most 64 KiB',
  );

/** #rrggbb, readable under the primary action's white text (WCAG AA, 4.5:1). */
export const brandColorSchema = z
  .string()
  .trim()
  .refine(isHexColor, 'brand_color must be a colour written #rrggbb')
  .refine(
    (v) => !isHexColor(v) || isReadableButtonColor(v),
    'brand_color is too light for white button text (WCAG AA needs 4.5:1)',
  );

/**
 * RFC 7591 §2 display metadata of a client, plus its brand colour: what the sign-in, consent and
 * error pages of an authorization request show for it. One home for the admin API, the CLI and
 * dynamic registration; each field nullable so that a change can clear it.
 */
export const clientDisplayShape = {
  logo_uri: logoUriSchema.nullish(),
  client_uri: httpsUrl('client_uri').nullish(),
  policy_uri: httpsUrl('policy_uri').nullish(),
  tos_uri: httpsUrl('tos_uri').nullish(),
  brand_color: brandColorSchema.nullish(),
};
export const clientDisplaySchema = z.object(clientDisplayShape);
/** @public */
export type ClientDisplay = z.infer<typeof clientDisplaySchema>;

/**
 * The same fields as a client's view shows them.
 * @public
 */
export const clientDisplayViewShape = {
  logo_uri: z.string().nullable(),
  client_uri: z.string().nullable(),
  policy_uri: z.string().nullable(),
  tos_uri: z.string().nullable(),
  brand_color: z.string().nullable(),
};
