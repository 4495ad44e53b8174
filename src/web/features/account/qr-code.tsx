import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The otpauth:// URI as a QR code, drawn in the browser (the secret never leaves the page for
 * a QR service). The qrcode library loads only when someone sets up an authenticator app.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => live && setSvg(markup));
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <Skeleton className="size-48" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-md border bg-white p-1"
      data-testid="totp-qr"
    />
  );
}
