import type { en } from '../en';
import type { Translation } from '../types';

export const rattlesnake: Translation<typeof en.rattlesnake> = {};
