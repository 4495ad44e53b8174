import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notFound.title', defaultMessage: 'Page not found' }));
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-semibold">
        <FormattedMessage id="notFound.heading" defaultMessage="Oops! Page not found" />
      </h1>
      <Button asChild variant="outline">
        <Link to="/">
          <FormattedMessage id="common.returnHome" defaultMessage="Return to Home" />
        </Link>
      </Button>
    </main>
  );
}
