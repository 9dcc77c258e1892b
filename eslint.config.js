import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's import directions: shared code (`lib/`, `components/`) → features → `app/`.
// A feature imports another feature only when the pair is allowed below, each with why; any
// other shared need is met by moving the piece to `lib/` or `components/`. Tests and their
// helpers may cross features (a screen's test renders the app); cycles are banned everywhere.
const webSrc = 'apps/web/src';
const webFeatures = fs.readdirSync(`${webSrc}/features`);
/** Features any feature may import: the player's world every screen stands on. */
const baseFeatures = [
  'auth', // who the user is (useCurrentUser) and the login guards
  'sessions', // the session being played: its query, its gate, its event stream
  'content', // the chapters and the content language the player's screens read
  'chat', // the chat panel and its cache: game, home, lobby and cockpit all show a chat
  'errors', // the error pages a screen falls back to
];
/** Further imports of one feature, each pair with its reason. */
const allowedFeatureImports = {
  // The content editor is a trainer screen: it sits in the trainer's shell, shares the players
  // screen's chapters query, shows the mission surveys, and previews an objective with the
  // objective's own view (the one the game shows) so that an author sees what a player will.
  'content-authoring': ['trainer-shell', 'trainer-players', 'debrief', 'objectives'],
  // The trainer's sessions (dashboard, creation, one session's data) sit in the trainer's shell.
  'trainer-sessions': ['trainer-shell'],
  // The cockpit runs one session: in the trainer's shell, with the session's data, clock and
  // join link from the trainer's sessions; it shows the session's exports and survey results,
  // and its lab console opens the same terminal as the player's lab panel.
  cockpit: ['trainer-shell', 'trainer-sessions', 'debrief', 'game'],
  // The players screen is a trainer screen, in the trainer's shell.
  'trainer-players': ['trainer-shell'],
  // The stats end the session: the survey prompt and the transition video lead to them.
  stats: ['survey', 'transitions'],
  // A session of the history shows its awards and its survey, as the stats screen does; the
  // profile changes the avatar with the onboarding's picker.
  profile: ['stats', 'survey', 'onboarding'],
  // The session stream refreshes the lab panel's query when the lab changes.
  sessions: ['game'],
  // The avatar picker saves through the auth layer's user.
  onboarding: ['auth'],
  // The greeting and the lobby show the player's avatar bonus and the avatar picker.
  home: ['onboarding'],
  lobby: ['onboarding'],
  // The game shows the objective's view with its own mutations (answer, follow, hint).
  game: ['onboarding', 'objectives'],
};
const featureZones = webFeatures.map((feature) => ({
  target: `./${webSrc}/features/${feature}`,
  from: `./${webSrc}/features`,
  except: [feature, ...baseFeatures, ...(allowedFeatureImports[feature] ?? [])]
    .filter((name, index, all) => all.indexOf(name) === index)
    .map((name) => `./${name}`),
  message: `features/${feature} may import only the features allowed in eslint.config.js: move what it shares to lib/ or components/, or allow the pair there with why.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-output/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    ignores: [`${webSrc}/**/*.test.{ts,tsx}`, `${webSrc}/**/testing/**`, `${webSrc}/test/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`./${webSrc}/lib`, `./${webSrc}/components`],
              from: [`./${webSrc}/features`, `./${webSrc}/app`],
              message: 'lib/ and components/ are shared: they never import a feature or the app.',
            },
            {
              target: `./${webSrc}/features`,
              from: `./${webSrc}/app`,
              message: 'Features never import the app shell; the app imports features.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports only into files it knows how to parse.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
