// Light and dark themes: follow the system until the user picks one with the toggle (remembered).
import { loadPreference, savePreference } from './storage.js';

const media = matchMedia('(prefers-color-scheme: dark)');

function current() {
  return document.documentElement.dataset.theme ?? (media.matches ? 'dark' : 'light');
}

function label(button) {
  const next = current() === 'dark' ? 'light' : 'dark';
  button.textContent = next === 'dark' ? '☾' : '☀';
  button.setAttribute('aria-label', `Switch to the ${next} theme`);
  button.title = `Switch to the ${next} theme`;
}

export function setupTheme(button) {
  const saved = loadPreference('theme');
  if (saved === 'light' || saved === 'dark') document.documentElement.dataset.theme = saved;
  label(button);
  button.addEventListener('click', () => {
    const next = current() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    // Picking the system's own theme goes back to following the system.
    if (next === (media.matches ? 'dark' : 'light')) {
      delete document.documentElement.dataset.theme;
      savePreference('theme', null);
    } else savePreference('theme', next);
    label(button);
  });
  media.addEventListener('change', () => label(button));
}
