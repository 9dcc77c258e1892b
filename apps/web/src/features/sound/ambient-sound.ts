/** The loudest the ambience gets: a background, under any voice or effect. */
const VOLUME = 0.06;

export interface AmbientSound {
  start(): Promise<void>;
  stop(): void;
}

type AudioContextConstructor = new () => AudioContext;

/**
 * Rampart's background ambience, made in the browser (no file to download): a low drone on a
 * root, its fifth and its octave, slightly detuned so that it beats, swelling slowly like a
 * pulse, through a low-pass filter that breathes.
 */
export const createAmbientSound = (
  AudioContextImpl: AudioContextConstructor = window.AudioContext,
): AmbientSound => {
  let context: AudioContext | null = null;
  let master: GainNode | null = null;
  let suspendTimer: ReturnType<typeof setTimeout> | undefined;

  const build = (audio: AudioContext): GainNode => {
    const output = audio.createGain();
    output.gain.value = 0;
    output.connect(audio.destination);

    const filter = audio.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 420;
    filter.Q.value = 0.7;
    filter.connect(output);

    const swell = audio.createGain();
    swell.gain.value = 0.65;
    swell.connect(filter);

    const voices: [frequency: number, detune: number, type: OscillatorType, level: number][] = [
      [55, 0, 'sine', 0.55],
      [82.41, 5, 'sine', 0.3],
      [110, -4, 'triangle', 0.1],
    ];
    for (const [frequency, detune, type, level] of voices) {
      const oscillator = audio.createOscillator();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      oscillator.detune.value = detune;
      const gain = audio.createGain();
      gain.gain.value = level;
      oscillator.connect(gain).connect(swell);
      oscillator.start();
    }

    // Slow modulations: the pulse (one swell every 5 s) and the filter's breath (every 20 s).
    const modulate = (frequency: number, depth: number, param: AudioParam) => {
      const lfo = audio.createOscillator();
      lfo.frequency.value = frequency;
      const amount = audio.createGain();
      amount.gain.value = depth;
      lfo.connect(amount).connect(param);
      lfo.start();
    };
    modulate(0.2, 0.3, swell.gain);
    modulate(0.05, 160, filter.frequency);
    return output;
  };

  return {
    async start() {
      clearTimeout(suspendTimer);
      context ??= new AudioContextImpl();
      master ??= build(context);
      await context.resume();
      master.gain.cancelScheduledValues(context.currentTime);
      master.gain.setTargetAtTime(VOLUME, context.currentTime, 0.8);
    },
    stop() {
      if (!context || !master) return;
      const audio = context;
      master.gain.cancelScheduledValues(audio.currentTime);
      master.gain.setTargetAtTime(0, audio.currentTime, 0.2);
      // Fade out, then let the audio thread rest.
      suspendTimer = setTimeout(() => void audio.suspend(), 1_500);
    },
  };
};
