import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, initI18n } from '../lib/i18n/i18n';

// A screen's first render waits for its lazy chunk, slower on a busy CI machine than on a laptop.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  // jsdom has no layout: React Router's scroll restoration would log "not implemented".
  window.scrollTo = () => undefined;
  // Nor scrollIntoView (the game screen brings the selected objective's detail into view).
  Element.prototype.scrollIntoView = () => undefined;
  await initI18n('en');
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
