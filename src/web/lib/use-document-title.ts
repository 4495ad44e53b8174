import { useEffect } from 'react';

export const APP_NAME = 'Ecosystem Hub';

/** "Users · Admin · Ecosystem Hub": the most specific part first, the app's name last. */
export function documentTitle(...parts: (string | null | undefined | false)[]): string {
  return [...parts.filter(Boolean), APP_NAME].join(' · ');
}

/** Gives the screen its own `<title>` (screen readers announce it; tabs and history show it). */
export function useDocumentTitle(...parts: (string | null | undefined | false)[]) {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
