// Loads the answer route and prints autocannon's result as JSON (a process of its own, like the
// other loads). One player's bearer token per request in turn.
//   MODE=wrong    distinct wrong answers on OBJECTIVE
//   MODE=correct  first solves: request n solves bench objective ⌊n / teams⌋ for team n mod teams,
//                 counting from OFFSET (so a second run goes on where the first stopped); the
//                 team of player i plays in SESSIONS[⌊i / PER_SESSION⌋]
import autocannon from 'autocannon';
import { benchFlag, benchObjectiveUuid } from './bench-pack.mjs';

const { URL_BASE, SESSION, OBJECTIVE, TOKENS, DURATION, CONNECTIONS, MODE, OFFSET } = process.env;
const tokens = JSON.parse(TOKENS);
const sessions = JSON.parse(process.env.SESSIONS ?? '[]');
const perSession = Number(process.env.PER_SESSION ?? 1);
let counter = Number(OFFSET ?? 0);
const result = await autocannon({
  url: URL_BASE,
  connections: Number(CONNECTIONS),
  duration: Number(DURATION),
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        counter += 1;
        const team = counter % tokens.length;
        const objective = Math.floor(counter / tokens.length);
        return {
          ...request,
          path:
            MODE === 'correct'
              ? `/api/sessions/${sessions[Math.floor(team / perSession)]}/objectives/${benchObjectiveUuid(objective)}/answers`
              : `/api/sessions/${SESSION}/objectives/${OBJECTIVE}/answers`,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[team]}`,
          },
          body: JSON.stringify({
            answer: MODE === 'correct' ? benchFlag(objective) : `wrong-${process.pid}-${counter}`,
          }),
        };
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, counter }));
