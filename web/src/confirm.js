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
      dialog.removeEventListener('close', no);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const yes = () => done(true);
    const no = () => done(false);
    $('confirm-ok').addEventListener('click', yes);
    $('confirm-cancel').addEventListener('click', no);
    dialog.addEventListener('close', no); // Escape closes it
    dialog.showModal();
    $('confirm-cancel').focus();
  });
}
