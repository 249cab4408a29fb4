/**
 * Saloon's log in Portuguese names the guns' colours in Portuguese: "pega o revólver vermelho", where the Mexican
 * Standoff's "Acho que não!" put the engine's 'red' in the sentence (a player's review on a pt-BR phone).
 */
import type { SaloonEvent } from '@tumbleweed/engine';
import { describeSaloonEvent } from './saloon-log';

jest.mock('../i18n', () => jest.requireActual('../i18n/english').portuguese());

const NAMES = ['Ana', 'Beto', 'Dusty Pete'];

test.each<[string, SaloonEvent, number, string]>([
  [
    '"Acho que não!", told to the others',
    { type: 'i_dont_think_so', seat: 1, gun: 'red', target: 2 } as SaloonEvent,
    0,
    '"Acho que não!" Beto pega o revólver vermelho e aponta para Dusty Pete.',
  ],
  [
    '"Acho que não!", told to me',
    { type: 'i_dont_think_so', seat: 0, gun: 'yellow', target: 2 } as SaloonEvent,
    0,
    '"Acho que não!" Você pega o revólver amarelo e aponta para Dusty Pete.',
  ],
])('%s', (_, e, me, line) => {
  expect(describeSaloonEvent(e, me, (s) => NAMES[s] ?? '?')).toEqual([line]);
});
