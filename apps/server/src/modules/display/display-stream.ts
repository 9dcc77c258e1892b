import { REALTIME_PROTOCOL_VERSION, type RealtimeEvent } from '@rampart/contracts';
import type { EventSink } from '../../realtime/event-hub.js';

/**
 * What the projector view is sent of a session's stream: events every player of the session
 * reads (audience `session`), of the kinds the wall shows, each cut to what the wall needs. Free
 * text a trainer typed for the players (a speedrun's description) stays off the wall, and so would
 * a reason, which the session's copy of an elimination or adjustment does not carry anyway.
 * Anything else is dropped, whatever it carries.
 */
const reducers: Partial<
  Record<RealtimeEvent['type'], (payload: Record<string, unknown>) => Record<string, unknown>>
> = {
  'session.status_changed': (payload) => payload,
  'session.settings_changed': (payload) => payload,
  'objective.solved': (payload) => payload,
  'ranking.changed': (payload) => payload,
  'team.created': (payload) => payload,
  'team.dissolved': (payload) => payload,
  'team.reinstated': (payload) => payload,
  'team.eliminated': (payload) => ({ ...payload, reason: null }),
  'score.adjusted': (payload) => ({ ...payload, reason: null }),
  'speedrun.launched': (payload) => ({ ...payload, description: '' }),
};

interface Envelope {
  sequence: number;
  audience: string;
  createdAt: string;
  type: string;
  payload: Record<string, unknown>;
}

const parseFrame = (frame: string) => {
  let id: string | null = null;
  let event: string | null = null;
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  return { id, event, data };
};

/**
 * The display's sink: the hub writes whole SSE messages of the session's stream (with the
 * trainers' audience, for the revocation of this very link); this rewrites them for the wall and
 * ends the stream when the link is revoked. Heartbeats and `stream.reset` pass unchanged.
 */
export const createDisplaySink = (
  inner: EventSink,
  linkUuid: string,
): EventSink & { readonly revoked: boolean } => {
  let revoked = false;
  const reduce = (frame: string): string | null => {
    if (frame.startsWith(':')) return frame;
    const { id, event, data } = parseFrame(frame);
    if (event === 'stream.reset') return frame;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(data) as Envelope;
    } catch {
      return null;
    }
    if (envelope.type === 'display.link_changed' && envelope.audience === 'trainers') {
      if (envelope.payload.linkUuid === linkUuid && envelope.payload.revoked === true)
        revoked = true;
      return null;
    }
    const reducer = reducers[envelope.type as RealtimeEvent['type']];
    if (envelope.audience !== 'session' || !reducer) return null;
    const reduced = JSON.stringify({
      v: REALTIME_PROTOCOL_VERSION,
      sequence: envelope.sequence,
      audience: 'session',
      createdAt: envelope.createdAt,
      type: envelope.type,
      payload: reducer(envelope.payload),
    });
    return `id: ${id}\nevent: ${envelope.type}\ndata: ${reduced}`;
  };

  return {
    get revoked() {
      return revoked;
    },
    write(bytes) {
      if (revoked) return;
      const kept: string[] = [];
      for (const frame of bytes.toString('utf8').split('\n\n')) {
        if (frame === '') continue;
        const out = reduce(frame);
        if (revoked) break;
        if (out !== null) kept.push(`${out}\n\n`);
      }
      if (kept.length > 0) inner.write(Buffer.from(kept.join('')));
      // The link was revoked: what came before goes out, then the stream ends (the response's
      // close releases the subscription).
      if (revoked) inner.end();
    },
    bufferedBytes: () => inner.bufferedBytes(),
    drained: () => inner.drained(),
    end: () => inner.end(),
  };
};
