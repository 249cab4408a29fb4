/** Saloon Showdown as the lobby and the rules page know it: no table code (games/saloon.ts is loaded with the table). */
import { DEFAULT_THREAT_SECONDS, MAX_THREAT_SECONDS, MIN_THREAT_SECONDS, SEAT_RANGE } from '@tumbleweed/engine/saloon/numbers';
import { t } from '../i18n';
import { T } from './saloon-words';
import { BOT_LEVELS, type GameInfo, type GameOption } from './types';

/** An On/Off table option (0/1 in the lobby, true/false on the wire); its words are `opt.<key>` and `opt.<key>Hint`. */
function onOff(key: 'simplified' | 'russianRoulette' | 'wind'): GameOption {
  return {
    key,
    get label() {
      return T(`opt.${key}`);
    },
    get hint() {
      return T(`opt.${key}Hint`);
    },
    min: 0,
    max: 1,
    value: 0,
    format: (v) => (v ? T('opt.on') : T('opt.off')),
    boolean: true,
  };
}

export const saloonInfo: GameInfo = {
  id: 'saloon',
  lobby: {
    turnSeconds: 30,
    timerHint: () => t('lobby.timerHint.saloon'),
    botsOnly: true,
    botLevels: { levels: BOT_LEVELS, label: () => T('opt.botLevel'), hint: () => T('opt.botLevelHint'), name: (l) => T(`opt.botLevels.${l}`) },
  },
  get title() {
    return T('title');
  },
  get year() {
    return T('year');
  },
  get blurb() {
    return T('blurb');
  },
  enabled: true,
  minSeats: SEAT_RANGE.min,
  maxSeats: SEAT_RANGE.max,
  options: [
    {
      key: 'threatSeconds',
      get label() {
        return T('opt.threatSeconds');
      },
      get hint() {
        return T('opt.threatSecondsHint');
      },
      min: MIN_THREAT_SECONDS,
      max: MAX_THREAT_SECONDS,
      value: DEFAULT_THREAT_SECONDS,
      format: (v) => T('opt.seconds', { count: v }),
    },
    onOff('simplified'),
    onOff('russianRoulette'),
    onOff('wind'),
  ],
  get rules() {
    return (['r1', 'r2', 'r3', 'r4', 'r5', 'r6'] as const).map((k) => T(`rules.${k}`));
  },
  keyHelp: () => [
    { keys: '1–9', action: T('keys.choice') },
    { keys: T('keys.enterKey'), action: T('keys.confirm') },
    { keys: 'R B G Y', action: T('keys.guns') },
    { keys: 'O', action: T('keys.bottle') },
    { keys: 'H C A L', action: T('keys.areas') },
    { keys: '1 2 3', action: T('keys.noises') },
    { keys: '4 5 …', action: T('keys.targets') },
    { keys: T('keys.enterKey'), action: T('keys.shoot') },
  ],
};
