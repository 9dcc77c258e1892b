import { describe, expect, it } from 'vitest';
import { sessionUuidFromJoinLink } from './join-link';

const uuid = '0b6f2f3e-8d4c-4b8e-9d1a-3c5e7f9a1b2c';

describe('a pasted join link', () => {
  it.each([
    [uuid, uuid],
    [`  ${uuid.toUpperCase()}  `, uuid],
    [`https://rampart.example/fr/sessions/${uuid}/join`, uuid],
    [`http://localhost:3000/sessions/${uuid}/lobby?x=1`, uuid],
    ['not a link', null],
    ['https://rampart.example/sessions/1234/join', null],
  ])('%s → %s', (text, expected) => {
    expect(sessionUuidFromJoinLink(text)).toBe(expected);
  });
});
