/**
 * Leaving a table: at once to the lobby, the goodbye sent as the connection can (a dead network kept the page on a
 * table that looked live for 40 s and more, waiting for it). In the middle of a game a seated player is asked first:
 * "Leave" sits beside "Copy link" and one stray tap on a phone gave the seat to a bot for good (a reviewer's phone).
 */
import { h } from '../dom';
import { t } from '../i18n';

/**
 * Asks "Leave this table?" over the page (a modal dialog: Escape or "Stay" keeps the seat, focus on "Stay");
 * `leave` runs on "Leave the table".
 */
export function confirmLeave(leave: () => void): void {
  if (document.querySelector('dialog.leave-dialog')) return;
  const stay = h('button', { type: 'button', class: 'secondary', autofocus: true }, t('table.leaveConfirm.stay'));
  const go = h('button', { type: 'button', 'data-testid': 'leave-confirm' }, t('table.leaveConfirm.leave'));
  const dialog = h(
    'dialog',
    { class: 'leave-dialog', 'aria-labelledby': 'leave-title' },
    h('h2', { id: 'leave-title' }, t('table.leaveConfirm.title')),
    h('p', {}, t('table.leaveConfirm.text')),
    h('div', { class: 'leave-buttons' }, stay, go),
  );
  stay.addEventListener('click', () => dialog.close());
  go.addEventListener('click', () => {
    dialog.close();
    leave();
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  stay.focus();
}
