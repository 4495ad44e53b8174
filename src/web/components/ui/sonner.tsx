import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app-wide toast outlet; call `toast()` from 'sonner' anywhere. */
function Toaster(props: ToasterProps) {
  return <Sonner position="top-right" richColors closeButton {...props} />;
}

export { Toaster };
