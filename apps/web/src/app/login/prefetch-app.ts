/** The meta element of login.html that lists the app's first files (vite.config.ts). */
const APP_FILES_META = 'rampart-app-files';

/**
 * Once login.html is loaded and idle, fetches the app's first files into the cache without
 * running them: signing in is a page load of the app, which then finds them there.
 */
export const prefetchAppWhenIdle = () => {
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${APP_FILES_META}"]`);
  if (!files) return;
  const prefetch = () => {
    for (const href of files.content.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // As the app's <script type="module" crossorigin> asks for it: the same cache entry.
      if (href.endsWith('.js')) link.crossOrigin = '';
      document.head.append(link);
    }
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(prefetch) : setTimeout(prefetch, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};
