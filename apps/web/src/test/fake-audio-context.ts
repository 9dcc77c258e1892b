import { vi } from 'vitest';

interface FakeParam {
  value: number;
  cancelScheduledValues: ReturnType<typeof vi.fn>;
  setTargetAtTime: ReturnType<typeof vi.fn>;
}

interface FakeNode {
  connect: ReturnType<typeof vi.fn>;
}

interface FakeGain extends FakeNode {
  gain: FakeParam;
}

interface FakeOscillator extends FakeNode {
  type: string;
  frequency: FakeParam;
  detune: FakeParam;
  start: ReturnType<typeof vi.fn>;
}

/** Just enough of the Web Audio API to see what the ambience builds and plays. */
export class FakeAudioContext {
  static last: FakeAudioContext;
  currentTime = 0;
  destination = {};
  oscillators: FakeOscillator[] = [];
  gains: FakeGain[] = [];
  resume = vi.fn(async () => undefined);
  suspend = vi.fn(async () => undefined);

  constructor() {
    FakeAudioContext.last = this;
  }

  private connectable(): FakeNode {
    return { connect: vi.fn((target: unknown) => target) };
  }

  private param(value = 0): FakeParam {
    return { value, cancelScheduledValues: vi.fn(), setTargetAtTime: vi.fn() };
  }

  createGain(): FakeGain {
    const gain = { ...this.connectable(), gain: this.param(1) };
    this.gains.push(gain);
    return gain;
  }

  createBiquadFilter() {
    return { ...this.connectable(), type: '', frequency: this.param(), Q: this.param() };
  }

  createOscillator(): FakeOscillator {
    const oscillator = {
      ...this.connectable(),
      type: 'sine',
      frequency: this.param(),
      detune: this.param(),
      start: vi.fn(),
    };
    this.oscillators.push(oscillator);
    return oscillator;
  }
}
