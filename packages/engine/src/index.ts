export * from './core/game';
export * from './core/rng';
export * from './core/code';
export * as Duel from './duel';
export { duel } from './duel';
