// The Catalog pane: the compiled catalog's classes and resources as a manifest declares them (the
// engine's text); activating one selects its declaration in the editor.
export function showCatalog(element, resources, total, onSelect) {
  const fragment = document.createDocumentFragment();
  for (const resource of resources) {
    const item = document.createElement('pre');
    item.className = 'catalog-resource';
    item.textContent = resource.text; // text only
    item.title = `${resource.reference}: select its declaration`;
    item.tabIndex = 0;
    item.setAttribute('role', 'button');
    item.setAttribute('aria-label', resource.reference);
    const select = () => onSelect(resource);
    item.addEventListener('click', select);
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        select();
      }
    });
    fragment.append(item);
  }
  const omitted = total - resources.length;
  if (omitted > 0) {
    const more = document.createElement('div');
    more.className = 'log-omitted';
    more.textContent = `… ${omitted} more resource${omitted === 1 ? '' : 's'} not shown`;
    fragment.append(more);
  }
  element.replaceChildren(fragment);
}
