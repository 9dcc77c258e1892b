import { randomUUID } from 'node:crypto';
import { LocalProvider } from '../src/modules/labs/providers/local-provider.js';
import { localLabTemplate } from './local-lab.js';

/**
 * A back end in miniature for the tests that kill it: allocates one local lab, prints its
 * anchor's pid and its reference, then waits to be killed.
 */
const provider = new LocalProvider({ maxConcurrent: 1 });
const envId = randomUUID();
const status = await provider.allocate({
  envId,
  sessionUuid: randomUUID(),
  teamUuid: randomUUID(),
  template: localLabTemplate(),
  expiresAt: new Date(Date.now() + 600_000),
});
console.log(`anchor ${provider.namespaceOf(envId).pid} ${status.providerRef}`);
setInterval(() => undefined, 60_000);
