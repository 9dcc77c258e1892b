import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules Rampart's screens are held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What a screen may not have: axe's two highest impacts. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};

/**
 * A page of one side (the player's, the trainer's) asks that side's identity endpoint who is
 * signed in; the 401 says nobody is, and the browser logs it. That is how the login pages and the
 * guards learn it, not an error. The other side's endpoint is never asked, and stays a problem.
 */
const isGuestIdentityCheck = (pageUrl: string, what: string): boolean => {
  const onTrainerPage = /^\/(?:(?:en|fr)\/)?trainer(?:\/|$)/.test(new URL(pageUrl).pathname);
  const identity = onTrainerPage ? '/api/trainer/auth/user' : '/api/auth/user';
  return (
    (what.startsWith(`401 on GET `) && what.endsWith(identity)) ||
    (what.includes('status of 401') && what.endsWith(`${identity})`))
  );
};

/**
 * Waits (up to 3 s) for the page's finite animations to end: a screen caught mid fade-in has its
 * text blended with the background, and axe would measure a contrast the screen never shows at
 * rest. Endless ones (a spinner) are not waited for.
 */
const settleAnimations = (page: Page) =>
  page
    .evaluate(() =>
      Promise.race([
        Promise.allSettled(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished),
        ),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]),
    )
    .catch(() => undefined);

/**
 * What every journey checks on each page it opens, in any browser context: no console error, no
 * uncaught exception and no failed request unless the journey said it expects one, and no serious
 * or critical accessibility violation on the screens it scans (every page still open at the end
 * is scanned as well).
 */
export class PageChecks {
  private readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly watchedContexts = new WeakSet<BrowserContext>();
  private readonly pages = new Set<Page>();
  private readonly scanned = new Set<string>();

  /**
   * Declares errors the journey provokes on purpose (a wrong password, a refused file): a console
   * message or a failed request whose text or URL matches is not a problem.
   */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  /** Watches every page of a browser context, those open now and those to come. */
  watch(context: BrowserContext): void {
    if (this.watchedContexts.has(context)) return;
    this.watchedContexts.add(context);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  private report(page: Page, what: string): void {
    if (this.allowed.some((pattern) => pattern.test(what))) return;
    if (isGuestIdentityCheck(page.url(), what)) return;
    this.problems.push(`${pathOf(page.url())}: ${what}`);
  }

  private watchPage(page: Page): void {
    this.pages.add(page);
    page.on('close', () => this.pages.delete(page));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location().url;
      this.report(page, `console error: ${message.text()}${location ? ` (${location})` : ''}`);
    });
    page.on('pageerror', (error) => this.report(page, `uncaught exception: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'failed';
      // A navigation, a closed page or a closed event stream cancels what was still loading.
      if (/ERR_ABORTED|NS_BINDING_ABORTED/.test(failure)) return;
      this.report(page, `request failed: ${request.method()} ${request.url()} ${failure}`);
    });
    page.on('response', (response) => {
      if (response.status() < 400) return;
      const request = response.request();
      this.report(page, `${response.status()} on ${request.method()} ${response.url()}`);
    });
  }

  /**
   * Runs axe on the page as it is now and records each serious or critical violation (the test
   * goes on, and fails at its end). `state` names what is on screen beyond its URL (a dialog).
   */
  async axe(page: Page, state = ''): Promise<void> {
    const key = `${pathOf(page.url())}#${state}`;
    if (this.scanned.has(key)) return;
    this.scanned.add(key);
    // Read as a reader who asked for reduced motion sees it: a toast that opens while axe reads
    // the page (a pushed event) would otherwise be read half faded in, its colours blended with
    // the page's. Every transition is then at its end state, the steady screen a reader sees.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
    try {
      await settleAnimations(page);
      results = await new AxeBuilder({ page })
        .withTags(AXE_TAGS)
        .options({
          // Off by default in axe (experimental), but a button whose name does not start with what
          // it shows cannot be spoken to by voice control (WCAG 2.5.3, level A).
          rules: { 'label-content-name-mismatch': { enabled: true } },
          // Only the violations are read: the passes' nodes (300 kB on the profile page) are not
          // collected and sent back.
          resultTypes: ['violations'],
        })
        // One `axe.run` in the page rather than a partial run per frame finished in a new blank
        // page: the same violations (Rampart's screens have no cross-origin frame, the only kind
        // it would miss) in about a third of the time, 1.1 s against 3.0 s a scan.
        .setLegacyMode()
        .analyze();
    } finally {
      await page.emulateMedia({ reducedMotion: null }).catch(() => undefined);
    }
    const blocking = results.violations
      .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
            .slice(0, 5)
            .map((node) => node.target.join(' '))
            .join(' | ')} — ${violation.nodes[0]?.failureSummary ?? ''} — ${
            violation.nodes[0]?.html.slice(0, 300) ?? ''
          }`,
      );
    expect.soft(blocking, `axe on ${key} (${page.viewportSize()?.width ?? '?'}px)`).toEqual([]);
  }

  /** Scans every page still open, as the journey left it. */
  async axeOpenPages(): Promise<void> {
    for (const page of [...this.pages]) {
      if (page.isClosed() || page.url() === 'about:blank') continue;
      await this.axe(page).catch(() => undefined);
    }
  }

  /** Fails the test when anything unexpected was seen. */
  assertClean(): void {
    expect(this.problems, 'console errors and failed requests').toEqual([]);
  }
}

/**
 * Makes every context the test opens, even through `browser.newContext()`, watched, and
 * remembers it: the browser lives as long as the worker, so a context a journey forgot to close
 * would keep its event streams open through every later journey of that worker, counted against
 * the shared demo accounts' cap on open streams.
 */
const watchNewContexts = (browser: Browser, checks: PageChecks) => {
  const newContext = browser.newContext.bind(browser);
  const opened: BrowserContext[] = [];
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    opened.push(context);
    checks.watch(context);
    return context;
  };
  return {
    restore: () => {
      browser.newContext = newContext;
    },
    closeOpened: () => Promise.all(opened.map((context) => context.close().catch(() => {}))),
  };
};

/** Playwright's `test`, with the checks of every journey: use it instead of the bare one. */
export const test = base.extend<{ checks: PageChecks }>({
  checks: [
    async ({ browser, context }, use) => {
      const checks = new PageChecks();
      checks.watch(context);
      const contexts = watchNewContexts(browser, checks);
      try {
        await use(checks);
        await checks.axeOpenPages();
        checks.assertClean();
      } finally {
        contexts.restore();
        // After the checks: closing aborts the event streams' requests, which is no problem.
        await contexts.closeOpened();
      }
    },
    { auto: true },
  ],
});

export { expect };
