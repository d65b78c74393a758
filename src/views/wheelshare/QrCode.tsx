import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as one SVG path of dark modules, with a quiet zone of two modules. `data-value` holds what it encodes,
 * what a phone that scans it reads (the browser tests follow it).
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const modules = qr.data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')));
    return { size: qr.size, path: modules.join('') };
  }, [value]);
  return (
    <svg
      className="qr-code"
      data-value={value}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
