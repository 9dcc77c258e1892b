import { lazy } from 'react';

// What other features use. Everything exported here directly must stay light and free of zod;
// the picker and its calls come lazily. The avatar itself is in components/avatar-image.
export { describeAvatarBonus } from './avatars/describe-avatar-bonus';

/** The avatar picker with its save button (props: `labelledBy`), loaded on first render. */
export const AvatarChangeForm = lazy(() => import('./components/avatar-change-form'));
