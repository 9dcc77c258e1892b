import { cookiePolicy, errorCodes, webRoutes } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { clientErrorCodes } from '../lib/api-error';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const languages = ['en', 'fr'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `{ a: { b_one: 'x', b_other: 'y' } }` → `['a.b_one', 'a.b_other']`. */
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );

const catalogue = (language: string) => {
  const entries: [string, string][] = [];
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language) entries.push(...flatten(tree, `${match[2]}:`));
  }
  return new Map(entries);
};

/** Plural forms differ by language (fr has `_many`): compare keys without their plural suffix. */
const baseKeys = (keys: Iterable<string>) =>
  new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')));
const placeholders = (value: string) =>
  [...value.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

const namespacesOf = (language: string) =>
  Object.keys(files)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.replace(`./${language}/`, ''))
    .sort();

describe('message catalogues', () => {
  const en = catalogue('en');
  const fr = catalogue('fr');

  it('have the same namespace files in every language', () => {
    expect(namespacesOf('fr')).toEqual(namespacesOf('en'));
    expect(namespacesOf('en').length).toBeGreaterThan(0);
  });

  it('have the same keys in every language', () => {
    const enKeys = baseKeys(en.keys());
    const frKeys = baseKeys(fr.keys());
    expect(
      [...enKeys].filter((key) => !frKeys.has(key)),
      'keys missing in fr',
    ).toEqual([]);
    expect(
      [...frKeys].filter((key) => !enKeys.has(key)),
      'keys missing in en',
    ).toEqual([]);
  });

  it.each(languages)('has no empty value in %s', (language) => {
    const empty = [...catalogue(language)]
      .filter(([, value]) => value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(languages)('has every plural form %s needs', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const keys = [...catalogue(language).keys()];
    const plurals = new Set(
      keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    const missing = [...plurals].flatMap((base) =>
      categories
        .filter((category) => category !== 'zero' && !keys.includes(`${base}_${category}`))
        .map((c) => `${base}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('calls a first blood « premier sang » everywhere in French', () => {
    const english = [...fr].filter(([, value]) => /first[ -]?blood/i.test(value));
    expect(english).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const mismatches = [...en]
      .filter(([key]) => !PLURAL_SUFFIX.test(key))
      .filter(
        ([key, value]) =>
          fr.has(key) && placeholders(value).join() !== placeholders(fr.get(key)!).join(),
      )
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });

  it('translates every error code of the contracts and of the client', () => {
    const missing = [...errorCodes, ...clientErrorCodes].filter(
      (code) => !en.has(`errors:${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('titles every screen of webRoutes', () => {
    expect(
      webRoutes.filter((route) => !en.has(`screens:${route.id}.title`)).map((route) => route.id),
    ).toEqual([]);
  });

  it('explains every cookie of the cookie policy', () => {
    const missing = cookiePolicy.filter(
      (cookie) => !en.has(`cookies:cookies.${cookie.id}.purpose`),
    );
    expect(missing.map((cookie) => cookie.id)).toEqual([]);
  });
});
