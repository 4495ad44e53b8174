import type { CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ClientBrand } from '@shared/api/oauth-clients';
import { useClientBrandQuery } from '@/data/auth/client-brand-query';

/**
 * A sister platform's look on the sign-in pages of its authorization request (issue 39): the
 * client the request names (`client_id`, put there by the authorization endpoint), else none and
 * the hub's own look. Its colour (WCAG-AA-checked at registration under white text) becomes the
 * primary action's.
 */
export function useClientBrand(params: URLSearchParams): ClientBrand | null {
  const brand = useClientBrandQuery(params.get('client_id'));
  return brand.data ?? null;
}

export function brandStyle(brand: ClientBrand | null): CSSProperties | undefined {
  if (!brand?.brand_color) return undefined;
  return {
    '--primary': brand.brand_color,
    '--primary-foreground': '#ffffff',
    '--ring': brand.brand_color,
  } as CSSProperties;
}

/** The client's logo and name over the form: "Sign in to continue to TalentSpark". */
export function BrandHeader({ brand }: { brand: ClientBrand }) {
  return (
    <div className="flex flex-col items-center gap-2" data-testid="client-brand">
      {brand.logo_uri && (
        <img src={brand.logo_uri} alt="" className="size-12 rounded-lg object-contain" referrerPolicy="no-referrer" />
      )}
      <p className="text-sm text-muted-foreground">
        <FormattedMessage
          id="auth.brand.continueTo"
          defaultMessage="to continue to {app}"
          values={{ app: <strong className="text-foreground">{brand.app_name}</strong> }}
        />
      </p>
    </div>
  );
}

/** Under the card: the client's privacy policy and terms, and the hub that secures the sign-in. */
export function BrandFooter({ brand }: { brand: ClientBrand }) {
  const link = 'underline-offset-4 hover:underline';
  return (
    <footer className="mt-4 flex w-full max-w-md flex-wrap justify-between gap-3 text-xs text-muted-foreground">
      <span className="flex gap-3">
        {brand.policy_uri && (
          <a className={link} href={brand.policy_uri} rel="noopener noreferrer" target="_blank">
            <FormattedMessage id="auth.brand.privacy" defaultMessage="Privacy policy" />
          </a>
        )}
        {brand.tos_uri && (
          <a className={link} href={brand.tos_uri} rel="noopener noreferrer" target="_blank">
            <FormattedMessage id="auth.brand.terms" defaultMessage="Terms of service" />
          </a>
        )}
      </span>
      <span>
        <FormattedMessage
          id="auth.brand.securedBy"
          defaultMessage="Secured by {hub}"
          values={{ hub: <strong>Ecosystem Hub</strong> }}
        />
      </span>
    </footer>
  );
}
