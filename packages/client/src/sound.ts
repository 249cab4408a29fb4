/** Tiny sound effects made with the Web Audio API (no asset files), and a mute switch remembered on this device. */
const MUTE_KEY = 'tumbleweed:muted';

let ctx: AudioContext | null = null;
let mutedNow = readMuted();

/**
 * Quiet this long after the last effect (the longest, the chime, lasts under a second), the sound device is let go:
 * a running AudioContext keeps the device's audio output working on silence for as long as the page is open (here,
 * in headless Chromium, 0.36 s of CPU in 10 s of an idle page against 0.11–0.13 s suspended or never started; on a
 * phone, its audio hardware awake). The next effect resumes it.
 */
const QUIET_MS = 3000;
let quiet: ReturnType<typeof setTimeout> | null = null;
/** A suspend asked for and not yet done: the context still says 'running' then, and an effect must resume it. */
let suspending = false;

function letGo(a: AudioContext): void {
  if (a.state !== 'running') return;
  suspending = true;
  void a
    .suspend()
    .catch(() => undefined)
    .finally(() => {
      suspending = false;
    });
}

function restLater(a: AudioContext): void {
  if (quiet !== null) clearTimeout(quiet);
  quiet = setTimeout(() => {
    quiet = null;
    letGo(a);
  }, QUIET_MS);
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export const isMuted = (): boolean => mutedNow;

export function setMuted(muted: boolean): void {
  mutedNow = muted;
  if (muted && ctx) letGo(ctx);
  try {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
  } catch {
    // private mode: not remembered
  }
}

function audio(): AudioContext | null {
  if (mutedNow) return null;
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    ctx ??= new Ctor();
    // (the context runs its operations in order: a resume after a suspend still in flight ends running)
    if (ctx.state === 'suspended' || suspending) void ctx.resume().catch(() => undefined);
    return ctx;
  } catch {
    return null;
  }
}

/** A short burst of noise: a gunshot / card slap. */
function shot(a: AudioContext): void {
  const len = Math.floor(a.sampleRate * 0.18);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
  const src = a.createBufferSource();
  src.buffer = buf;
  const filter = a.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = 1800;
  const gain = a.createGain();
  gain.gain.value = 0.5;
  src.connect(filter).connect(gain).connect(a.destination);
  src.start();
}

/** Three rising bell tones: somebody won. */
function chime(a: AudioContext): void {
  const t0 = a.currentTime;
  [660, 880, 1320].forEach((freq, i) => {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    const t = t0 + i * 0.12;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.6);
    osc.connect(gain).connect(a.destination);
    osc.start(t);
    osc.stop(t + 0.65);
  });
}

/** A soft click: a chat line or a card placed. */
function click(a: AudioContext): void {
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.frequency.value = 1200;
  gain.gain.setValueAtTime(0.15, a.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + 0.06);
  osc.connect(gain).connect(a.destination);
  osc.start();
  osc.stop(a.currentTime + 0.07);
}

export type Effect = 'shot' | 'chime' | 'click';

export function play(effect: Effect): void {
  const a = audio();
  if (!a) return;
  try {
    if (effect === 'shot') shot(a);
    else if (effect === 'chime') chime(a);
    else click(a);
  } catch {
    // no sound is fine
  }
  restLater(a);
}
