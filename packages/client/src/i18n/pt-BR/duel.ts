import type { en } from '../en';
import type { Translation } from '../types';

export const duel: Translation<typeof en.duel> = {};
