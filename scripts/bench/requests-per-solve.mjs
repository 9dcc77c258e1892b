// The "requests per solve" figure: N simulated game screens on one session's stream, each doing
// on every event exactly what the web app does (the contracts' `gameScreenReads` table, which the
// web's stream handler follows too), then one team solves objectives one after another. The
// figure is what the screens ask the server because of each solve, the answer included.
import http from 'node:http';

/** The routes behind each read of the table, as the game screen calls them. */
const routeOf = (query, sessionUuid) =>
  ({
    session: `/api/sessions/${sessionUuid}?locale=en`,
    objectives: `/api/sessions/${sessionUuid}/objectives?locale=en`,
    ranking: `/api/sessions/${sessionUuid}/ranking`,
    content: '/api/content/home?locale=en',
    lab: `/api/sessions/${sessionUuid}/environment`,
    chat: `/api/sessions/${sessionUuid}/chat`,
  })[query];

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const send = (base, method, path, token, body) =>
  new Promise((resolve) => {
    const target = new URL(path, base);
    const payload = body ? JSON.stringify(body) : null;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', () => resolve(0));
    request.end(payload ?? undefined);
  });

/**
 * Opens `clients` game screens (spread over the session's players, one team each) and has the
 * first player's team solve `solves` objectives, one at a time, each once every screen is quiet.
 * Answers the requests per solve, the statuses seen, and the screens connected.
 */
export const measureRequestsPerSolve = async (
  base,
  { sessionUuid, players, objectives, clients, solves = 5 },
) => {
  // Imported here: `npm run bench` builds the contracts before it measures.
  const { answerReads, gameScreenReads } = await import('@rampart/contracts');
  const statuses = new Map();
  let requests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  let events = 0;
  const count = async (method, path, token, body) => {
    requests += 1;
    inFlight += 1;
    lastActivity = Date.now();
    const status = await send(base, method, path, token, body);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    inFlight -= 1;
    lastActivity = Date.now();
  };
  /** What the web app does on an event: read again what the table lists, nothing else. */
  const onEvent = (type, token) => {
    lastActivity = Date.now();
    events += 1;
    for (const query of gameScreenReads[type] ?? [])
      void count('GET', routeOf(query, sessionUuid), token);
  };

  const streams = [];
  const open = (token) =>
    new Promise((resolve) => {
      const target = new URL(`/api/sessions/${sessionUuid}/events`, base);
      const request = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          agent: false,
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            return resolve(false);
          }
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const type = /^event: (.+)$/m.exec(frame)?.[1];
              if (type) onEvent(type, token);
            }
          });
          resolve(true);
        },
      );
      request.on('error', () => resolve(false));
      streams.push(request);
    });
  let connected = 0;
  for (let first = 0; first < clients; first += 250) {
    const wave = Array.from({ length: Math.min(250, clients - first) }, (_, offset) =>
      open(players[(first + offset) % players.length]),
    );
    connected += (await Promise.all(wave)).filter(Boolean).length;
  }

  /** Until no request is under way and nothing happened for a while (a ranking's interval). */
  const quiet = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < 1500)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await quiet();
  const before = requests;
  const eventsBefore = events;
  statuses.clear();
  for (const { uuid, flag } of objectives.slice(0, solves)) {
    // The solver's screen: its answer, then what the table says an answer reads again.
    await count('POST', `/api/sessions/${sessionUuid}/objectives/${uuid}/answers`, players[0], {
      answer: flag,
    });
    for (const query of answerReads) void count('GET', routeOf(query, sessionUuid), players[0]);
    await quiet();
  }
  for (const request of streams) request.destroy();
  agent.destroy();
  const solved = Math.min(solves, objectives.length);
  return {
    perSolve: (requests - before) / solved,
    /** Events each screen heard per solve: the solve and the ranking at least. */
    eventsPerScreen: (events - eventsBefore) / solved / Math.max(1, connected),
    statuses: Object.fromEntries(statuses),
    connected,
  };
};
