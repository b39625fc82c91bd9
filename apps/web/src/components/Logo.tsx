/** The ETERNO mark. */
export function Logo({ className = 'logo' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="eterno-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--accent-2)" />
          <stop offset="1" stopColor="var(--accent)" />
        </linearGradient>
      </defs>
      <path d="M32 3 57 17.5v29L32 61 7 46.5v-29z" fill="url(#eterno-logo)" />
      <path d="M22 19h21v5.5H28.5v4.8h12.5v5.4H28.5v4.8H43V45H22z" fill="#0a0f1c" />
    </svg>
  );
}
