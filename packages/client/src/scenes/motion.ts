import type { Application, Container } from 'pixi.js';

/**
 * Motion shared by every scene: short tweens that tell what just happened (a card dealt, played, revealed; a hit or a
 * payout flying to its seat). The scenes redraw from the state on every change, so a tween animates a freshly drawn
 * object *from* where it came from *to* where the layout put it. The app's ticker runs only while a tween does.
 *
 * - Every tween lasts at most MAX_TWEEN_MS.
 * - With `prefers-reduced-motion: reduce` nothing moves: objects are drawn where they end, at once.
 * - Tweens run on the motion clock (`now()`), which counts a gap between two frames as at most MAX_FRAME_STEP_MS: a
 *   page busy for longer (a slow phone building the table as the cards arrive) still shows the tween when it paints
 *   again, instead of drawing everything where it ends.
 */
export const MAX_TWEEN_MS = 400;

/** The longest step the motion clock takes between two reads (ms): a frame later than this is a hitch, not time. */
export const MAX_FRAME_STEP_MS = 100;

/** The props a tween may move. */
export interface TweenProps {
  x?: number;
  y?: number;
  alpha?: number;
  scale?: number;
  rotation?: number;
}

/** True when the player asked their system for less motion. */
export function reducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

const easeOut = (t: number): number => 1 - (1 - t) ** 3;

interface Running {
  target: Container;
  from: Required<TweenProps>;
  to: Required<TweenProps>;
  start: number;
  ms: number;
  done?: () => void;
}

const read = (c: Container): Required<TweenProps> => ({ x: c.x, y: c.y, alpha: c.alpha, scale: c.scale.x, rotation: c.rotation });

function write(c: Container, p: Required<TweenProps>): void {
  c.position.set(p.x, p.y);
  c.alpha = p.alpha;
  c.scale.set(p.scale);
  c.rotation = p.rotation;
}

/** One scene's tweens, on its app's ticker. */
export class Motion {
  private running: Running[] = [];
  private readonly tick = () => this.step();
  private clock = 0;
  private lastRead = performance.now();

  /** `keepRunning`: the scene's own animations that still need the ticker when these tweens are done. */
  constructor(
    private readonly app: Application,
    private readonly keepRunning: () => boolean = () => false,
  ) {
    app.ticker.add(this.tick);
  }

  /**
   * The motion clock (ms): real time, except that a gap since the last read longer than MAX_FRAME_STEP_MS counts
   * as MAX_FRAME_STEP_MS. Scenes that remember when something started to move use it too.
   */
  now(): number {
    const real = performance.now();
    this.clock += Math.min(MAX_FRAME_STEP_MS, Math.max(0, real - this.lastRead));
    this.lastRead = real;
    return this.clock;
  }

  /** How many tweens are running (tests and scenes that want to wait for the table to sit still). */
  get busy(): number {
    return this.running.length;
  }

  /**
   * Moves `target` from `from` (the props given; the others stay) to where it is now, in `ms` (capped at
   * MAX_TWEEN_MS), after `delayMs`. Returns false, and leaves it where it is, under reduced motion.
   */
  from(target: Container, from: TweenProps, ms = 300, delayMs = 0, done?: () => void): boolean {
    const to = read(target);
    return this.run(target, { ...to, ...from }, to, ms, delayMs, done);
  }

  /** Moves `target` from where it is now to `to`. */
  to(target: Container, to: TweenProps, ms = 300, delayMs = 0, done?: () => void): boolean {
    const now = read(target);
    return this.run(target, now, { ...now, ...to }, ms, delayMs, done);
  }

  /** Stops every tween, leaving each object where it was going (a redraw replaces them anyway). */
  clear(): void {
    for (const r of this.running) write(r.target, r.to);
    this.running = [];
  }

  destroy(): void {
    this.running = [];
    this.app.ticker?.remove(this.tick);
  }

  private run(target: Container, from: Required<TweenProps>, to: Required<TweenProps>, ms: number, delayMs: number, done?: () => void): boolean {
    if (reducedMotion() || ms <= 0) {
      write(target, to);
      done?.();
      return false;
    }
    this.running = this.running.filter((r) => r.target !== target);
    write(target, from);
    this.running.push({ target, from, to, start: this.now() + Math.max(0, delayMs), ms: Math.min(MAX_TWEEN_MS, ms), done });
    this.app.ticker.start();
    return true;
  }

  private step(): void {
    const now = this.now();
    const still: Running[] = [];
    const ended: Running[] = [];
    for (const r of this.running) {
      if (r.target.destroyed) continue;
      const t = Math.min(1, Math.max(0, (now - r.start) / r.ms));
      const k = easeOut(t);
      const p = {} as Required<TweenProps>;
      for (const key of Object.keys(r.to) as (keyof TweenProps)[]) p[key] = r.from[key] + (r.to[key] - r.from[key]) * k;
      write(r.target, p);
      (t < 1 ? still : ended).push(r);
    }
    // The tweens that ended call back once the list is this frame's: a tween one of them starts (a coin's fade after
    // its flight) joins it instead of being dropped with the ended ones, and this frame is drawn after what they did.
    this.running = still;
    for (const r of ended) r.done?.();
    this.app.render();
    if (this.running.length === 0 && !this.keepRunning()) this.app.ticker.stop();
  }
}
