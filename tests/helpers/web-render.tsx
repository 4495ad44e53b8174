import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';

/**
 * Renders `ui` in English (the source locale: the messages in the code) under a QueryClient of its
 * own that never retries: a refusal or an outage shows on the first answer, as the test's mock gave it.
 */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nProvider locale="en">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** Radix's controls measure themselves; jsdom has no layout and no ResizeObserver. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** Radix's Select scrolls its highlighted option into view; jsdom has no layout and no scrollIntoView. */
export function stubScrollIntoView(): void {
  Element.prototype.scrollIntoView = () => {};
}
