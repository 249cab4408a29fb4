import { common } from './common';
import { duel } from './duel';
import { howto } from './howto';
import { rattlesnake } from './rattlesnake';
import { replay } from './replay';
import { saloon } from './saloon';

/** Every English string of the client, one namespace per area (common = lobby, table, errors, chat). */
export const en = { common, duel, rattlesnake, saloon, replay, howto } as const;
