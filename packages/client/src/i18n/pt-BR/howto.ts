import type { en } from '../en';
import type { Translation } from '../types';

/** Palavras em português do namespace howto: o "Como jogar" de cada jogo, o painel de regras, o carregamento. */
export const howto: Translation<typeof en.howto> = {
  title: 'Como jogar',
  titleOf: 'Como jogar {{game}}',
  fullRules: 'Regras completas',
  backToHowTo: '← Como jogar',
  loadingRules: 'Carregando as regras…',
  goal: 'Objetivo',
  turn: 'Uma jogada',
  win: 'Como vencer',
  cards: 'As cartas',
  keys: 'Teclado',
  keyDigits: '1–9',
  keyDigitsAction: 'escolhe a 1ª … 9ª opção da barra de ações',
  keyEnter: 'Enter',
  keyEnterAction: 'confirma (joga a carta escolhida)',
  keyEsc: 'Esc',
  keyEscAction: 'fecha este painel',
  panel: 'Regras de {{game}}',
  duel: {
    goal: 'Seja o primeiro a juntar $5 (ou o valor da mesa). A cada rodada, o último de pé ganha $1.',
    turn: 'Todos escolhem uma carta em segredo — e um alvo para uma arma. Todas as cartas são viradas juntas.',
    win: 'Quem atira não é atingido. A barricada para pistolas, não o rifle. Recarregue quando ninguém atirar em você para pegar suas cartas de volta.',
    pistol: 'Atira em um jogador. Você tem três.',
    rifle: 'Atravessa a barricada.',
    barricade: 'Para pistolas.',
    reload: 'Pega de volta todas as cartas que você jogou na rodada — atingido se alguém atirar em você.',
  },
  rattlesnake: {
    goal: 'Elimine as 4 cartas de Hit à frente do outro fora-da-lei. Dois jogadores.',
    turn: 'Compre uma carta do saloon (pague com 2 cartas da mão) e ataque: baixe cartas viradas para baixo, o Defensor responde com cartas viradas para baixo, e as dos dois são reveladas.',
    win: 'A combinação mais forte vence: mais cartas, depois um Conjunto (valores iguais) vence uma Sequência, depois a carta mais alta; empate favorece o Defensor. Um ataque vencido custa um Hit ao Defensor.',
    value: 'Valor {{value}}',
    hit: 'Um Hit: sem valor, só um blefe ao ser baixado. Perca os quatro e você perde.',
  },
  saloon: {
    goal: 'Tenha mais dinheiro quando o baralho acabar: Saque + Recompensa − $10 por Ferimento.',
    turn: 'Compre uma carta (e descarte uma), embolse Butim a $10 cada, ou aponte um revólver para alguém: “Tá se sentindo com sorte?”',
    win: 'A pessoa diz que é blefe (quem tiver mais Balas leva $20) ou duela: vocês trocam de mão e, no JÁ!, pegam o revólver da cor da maioria, dizem a região e o barulho. O primeiro tiro certo leva a Recompensa de quem perdeu.',
    card: 'revólver {{colour}}, {{area}}, {{noise}}!, {{bullets}}',
    bullets_one: '{{count}} Bala',
    bullets_other: '{{count}} Balas',
  },
  loading: {
    title: 'Carregando…',
    text: 'Preparando esta página.',
    failedTitle: 'Esta página não carregou',
    failed: 'Confira sua conexão e tente de novo.',
    retry: 'Tentar de novo',
  },
};
