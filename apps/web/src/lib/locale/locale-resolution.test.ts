import { describe, expect, it } from 'vitest';
import { localizePath, resolveLocale, splitLocalePrefix } from './locale-resolution';

describe('resolveLocale (prefix > cookie > navigator > fr)', () => {
  it.each([
    {
      case: 'prefix beats everything',
      pathname: '/en/home',
      cookie: 'fr',
      navigator: ['fr-FR'],
      expected: 'en',
    },
    { case: 'bare prefix', pathname: '/en', cookie: null, navigator: [], expected: 'en' },
    {
      case: 'fr prefix beats an en cookie',
      pathname: '/fr/profile',
      cookie: 'en',
      navigator: ['en-US'],
      expected: 'fr',
    },
    {
      case: 'cookie without prefix',
      pathname: '/home',
      cookie: 'en',
      navigator: ['fr-FR'],
      expected: 'en',
    },
    {
      case: 'regional cookie value',
      pathname: '/home',
      cookie: 'en-GB',
      navigator: [],
      expected: 'en',
    },
    {
      case: 'unknown cookie falls to navigator',
      pathname: '/home',
      cookie: 'de',
      navigator: ['en-US'],
      expected: 'en',
    },
    {
      case: 'navigator, first supported wins',
      pathname: '/',
      cookie: null,
      navigator: ['de-DE', 'en-GB', 'fr'],
      expected: 'en',
    },
    {
      case: 'navigator language case-insensitive',
      pathname: '/',
      cookie: null,
      navigator: ['EN_us'],
      expected: 'en',
    },
    {
      case: 'nothing usable gives fr',
      pathname: '/',
      cookie: null,
      navigator: ['de', 'es'],
      expected: 'fr',
    },
    {
      case: 'no navigator languages gives fr',
      pathname: '/home',
      cookie: '',
      navigator: [],
      expected: 'fr',
    },
    {
      case: 'a path that only starts like a locale',
      pathname: '/english',
      cookie: null,
      navigator: [],
      expected: 'fr',
    },
    {
      case: 'unsupported prefix is no prefix',
      pathname: '/de/home',
      cookie: 'en',
      navigator: [],
      expected: 'en',
    },
  ])(
    '$case: $pathname, cookie $cookie, navigator $navigator → $expected',
    ({ pathname, cookie, navigator, expected }) => {
      expect(resolveLocale({ pathname, cookieLocale: cookie, navigatorLanguages: navigator })).toBe(
        expected,
      );
    },
  );

  it('ignores locales the deployment does not offer', () => {
    expect(
      resolveLocale({
        pathname: '/en/home',
        cookieLocale: 'en',
        navigatorLanguages: ['en'],
        available: ['fr'],
      }),
    ).toBe('fr');
    expect(
      resolveLocale({
        pathname: '/',
        cookieLocale: null,
        navigatorLanguages: [],
        available: ['en'],
      }),
    ).toBe('en');
  });
});

describe('locale prefixes', () => {
  it.each([
    ['/fr/home', 'fr', '/home'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/home', null, '/home'],
    ['/', null, '/'],
    ['/fresh/start', null, '/fresh/start'],
  ])('splits %s into %s + %s', (pathname, prefix, path) => {
    expect(splitLocalePrefix(pathname)).toEqual({ prefix, path });
  });

  it.each([
    ['/home', 'en', '/en/home'],
    ['/', 'fr', '/fr'],
    ['/home#chapters', 'fr', '/fr/home#chapters'],
    ['/home', null, '/home'],
  ] as const)('localizes %s behind %s as %s', (path, prefix, expected) => {
    expect(localizePath(path, prefix)).toBe(expected);
  });
});
