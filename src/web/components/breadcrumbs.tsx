import { useIntl } from 'react-intl';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from 'lucide-react';

export interface Crumb {
  label: string;
  /** Omitted for the current screen, the last crumb. */
  to?: string;
}

/** Where a nested screen sits: "Admin › Users". The last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav
      aria-label={useIntl().formatMessage({ id: 'common.breadcrumb', defaultMessage: 'Breadcrumb' })}
      className="mb-3 text-sm text-muted-foreground"
    >
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <Fragment key={`${item.label}-${i}`}>
            {i > 0 && (
              <li aria-hidden className="flex items-center">
                <ChevronRightIcon className="size-3.5" />
              </li>
            )}
            <li>
              {item.to && i < items.length - 1 ? (
                <Link to={item.to} className="underline-offset-4 hover:text-foreground hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-foreground">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
