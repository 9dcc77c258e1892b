import styles from './login-art.module.css';

const BLIPS = [
  { cx: 214, cy: 96, delay: '0.4s' },
  { cx: 92, cy: 204, delay: '1.9s' },
  { cx: 236, cy: 222, delay: '3.1s' },
];

/** A radar sweeping round the Rampart shield: decoration of the login pages. */
export function LoginArt() {
  return (
    <svg className={styles.art} viewBox="0 0 320 320" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="login-art-sweep" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0" />
          <stop offset="1" stopColor="var(--color-accent)" stopOpacity="0.35" />
        </linearGradient>
      </defs>
      <g fill="none" stroke="var(--color-border-strong)">
        <circle cx="160" cy="160" r="150" />
        <circle cx="160" cy="160" r="108" />
        <circle cx="160" cy="160" r="66" />
        <path d="M160 10v300M10 160h300" strokeDasharray="2 6" />
      </g>
      <circle
        className={styles.ring}
        cx="160"
        cy="160"
        r="129"
        fill="none"
        stroke="var(--color-accent)"
        strokeOpacity="0.5"
        strokeDasharray="4 14"
      />
      <path
        className={styles.sweep}
        d="M160 160 L310 160 A150 150 0 0 0 266 54 Z"
        fill="url(#login-art-sweep)"
      />
      {BLIPS.map((blip) => (
        <circle
          key={blip.delay}
          className={styles.blip}
          style={{ animationDelay: blip.delay }}
          cx={blip.cx}
          cy={blip.cy}
          r="4"
          fill="var(--color-accent)"
        />
      ))}
      <g transform="translate(124 122) scale(2.25)">
        <path
          d="M16 2.5 4.5 6.8v8.6c0 7.1 4.8 12.2 11.5 14.1 6.7-1.9 11.5-7 11.5-14.1V6.8L16 2.5Z"
          fill="var(--color-bg)"
          stroke="var(--color-accent)"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
        <path
          d="M10 11h2.4v2h2.4v-2h2.4v2h2.4v-2H22v10h-4.5v-3a1.5 1.5 0 0 0-3 0v3H10Z"
          fill="var(--color-accent)"
        />
      </g>
    </svg>
  );
}
