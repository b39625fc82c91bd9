import { encode } from 'uqr';

/**
 * `value` as a QR code (uqr: byte mode, error correction M), drawn as one SVG path: dark modules on
 * a white quiet zone of 4 modules, so any phone camera reads it on the dark theme too.
 */
export function QrCode({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 0 });
  const quiet = 4;
  const full = size + 2 * quiet;
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${full} ${full}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
