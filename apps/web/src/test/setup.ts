import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { lastEventIdStore } from '../lib/event-stream/last-event-ids';
import { i18n, initI18n, loadCatalogue } from '../lib/i18n/i18n';
import { WAIT_TIMEOUT_MS } from './timeouts';

// A screen's first render waits for its lazy chunk, slower on a busy machine than on a laptop:
// `findBy` and `waitFor` give up only shortly before the test itself would.
configure({ asyncUtilTimeout: WAIT_TIMEOUT_MS });

beforeAll(async () => {
  // jsdom has no layout: React Router's scroll restoration would log "not implemented".
  window.scrollTo = () => undefined;
  // Nor scrollIntoView (the game screen brings the selected objective's detail into view).
  Element.prototype.scrollIntoView = () => undefined;
  await initI18n('en');
  // Both catalogues are imported before the first test: a French screen's first render then
  // waits for nothing but the screen, not for the French chunk being transformed and loaded.
  await loadCatalogue('fr');
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

// The web project keeps modules from one file to the next (vitest.config.ts): what they keep
// for the page's life starts empty in each file, as it would in a new page. A chunk a test's
// last screen began loading (a lazy screen, a dialog) is waited for: cut off by the file's end,
// its failed load would stay in the shared module cache, and the next file importing it would
// fail before its first test.
afterAll(async () => {
  await vi.dynamicImportSettled();
  lastEventIdStore.clear();
});
