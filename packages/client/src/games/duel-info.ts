/** Duel as the lobby and the rules page know it: no table code (games/duel.ts is loaded with the table). */
import { DEFAULT_OPTIONS, SEAT_RANGE, TARGET_RANGE } from '@tumbleweed/engine/duel/state';
import { t } from '../i18n';
import { BOT_LEVELS, type BotLevel, type GameInfo } from './types';

export const duelInfo: GameInfo = {
  id: 'duel',
  lobby: {
    turnSeconds: 20,
    timerHint: () => t('lobby.timerHint.default'),
    botsOnly: true,
    botLevels: {
      levels: BOT_LEVELS,
      label: () => t('duel:opt.botLevel'),
      hint: () => t('duel:opt.botLevelHint'),
      name: (l) => t(`duel:opt.botLevels.${l as BotLevel}`),
    },
  },
  get title() {
    return t('duel:title');
  },
  get year() {
    return t('duel:year');
  },
  get blurb() {
    return t('duel:blurb');
  },
  enabled: true,
  minSeats: SEAT_RANGE.min,
  maxSeats: SEAT_RANGE.max,
  options: [
    {
      key: 'target',
      get label() {
        return t('duel:options.target.label');
      },
      get hint() {
        return t('duel:options.target.hint');
      },
      min: TARGET_RANGE.min,
      max: TARGET_RANGE.max,
      value: DEFAULT_OPTIONS.target,
      format: (v) => t('duel:options.target.format', { value: String(v) }),
    },
  ],
  get rules() {
    return [t('duel:rules.hand'), t('duel:rules.secret'), t('duel:rules.guns'), t('duel:rules.reload'), t('duel:rules.win')];
  },
  keyHelp: () => [
    { keys: t('duel:keys.cardsKeys'), action: t('duel:keys.cards') },
    { keys: t('duel:keys.aimKeys'), action: t('duel:keys.aim') },
    { keys: t('duel:keys.cancelKeys'), action: t('duel:keys.cancel') },
  ],
};
