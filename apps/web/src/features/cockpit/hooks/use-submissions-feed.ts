import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSubmissions } from '../api/trainer-cockpit';
import {
  appendOlder,
  emptyFeed,
  newestId,
  prependNewer,
  type FeedRows,
} from '../lib/submissions-feed';

/** Pages read after one event at most: past them, the next event goes on where they stopped. */
const catchUpPages = 5;

export interface SubmissionsFeed extends FeedRows {
  status: 'pending' | 'ready' | 'error';
  error: unknown;
  /** How many rows the last catch-up brought: what the feed announces, never the answers. */
  arrived: number;
  loadingOlder: boolean;
  /** On `submissions.recorded`: reads what arrived after the newest row held. */
  catchUp: () => void;
  loadOlder: () => void;
  /** From the newest page again (a retry, or the stream restarted). */
  reload: () => void;
}

/**
 * The session's submissions feed: the newest page first, then live rows read with `?after=` on
 * each `submissions.recorded` (the event carries no answer), older pages on demand. Every read
 * goes through one queue, so a catch-up never races the first page or another catch-up.
 */
export const useSubmissionsFeed = (uuid: string): SubmissionsFeed => {
  const [feed, setFeed] = useState<FeedRows>(emptyFeed);
  const [status, setStatus] = useState<SubmissionsFeed['status']>('pending');
  const [error, setError] = useState<unknown>(null);
  const [arrived, setArrived] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const current = useRef<FeedRows>(emptyFeed);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const alive = useRef(true);

  const commit = useCallback((next: FeedRows) => {
    current.current = next;
    if (alive.current) setFeed(next);
  }, []);
  const enqueue = useCallback((task: () => Promise<void>) => {
    queue.current = queue.current.then(task).catch((cause: unknown) => {
      if (!alive.current) return;
      setError(cause);
      setStatus('error');
    });
  }, []);

  const load = useCallback(() => {
    enqueue(async () => {
      const page = await fetchSubmissions(uuid);
      commit({ rows: page.submissions, olderBefore: page.nextBefore });
      if (alive.current) setStatus('ready');
    });
  }, [uuid, enqueue, commit]);
  const reload = useCallback(() => {
    setStatus('pending');
    load();
  }, [load]);

  const catchUp = useCallback(() => {
    enqueue(async () => {
      let count = 0;
      for (let page = 0; page < catchUpPages; page += 1) {
        const answer = await fetchSubmissions(uuid, { after: newestId(current.current) });
        commit(prependNewer(current.current, answer.submissions));
        count += answer.submissions.length;
        if (answer.nextAfter === null) break;
      }
      if (alive.current && count > 0) setArrived(count);
    });
  }, [uuid, enqueue, commit]);

  const loadOlder = useCallback(() => {
    const before = current.current.olderBefore;
    if (before === null) return;
    setLoadingOlder(true);
    enqueue(async () => {
      try {
        commit(appendOlder(current.current, await fetchSubmissions(uuid, { before })));
      } finally {
        if (alive.current) setLoadingOlder(false);
      }
    });
  }, [uuid, enqueue, commit]);

  useEffect(() => {
    alive.current = true;
    load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  return { ...feed, status, error, arrived, loadingOlder, catchUp, loadOlder, reload };
};
