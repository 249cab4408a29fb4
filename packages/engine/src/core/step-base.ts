/**
 * Copy on write for a step (each game's `own.ts`): while a step runs, the state it started from — which was handed
 * out already and must never change. The step works on a shallow copy that shares lists and records with it; a rule
 * about to change one in place asks its game's `own.ts`, which copies it the first time (it is still the very same
 * object as the base's). With no step running (setup, a state the caller owns) `base` is null and nothing is copied.
 * The engine is synchronous and a step never runs another, so one slot per game is enough; it is restored after.
 */
export class StepBase<S> {
  base: S | null = null;

  /** Runs `step` on a copy of `from`, with copy on write against `from`. */
  writing<T>(from: S, step: () => T): T {
    return this.run(from, step);
  }

  /** Runs `step` on a state the caller owns: no copy is ever made. */
  inPlace<T>(step: () => T): T {
    return this.run(null, step);
  }

  private run<T>(base: S | null, step: () => T): T {
    const outer = this.base;
    this.base = base;
    try {
      return step();
    } finally {
      this.base = outer;
    }
  }
}
