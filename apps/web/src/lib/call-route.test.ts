import { deleteChapter, getChapter, postAnswer } from '@rampart/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, isApiError } from './api-client';
import { callRouteWith } from './call-route';
import { fillPath } from './route-path';

const answer = {
  correct: true,
  result: 'answer.correct',
  points: 100,
  firstBlood: false,
  attempts: 1,
  attemptsLeft: null,
  score: 100,
  completed_objectives: 1,
  total_objectives: 3,
  progress_percentage: 33,
};

/** callRoute over a client whose `fetch` answers `response` and records what it was asked. */
const setup = (response: () => Response) => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response());
  const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch, csrf: null });
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0]!;
    return { url, method: init.method, body: init.body };
  };
  return { callRoute: callRouteWith(client), sent };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('callRoute', () => {
  it('encodes each parameter whole, so a / or ? stays inside its segment', async () => {
    const { callRoute, sent } = setup(() => json(answer));
    await callRoute(postAnswer, {
      params: { uuid: 'a/../b', objective: 'c?d=1#e' },
      body: { answer: 'flag{x}' },
    });
    expect(sent().url).toBe('/api/sessions/a%2F..%2Fb/objectives/c%3Fd%3D1%23e/answers');
  });

  it('takes the method from the contract and sends the body as JSON', async () => {
    const { callRoute, sent } = setup(() => json(answer));
    await expect(
      callRoute(postAnswer, {
        params: { uuid: 'session', objective: 'objective' },
        body: { answer: 'flag{x}' },
      }),
    ).resolves.toEqual(answer);
    expect(sent()).toMatchObject({ method: 'POST', body: JSON.stringify({ answer: 'flag{x}' }) });
  });

  it('encodes the query after the filled path', async () => {
    const { callRoute, sent } = setup(() => new Response('{}', { status: 500 }));
    await callRoute(getChapter, { params: { uuid: 'u 1' }, query: { locale: 'fr' } }).catch(
      () => undefined,
    );
    expect(sent()).toMatchObject({ url: '/api/chapters/u%201?locale=fr', method: 'GET' });
  });

  it('rejects a success body that does not match the contract’s schema', async () => {
    const { callRoute } = setup(() => json({ correct: 'yes' }));
    const error = await callRoute(postAnswer, {
      params: { uuid: 'session', objective: 'objective' },
      body: { answer: 'flag{x}' },
    }).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.code).toBe('client.unexpected_response');
  });

  it('accepts the empty answer of a route whose success has no body', async () => {
    const { callRoute, sent } = setup(() => new Response(null, { status: 204 }));
    await expect(callRoute(deleteChapter, { params: { uuid: 'c' } })).resolves.toBeUndefined();
    expect(sent()).toMatchObject({ url: '/api/trainer/chapters/c', method: 'DELETE' });
  });

  it('refuses, at type level, a wrong parameter name or body shape', () => {
    const { callRoute } = setup(() => json(answer));
    const calls = () => [
      // @ts-expect-error `session` is not a parameter of the path
      callRoute(postAnswer, { params: { session: 's', objective: 'o' }, body: { answer: 'x' } }),
      // @ts-expect-error `flag` is not a field of the answer body
      callRoute(postAnswer, { params: { uuid: 's', objective: 'o' }, body: { flag: 'x' } }),
      // @ts-expect-error the path has parameters, so they are required
      callRoute(getChapter),
    ];
    expect(typeof calls).toBe('function');
  });

  it('throws rather than call a path with a parameter left unfilled', () => {
    expect(() => fillPath('/api/chapters/{uuid}', {} as { uuid: string })).toThrow(/\{uuid\}/);
  });
});
