import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Shown when a page fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong loading this page.';
  useDocumentTitle('Error');
  return (
    <main
      id="main"
      role="alert"
      className="flex min-h-[70vh] flex-col items-center justify-center gap-3 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">{message}</h1>
      <p className="text-muted-foreground">Reload the page, or go back home.</p>
      <Link to="/" className="text-primary underline">
        Return to Home
      </Link>
    </main>
  );
}
