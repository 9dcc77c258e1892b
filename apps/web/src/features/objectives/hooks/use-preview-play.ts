import { useMutation } from '@tanstack/react-query';
import type { ObjectivePlay } from '../lib/objective-play';

const refuse = (): Promise<never> =>
  Promise.reject(new Error('A preview plays no session: nothing is sent.'));

/**
 * The objective's play for a preview: mutations that are never sent (the preview's controls
 * are disabled) and would refuse if they were.
 */
export const usePreviewPlay = (): ObjectivePlay => ({
  submitAnswer: useMutation({ mutationFn: refuse }),
  toggleFollow: useMutation({ mutationFn: refuse }),
  unlockHint: useMutation({ mutationFn: refuse }),
});
