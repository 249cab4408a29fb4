export * from './core/game';
export * from './core/rng';
export * from './core/code';
export * as Duel from './duel';
export { duel } from './duel';
export * as Rattlesnake from './rattlesnake';
export { rattlesnake } from './rattlesnake';
export * as Saloon from './saloon';
export { saloon } from './saloon';
