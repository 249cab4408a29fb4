import type { en } from '../en';
import type { Translation } from '../types';

export const saloon: Translation<typeof en.saloon> = {};
