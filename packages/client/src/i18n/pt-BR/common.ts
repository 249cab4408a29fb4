import type { en } from '../en';
import type { Translation } from '../types';

export const common: Translation<typeof en.common> = {
  language: 'Idioma',
};
