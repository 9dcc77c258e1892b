/** One message of a Server-Sent Events stream, as a browser's EventSource would see it. */
export interface StreamMessage {
  id: string | undefined;
  event: string;
  data: unknown;
}

/**
 * Opens an SSE stream over real HTTP and parses it as it arrives. `messages` fills in order;
 * `comments` counts comment lines (heartbeats); `ended` resolves when the server closes it.
 */
export const openEventStream = async (url: string, headers: Record<string, string> = {}) => {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: StreamMessage[] = [];
  let comments = 0;
  let buffer = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const parse = (block: string) => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields += 1;
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ id, event, data: JSON.parse(data.join('\n')) });
    else if (fields === 0) return;
  };
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // Aborted by close().
    } finally {
      notify();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));

  /** Resolves once the condition holds; rejects after the timeout with what was received. */
  const waitUntil = (condition: () => boolean, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      if (condition()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`stream condition not met; received ${JSON.stringify(messages)}`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });

  return {
    response,
    messages,
    get comments() {
      return comments;
    },
    get ended() {
      return done;
    },
    finished: ended,
    waitForMessages: (count: number, timeoutMs?: number) =>
      waitUntil(() => messages.length >= count, timeoutMs),
    waitUntil,
    ids: () => messages.map((message) => message.id),
    close: async () => {
      controller.abort();
      await ended;
    },
  };
};

export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;
