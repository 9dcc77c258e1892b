import { useEffect, type RefObject } from 'react';

/** The CSS property the app's toaster reads for its top offset (app-toaster.tsx). */
export const TOASTS_TOP_PROPERTY = '--toasts-top';

/** Room between the element and the first toast. */
const GAP_PX = 12;

/**
 * Keeps the app's toasts below `ref`'s element while it is shown: the game's status bar and
 * banners hold what a player watches and presses (the timer, the modals' buttons, what a
 * speedrun is worth now), and a toast over them would hide it for ten seconds. Measured at the
 * top of the page: scrolling only moves the element up, away from the toasts.
 */
export const useToastsBelow = (ref: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => {
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      root.style.setProperty(TOASTS_TOP_PROPERTY, `${Math.round(bottom + GAP_PX)}px`);
    };
    // The observer's first report, made once the element is laid out, places the toasts.
    // Measuring here, as the screen is committed, would make the browser lay out the whole new
    // screen at once (and once more when a dialog opening on it changes the page): on a phone,
    // the longest task of the game screen's first load.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    if (observer) observer.observe(element);
    else place();
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOASTS_TOP_PROPERTY);
    };
  }, [ref]);
};
