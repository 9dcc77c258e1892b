// Loads the answer route with distinct wrong answers, one player's bearer token per request in
// turn, and prints autocannon's result as JSON (a process of its own, like the other loads).
import autocannon from 'autocannon';

const { URL_BASE, SESSION, OBJECTIVE, TOKENS, DURATION, CONNECTIONS } = process.env;
const tokens = JSON.parse(TOKENS);
let counter = 0;
const result = await autocannon({
  url: URL_BASE,
  connections: Number(CONNECTIONS),
  duration: Number(DURATION),
  requests: [
    {
      method: 'POST',
      path: `/api/sessions/${SESSION}/objectives/${OBJECTIVE}/answers`,
      setupRequest: (request) => {
        counter += 1;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[counter % tokens.length]}`,
          },
          body: JSON.stringify({ answer: `wrong-${process.pid}-${counter}` }),
        };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
