// A confirmation asked in the page's own <dialog> (never window.confirm): resolves true when the action is confirmed.
const $ = (id) => document.getElementById(id);

export function confirmAction(question, action) {
  const dialog = $('confirm');
  $('confirm-text').textContent = question;
  $('confirm-ok').textContent = action;
  return new Promise((resolve) => {
    const done = (answer) => {
      $('confirm-ok').removeEventListener('click', yes);
      $('confirm-cancel').removeEventListener('click', no);
      dialog.removeEventListener('cancel', no);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const yes = () => done(true);
    const no = () => done(false);
    $('confirm-ok').addEventListener('click', yes);
    $('confirm-cancel').addEventListener('click', no);
    // Escape cancels. (Not 'close': that event comes a task after close(), and could end the next question.)
    dialog.addEventListener('cancel', no);
    dialog.showModal();
    $('confirm-cancel').focus();
  });
}
