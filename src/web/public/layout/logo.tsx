/** The brand mark: a tyre in the accent colour (inline SVG, no image request). */
export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <circle cx="16" cy="16" r="15" fill="#f5b301" />
      <circle cx="16" cy="16" r="9.5" fill="#1f2328" />
      <circle cx="16" cy="16" r="4" fill="#f5b301" />
      <path d="M16 1.5v5M16 25.5v5M1.5 16h5M25.5 16h5" stroke="#1f2328" strokeWidth="2.5" />
    </svg>
  );
}
