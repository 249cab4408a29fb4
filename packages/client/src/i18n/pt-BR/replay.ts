import type { en } from '../en';
import type { Translation } from '../types';

export const replay: Translation<typeof en.replay> = {};
