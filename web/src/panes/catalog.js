// The Catalog pane: the compiled catalog's classes and resources as a manifest declares them (the
// engine's text); activating one selects its declaration in the editor.
import { activatable, omittedNote } from './items.js';

export function showCatalog(element, resources, total, onSelect) {
  const fragment = document.createDocumentFragment();
  for (const resource of resources) {
    const item = document.createElement('pre');
    item.className = 'catalog-resource';
    item.textContent = resource.text; // text only
    item.title = `${resource.reference}: select its declaration`;
    item.setAttribute('aria-label', resource.reference);
    fragment.append(activatable(item, () => onSelect(resource)));
  }
  const note = omittedNote(total - resources.length, 'resource');
  if (note) fragment.append(note);
  element.replaceChildren(fragment);
}
