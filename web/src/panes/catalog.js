// The Catalog pane: the compiled catalog's classes and resources as a manifest declares them (the
// engine's text), each a button named by what it shows; activating one selects its declaration in the editor.
import { omittedNote } from './items.js';

export function showCatalog(element, resources, total, onSelect) {
  const fragment = document.createDocumentFragment();
  for (const resource of resources) {
    const item = document.createElement('button');
    item.type = 'button';
    item.className = 'catalog-resource';
    item.textContent = resource.text; // text only
    item.title = `${resource.reference}: select its declaration`;
    item.dataset.reference = resource.reference;
    item.addEventListener('click', () => onSelect(resource));
    fragment.append(item);
  }
  const note = omittedNote(total - resources.length, 'resource');
  if (note) fragment.append(note);
  element.replaceChildren(fragment);
}
