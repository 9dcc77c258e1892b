import type { AmbientSound } from './ambient-sound';
import { readSoundPreference, writeSoundPreference } from './sound-preference';

export interface BackgroundSound {
  /** Whether the player wants the sound (their saved choice). */
  isOn(): boolean;
  subscribe(listener: () => void): () => void;
  /** Called from the player's click: turns the sound on or off and remembers the choice. */
  setOn(on: boolean): Promise<void>;
  /**
   * When the saved choice is "on", starts the sound at the player's first click or key press
   * on the page: browsers refuse sound before a gesture, and a page must never start playing
   * by itself. Returns the function that stops waiting.
   */
  resumeOnFirstGesture(
    target?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  ): () => void;
}

export interface BackgroundSoundOptions {
  loadEngine?: () => Promise<AmbientSound>;
  readPreference?: () => boolean;
  writePreference?: (on: boolean) => void;
}

const GESTURES = ['pointerdown', 'keydown'] as const;

/** spec middleware general-background-sound: one ambience for the whole app, off by default. */
export const createBackgroundSound = ({
  // The engine (Web Audio graph) loads on first use, off the first page's JS.
  loadEngine = async () => (await import('./ambient-sound')).createAmbientSound(),
  readPreference = readSoundPreference,
  writePreference = writeSoundPreference,
}: BackgroundSoundOptions = {}): BackgroundSound => {
  let on = readPreference();
  let engine: Promise<AmbientSound> | null = null;
  const listeners = new Set<() => void>();

  const play = async () => {
    engine ??= loadEngine();
    await (await engine).start();
  };
  const silence = async () => {
    if (engine) (await engine).stop();
  };

  return {
    isOn: () => on,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setOn: async (next) => {
      const remember = (value: boolean) => {
        on = value;
        writePreference(value);
        listeners.forEach((listener) => listener());
      };
      remember(next);
      try {
        await (next ? play() : silence());
      } catch (error) {
        // No Web Audio here (or it refused): say it is off rather than pretend.
        if (next) remember(false);
        throw error;
      }
    },
    resumeOnFirstGesture: (target = window) => {
      const handleGesture = () => {
        stop();
        if (on) void play().catch(() => undefined);
      };
      const stop = () =>
        GESTURES.forEach((event) => target.removeEventListener(event, handleGesture, true));
      if (on) GESTURES.forEach((event) => target.addEventListener(event, handleGesture, true));
      return stop;
    },
  };
};

export const backgroundSound = createBackgroundSound();
