import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/home', '/home'],
    ['/fr/home', '/fr/home'],
    ['/sessions/abc/lobby?tab=teams#top', '/sessions/abc/lobby?tab=teams#top'],
    ['/a/../home', '/home'],
  ])('keeps the app path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['an absent value', null],
    ['an empty value', ''],
    ['another site', 'https://evil.example/home'],
    ['a protocol-relative URL', '//evil.example/home'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab trick', '/\t/evil.example'],
    ['a newline trick', '/\n/evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'home'],
    ['a data URL', 'data:text/html,hi'],
  ])('refuses %s (an open redirect)', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
