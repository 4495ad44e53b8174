import { useRef } from 'react';

/**
 * Focus goes back to the control that opened a dialog when it closes (WCAG 2.4.3). Radix does
 * this only for its own Trigger; our dialogs are often opened from state (a row's Edit button),
 * where Radix would drop focus on <body>. The opener is whatever had focus when the dialog
 * took it; if it has left the page meanwhile, the page's main region takes focus instead.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
      target?.focus({ preventScroll: true });
      opener.current = null;
    },
  };
}
