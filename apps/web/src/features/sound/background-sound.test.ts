import { describe, expect, it, vi } from 'vitest';
import type { AmbientSound } from './ambient-sound';
import { createBackgroundSound } from './background-sound';
import { readSoundPreference, writeSoundPreference } from './sound-preference';
import { eventually } from '../../test/eventually';

const setup = (saved = false, engine: Partial<AmbientSound> = {}) => {
  const sound = { start: vi.fn(async () => undefined), stop: vi.fn(), ...engine };
  const loadEngine = vi.fn(async () => sound);
  const writePreference = vi.fn();
  const background = createBackgroundSound({
    loadEngine,
    readPreference: () => saved,
    writePreference,
  });
  return { background, sound, loadEngine, writePreference };
};

describe('background sound', () => {
  it('is off until the player turns it on, and loads nothing before', () => {
    const { background, loadEngine } = setup();
    expect(background.isOn()).toBe(false);
    background.resumeOnFirstGesture();
    window.dispatchEvent(new Event('pointerdown'));
    expect(loadEngine).not.toHaveBeenCalled();
  });

  it('plays when turned on and remembers the choice', async () => {
    const { background, sound, writePreference } = setup();
    const listener = vi.fn();
    background.subscribe(listener);
    await background.setOn(true);
    expect(sound.start).toHaveBeenCalledTimes(1);
    expect(writePreference).toHaveBeenCalledWith(true);
    expect(background.isOn()).toBe(true);
    expect(listener).toHaveBeenCalled();
    await background.setOn(false);
    expect(sound.stop).toHaveBeenCalledTimes(1);
    expect(writePreference).toHaveBeenLastCalledWith(false);
  });

  it('never starts by itself: a saved "on" waits for the first click or key', async () => {
    const { background, sound } = setup(true);
    expect(background.isOn()).toBe(true);
    const stop = background.resumeOnFirstGesture();
    await Promise.resolve();
    expect(sound.start).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await eventually(() => expect(sound.start).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('pointerdown'));
    expect(sound.start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says it is off when the browser cannot play it', async () => {
    const { background, writePreference } = setup(false, {
      start: vi.fn(async () => {
        throw new Error('no audio');
      }),
    });
    await expect(background.setOn(true)).rejects.toThrow('no audio');
    expect(background.isOn()).toBe(false);
    expect(writePreference).toHaveBeenLastCalledWith(false);
  });
});

describe('sound preference', () => {
  it('lives in the soundOn cookie for 365 days', () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    expect(readSoundPreference()).toBe(false);
    writeSoundPreference(true);
    expect(cookieWrites).toHaveBeenCalledWith(
      `soundOn=true; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`,
    );
    expect(readSoundPreference()).toBe(true);
  });
});
