/** Rattlesnake as the lobby and the rules page know it: no table code (games/rattlesnake.ts is loaded with the table). */
import { SEATS } from '@tumbleweed/engine/rattlesnake/numbers';
import { t } from '../i18n';
import { BOT_LEVELS, type BotLevel, type GameInfo } from './types';

export const rattlesnakeInfo: GameInfo = {
  id: 'rattlesnake',
  lobby: {
    turnSeconds: 45,
    timerHint: () => t('lobby.timerHint.rattlesnake'),
    // (a table of bots alone would never end: Rattlesnake needs one player)
    botsOnly: false,
    botLevels: {
      levels: BOT_LEVELS,
      label: () => t('rattlesnake:opt.botLevel'),
      hint: () => t('rattlesnake:opt.botLevelHint'),
      name: (l) => t(`rattlesnake:opt.botLevels.${l as BotLevel}`),
    },
  },
  get title() {
    return t('rattlesnake:title');
  },
  get year() {
    return t('rattlesnake:year');
  },
  get blurb() {
    return t('rattlesnake:blurb');
  },
  enabled: true,
  minSeats: SEATS,
  maxSeats: SEATS,
  options: [],
  keyHelp() {
    return [
      { keys: '1–9', action: t('rattlesnake:keys.pick') },
      { keys: 'Enter', action: t('rattlesnake:keys.confirm') },
      { keys: 'A', action: t('rattlesnake:keys.attack') },
      { keys: 'E', action: t('rattlesnake:keys.end') },
    ];
  },
  get rules() {
    return [
      t('rattlesnake:rules.deck'),
      t('rattlesnake:rules.turn'),
      t('rattlesnake:rules.attack'),
      t('rattlesnake:rules.combo'),
      t('rattlesnake:rules.abilities'),
    ];
  },
};
