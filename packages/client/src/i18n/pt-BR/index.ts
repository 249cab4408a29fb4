import type { en } from '../en';
import type { Translation } from '../types';
import { common } from './common';
import { duel } from './duel';
import { howto } from './howto';
import { rattlesnake } from './rattlesnake';
import { replay } from './replay';
import { saloon } from './saloon';

/** Brazilian Portuguese: the compiler refuses a missing key; i18n.test.ts also checks placeholders and plurals. */
export const ptBR: Translation<typeof en> = { common, duel, rattlesnake, saloon, replay, howto };
