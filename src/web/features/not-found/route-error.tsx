import { FormattedMessage } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { documentTitle } from '@/lib/use-document-title';

/**
 * Shown when a page fails to load (its chunk is gone after a deploy, the network dropped) or
 * throws while rendering. `resetKey` (the location) clears it when the user goes elsewhere.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed', error);
    document.title = documentTitle(activeIntl().formatMessage({ id: 'common.error.title', defaultMessage: 'Error' }));
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main
        id="main"
        role="alert"
        className="flex min-h-[70vh] flex-col items-center justify-center gap-3 px-4 text-center"
      >
        <h1 className="text-2xl font-semibold">
          <FormattedMessage id="common.pageFailed.title" defaultMessage="Something went wrong loading this page." />
        </h1>
        <p className="text-muted-foreground">
          <FormattedMessage id="common.pageFailed.text" defaultMessage="Reload the page, or go back home." />
        </p>
        <Link to="/" className="text-primary underline">
          <FormattedMessage id="common.returnHome" defaultMessage="Return to Home" />
        </Link>
      </main>
    );
  }
}
