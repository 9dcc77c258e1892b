// The play figures' fixture, over real HTTP with bearer tokens (no cookies, no CSRF): the demo
// trainer creates a session of the first demo mission, the six demo players each create a team,
// the trainer forces the start and the countdown runs out. Answers the session, the players'
// tokens and a flag objective without an attempt limit (wrong answers keep counting there).
const DEMO_PASSWORD = 'Rampart#2025';
const PLAYERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];

const call = async (base, method, path, { token, body, form } = {}) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
};

const tokenOf = async (base, side, username) =>
  (
    await call(base, 'POST', side === 'trainer' ? '/api/trainer/auth/token' : '/api/auth/token', {
      body: { username, password: DEMO_PASSWORD },
    })
  ).token;

/** Forces a session's start; answers when its countdown ends, on this machine's clock. */
const forceStart = async (base, trainer, sessionUuid, memberToken) => {
  await call(base, 'POST', `/api/trainer/sessions/${sessionUuid}/start`, {
    token: trainer,
    body: { force: true },
  });
  const { session } = await call(base, 'GET', `/api/sessions/${sessionUuid}`, {
    token: memberToken,
  });
  return Date.now() + Date.parse(session.startsAt) - Date.parse(session.serverTime);
};

/** Waits until every countdown has ended, and a little more. */
const untilRunning = (starts) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, ...starts.map((at) => at - Date.now())) + 500),
  );

/** `missionUuid`: the mission to play (default: the first demo mission). */
export const setUpRunningSession = async (base, { missionUuid } = {}) => {
  const trainer = await tokenOf(base, 'trainer', 'trainer');
  const { missions } = await call(base, 'GET', '/api/trainer/missions', { token: trainer });
  const { mission } = await call(
    base,
    'GET',
    `/api/trainer/missions/${missionUuid ?? missions[0].uuid}`,
    { token: trainer },
  );
  const open = mission.objectives.filter((objective) => !objective.locked);
  const target = open.find((o) => o.type === 'flag' && (o.maxAttempts ?? null) === null) ?? open[0];
  const { session } = await call(base, 'POST', '/api/trainer/sessions', {
    token: trainer,
    body: {
      missionUuid: mission.uuid,
      name: `Bench ${Date.now()}`,
      maxTeams: PLAYERS.length,
      playersPerTeam: 1,
      durationMinutes: 600,
    },
  });
  const players = [];
  for (const [index, username] of PLAYERS.entries()) {
    const token = await tokenOf(base, 'player', username);
    const form = new FormData();
    form.append('name', `Bench team ${index + 1}`);
    await call(base, 'POST', `/api/sessions/${session.uuid}/teams`, { token, form });
    players.push(token);
  }
  await untilRunning([await forceStart(base, trainer, session.uuid, players[0])]);
  return {
    sessionUuid: session.uuid,
    objectiveUuid: target.uuid,
    penalty: target.penalty ?? 0,
    players,
  };
};

/**
 * Sessions of the bench mission holding `tokens.length` one-player teams (at most 100 a session,
 * the limit), all started: the correct-answers figure's fixture. Answers the sessions in order;
 * player i's team is in session ⌊i / perSession⌋.
 */
export const setUpSolvingSessions = async (base, missionUuid, tokens, perSession = 100) => {
  const trainer = await tokenOf(base, 'trainer', 'trainer');
  const sessions = [];
  for (let first = 0; first < tokens.length; first += perSession) {
    const { session } = await call(base, 'POST', '/api/trainer/sessions', {
      token: trainer,
      body: {
        missionUuid,
        name: `Bench solves ${first / perSession + 1}`,
        maxTeams: perSession,
        playersPerTeam: 1,
        durationMinutes: 600,
      },
    });
    sessions.push(session.uuid);
  }
  const join = async (index) => {
    const form = new FormData();
    form.append('name', `Bench solver ${index + 1}`);
    await call(base, 'POST', `/api/sessions/${sessions[Math.floor(index / perSession)]}/teams`, {
      token: tokens[index],
      form,
    });
  };
  for (let first = 0; first < tokens.length; first += 20)
    await Promise.all(tokens.slice(first, first + 20).map((_, offset) => join(first + offset)));
  const starts = [];
  for (const [index, uuid] of sessions.entries())
    starts.push(await forceStart(base, trainer, uuid, tokens[index * perSession]));
  await untilRunning(starts);
  return { sessions, perSession, players: tokens };
};

/**
 * The debrief figure's fixture: a session of the bench mission with `teams` one-player teams
 * (the first `teams` tokens), where each team gives `wrongPerObjective` distinct wrong answers
 * and then the flag on every objective (teams × objectives × (wrong + 1) submissions, sent
 * `parallel` at a time), then stopped by the trainer. Answers the session and a player's token.
 */
export const setUpPlayedSession = async (
  base,
  { missionUuid, objectiveUuid, flag, objectives, tokens, teams, wrongPerObjective, parallel = 50 },
) => {
  const trainer = await tokenOf(base, 'trainer', 'trainer');
  const { session } = await call(base, 'POST', '/api/trainer/sessions', {
    token: trainer,
    body: {
      missionUuid,
      name: 'Bench debrief',
      maxTeams: teams,
      playersPerTeam: 1,
      durationMinutes: 600,
    },
  });
  const players = tokens.slice(0, teams);
  for (const [index, token] of players.entries()) {
    const form = new FormData();
    form.append('name', `Debrief team ${index + 1}`);
    await call(base, 'POST', `/api/sessions/${session.uuid}/teams`, { token, form });
  }
  await untilRunning([await forceStart(base, trainer, session.uuid, players[0])]);
  const answers = [];
  for (let objective = 0; objective < objectives; objective += 1)
    for (let attempt = 0; attempt <= wrongPerObjective; attempt += 1)
      for (const [team, token] of players.entries())
        answers.push({
          token,
          objective,
          answer: attempt < wrongPerObjective ? `wrong-${team}-${attempt}` : flag(objective),
        });
  for (let first = 0; first < answers.length; first += parallel)
    await Promise.all(
      answers.slice(first, first + parallel).map(({ token, objective, answer }) =>
        call(
          base,
          'POST',
          `/api/sessions/${session.uuid}/objectives/${objectiveUuid(objective)}/answers`,
          {
            token,
            body: { answer },
          },
        ),
      ),
    );
  await call(base, 'POST', `/api/trainer/sessions/${session.uuid}/stop`, { token: trainer });
  return { sessionUuid: session.uuid, player: players[0], submissions: answers.length };
};

/** The player of `token` chooses the first avatar, so their screens need no onboarding first. */
export const chooseAvatar = async (base, token) => {
  const { avatars } = await call(base, 'GET', '/api/avatars', { token });
  await call(base, 'PUT', '/api/profile/avatar', { token, body: { avatarId: avatars[0].id } });
};
