import type { ExternalToast } from 'sonner';
import { errorText } from './error-text';

/**
 * Toasts without putting the toast library on the landing page's critical path: sonner is
 * loaded on first use (or once the page is idle, by the lazy Toaster). Sonner replays toasts
 * raised before its Toaster subscribed, so nothing is lost in between.
 */
type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | null = null;
const waiting = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const wake of waiting) wake();
    waiting.clear();
  }
  return sonner;
}

/** Calls `wake` as soon as something asks for sonner (at once if it already has). */
export function whenSonnerRequested(wake: () => void): () => void {
  if (sonner) wake();
  else waiting.add(wake);
  return () => waiting.delete(wake);
}

type Options = ExternalToast & {
  /** An API failure: its text (see error-text.ts) becomes the description. */
  error?: unknown;
};

function show(kind: 'success' | 'error' | 'message', title: string, { error, ...options }: Options = {}) {
  const description = options.description ?? (error !== undefined ? errorText(error) : undefined);
  void loadSonner().then(({ toast }) => {
    if (kind === 'message') toast(title, { ...options, description });
    else toast[kind](title, { ...options, description });
  });
}

export const notify = {
  success: (title: string, options?: Options) => show('success', title, options),
  error: (title: string, options?: Options) => show('error', title, options),
  message: (title: string, options?: Options) => show('message', title, options),
};
