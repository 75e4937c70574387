/** The site's mark: a lotus over a rising sun, drawn for this site. */
export function LotusMark({ size = 36, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden className={className}>
      <circle cx="24" cy="22" r="11" fill="#f5b66b" opacity="0.55" />
      <path d="M24 9c4 5 5.5 10.5 0 20-5.5-9.5-4-15 0-20Z" fill="#a3540f" />
      <path d="M24 29c-3-8-9-11.5-15-11 1 7 6.5 11 15 11Z" fill="#d9822b" />
      <path d="M24 29c3-8 9-11.5 15-11-1 7-6.5 11-15 11Z" fill="#d9822b" />
      <path d="M24 29c-6-3.5-12-3.5-18-1 4 4.5 11 5 18 1Z" fill="#2c3366" opacity="0.85" />
      <path d="M24 29c6-3.5 12-3.5 18-1-4 4.5-11 5-18 1Z" fill="#2c3366" opacity="0.85" />
      <path d="M10 36h28" stroke="#2c3366" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
    </svg>
  );
}
