/** Rampart's mark: a shield bearing a crenellated wall and its gate. Decorative, the app name sits beside it. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 2.5 4.5 6.8v8.6c0 7.1 4.8 12.2 11.5 14.1 6.7-1.9 11.5-7 11.5-14.1V6.8L16 2.5Z"
        fill="var(--color-accent-soft-strong)"
        stroke="var(--color-accent)"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M10 11h2.4v2h2.4v-2h2.4v2h2.4v-2H22v10h-4.5v-3a1.5 1.5 0 0 0-3 0v3H10Z"
        fill="var(--color-accent)"
      />
    </svg>
  );
}
