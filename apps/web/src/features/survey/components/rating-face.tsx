import type { SurveyRating } from '@rampart/contracts';

/** The mouth of each level, from a wide smile to a deep frown (the eyes are the same). */
const mouths: Record<SurveyRating, string> = {
  very_satisfied: 'M8 14.5c2.2 3.2 5.8 3.2 8 0',
  satisfied: 'M8.5 15c2 1.8 5 1.8 7 0',
  neutral: 'M8.5 15.5h7',
  unsatisfied: 'M8.5 16.5c2-1.6 5-1.6 7 0',
  very_unsatisfied: 'M8 17.5c2.2-3 5.8-3 8 0',
};

/** A face for a survey level: decoration beside its written label, never instead of it. */
export function RatingFace({ rating }: { rating: SurveyRating }) {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8.8" cy="9.5" r="1.2" fill="currentColor" />
      <circle cx="15.2" cy="9.5" r="1.2" fill="currentColor" />
      <path
        d={mouths[rating]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
