import { describe, expect, it, vi } from 'vitest';
import { FakeAudioContext } from '../../test/fake-audio-context';
import { createAmbientSound } from './ambient-sound';

describe('ambient sound', () => {
  it('makes a quiet drone in the browser and fades it in', async () => {
    const sound = createAmbientSound(FakeAudioContext as unknown as new () => AudioContext);
    await sound.start();
    const context = FakeAudioContext.last;
    expect(context.resume).toHaveBeenCalled();
    const tones = context.oscillators.map((oscillator) => oscillator.frequency.value);
    expect(tones).toEqual(expect.arrayContaining([55, 82.41, 110]));
    expect(
      context.oscillators.every(
        (oscillator) => vi.mocked(oscillator.start).mock.calls.length === 1,
      ),
    ).toBe(true);
    const master = context.gains[0]!;
    expect(master.gain.setTargetAtTime).toHaveBeenCalledWith(0.06, 0, 0.8);
  });

  it('fades out, then lets the audio rest', async () => {
    vi.useFakeTimers();
    const sound = createAmbientSound(FakeAudioContext as unknown as new () => AudioContext);
    await sound.start();
    const context = FakeAudioContext.last;
    sound.stop();
    expect(context.gains[0]!.gain.setTargetAtTime).toHaveBeenLastCalledWith(0, 0, 0.2);
    vi.advanceTimersByTime(1_500);
    expect(context.suspend).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
