// CodeMirror's styles in the page's document as a constructed stylesheet (adopted), never as a <style> element.
//
// Why: the CSP (`style-src 'self'`) blocks the <style> element that style-mod (CodeMirror's style mounting) adds when
// the editor's root is a document; it adopts constructed stylesheets only in shadow roots. The editor used to live in
// a shadow root for that alone, and Chromium lays the page out again each time CodeMirror reads the selection of a
// shadow root (a document's selection it keeps as a range, which reading does not lay out): the forced layout in the
// task that applies a result, whenever that redraws a line (docs/page.md, "Typing"). Here `StyleModule.mount` on a document
// keeps the modules in style-mod's order (a module mounted again stays where it was unless the new list puts it
// before one mounted after it) in one constructed sheet adopted by the document; shadow roots go on as before.
import { StyleModule } from 'style-mod';

/** document → { sheet, modules }: the sheet adopted and the modules in it, in order. */
const mounted = new WeakMap();
const mountInShadowRoots = StyleModule.mount;

/** Put `modules` in `doc`'s sheet (in their order among those already there); rewrite it only when it changed. */
export function mountInDocument(doc, modules) {
  let set = mounted.get(doc);
  if (!set) {
    set = { sheet: new doc.defaultView.CSSStyleSheet(), modules: [] };
    mounted.set(doc, set);
  }
  let changed = false;
  let next = 0; // where the next module not yet mounted goes
  for (const module of modules) {
    let at = set.modules.indexOf(module);
    if (at > -1 && at < next) {
      // Mounted before a module this list puts first: it moves after it.
      set.modules.splice(at, 1);
      next -= 1;
      at = -1;
    }
    if (at === -1) {
      set.modules.splice(next, 0, module);
      next += 1;
      changed = true;
    } else {
      next = at + 1;
    }
  }
  if (changed) set.sheet.replaceSync(set.modules.map((module) => module.getRules()).join('\n'));
  if (!doc.adoptedStyleSheets.includes(set.sheet)) doc.adoptedStyleSheets = [set.sheet, ...doc.adoptedStyleSheets];
}

StyleModule.mount = function mount(root, modules, options) {
  if (root.nodeType === 9) mountInDocument(root, Array.isArray(modules) ? modules : [modules]);
  else mountInShadowRoots.call(this, root, modules, options);
};
