const COLORS: Record<string, readonly [string, string]> = {
  UNITS: ['#f5b83d', '#ffd98a'],
  EULP: ['#6366f1', '#a5b4fc'],
  ETRO: ['#f97316', '#fdba74'],
  USDT: ['#10b981', '#6ee7b7'],
  FON: ['#38bdf8', '#bae6fd'],
  EUSD: ['#22d3ee', '#a5f3fc'],
  PUSD: ['#e879f9', '#f5d0fe'],
};

/** A round token badge with the symbol's first letters (no remote images). */
export function TokenIcon({ symbol }: { symbol: string }) {
  const [from, to] = COLORS[symbol] ?? ['#64748b', '#cbd5e1'];
  const id = `token-${symbol}`;
  return (
    <svg className="token-icon" viewBox="0 0 40 40" aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={to} />
          <stop offset="1" stopColor={from} />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="20" fill={`url(#${id})`} />
      <text x="20" y="25" textAnchor="middle" fontSize="13" fontWeight="700" fill="#0a0f1c">
        {symbol.slice(0, 2)}
      </text>
    </svg>
  );
}
