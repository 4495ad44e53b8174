/**
 * Runs `work` once the page has loaded and the main thread is idle: for code the first screen
 * does not need (the audit queue, the toast library), so it never competes with that screen
 * for a slow connection or a slow phone's CPU.
 */
export function afterLoad(work: () => void): () => void {
  let idle: number | undefined;
  let cancelled = false;
  const schedule = () => {
    if (cancelled) return;
    idle = window.requestIdleCallback
      ? window.requestIdleCallback(work, { timeout: 3000 })
      : window.setTimeout(work, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
