import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ExternalLinkIcon, HomeIcon } from 'lucide-react';
import { SISTER_SITES } from '@shared/ecosystem';
import { AccountStatus } from '@/features/auth/account-status';
import { LanguageMenu } from '@/components/language-menu';

/** Ecosystem links on every page: home plus the four external sister sites (spec §2). */
export function TopBanner() {
  return (
    <header className="bg-foreground text-background">
      <nav
        aria-label={useIntl().formatMessage({ id: 'common.ecosystemNav', defaultMessage: 'Ecosystem' })}
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5 text-xs"
      >
        <Link to="/" className="inline-flex min-h-6 items-center gap-1 font-semibold hover:underline">
          <HomeIcon className="size-3.5" aria-hidden /> Ecosystem Hub
        </Link>
        <span aria-hidden className="hidden opacity-40 sm:inline">
          |
        </span>
        {SISTER_SITES.map((site) => (
          <a
            key={site.key}
            href={site.externalUrl!}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center gap-1 opacity-90 hover:underline hover:opacity-100"
          >
            {site.name}
            <ExternalLinkIcon className="size-3" aria-hidden />
          </a>
        ))}
        <div className="ms-auto flex flex-wrap items-center gap-3">
          <LanguageMenu />
          <AccountStatus />
        </div>
      </nav>
    </header>
  );
}
