import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { afterLoad } from '@/lib/after-load';
import { loadSonner, whenSonnerRequested } from '@/lib/notify';

/**
 * The app-wide toast outlet, loaded after the first render (or the first toast) so the toast
 * library stays off the critical path. Raise toasts with `notify` from '@/lib/notify'.
 * Bottom-right, so a toast never covers the top banner or the page's heading.
 */
function Toaster(props: ToasterProps) {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void loadSonner().then((m) => live && setSonner(() => m.Toaster));
    const cancel = afterLoad(load);
    const stop = whenSonnerRequested(load);
    return () => {
      live = false;
      stop();
      cancel();
    };
  }, []);
  if (!Sonner) return null;
  return <Sonner position="bottom-right" richColors closeButton {...props} />;
}

export { Toaster };
