// Text that an XML file may hold: XML 1.0 allows no control character but tab, line feed and carriage return (not even as `&#1;`), no U+FFFE or U+FFFF and no lone surrogate, while a Puppet title may hold any of them.

/** Characters XML 1.0 refuses: C0 controls but tab, LF and CR; U+FFFE and U+FFFF; surrogates not in a pair. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` with every character XML refuses replaced by one it allows: a C0 control by its Control Pictures
 * symbol (U+0001 → ␁), so that the reader still sees which it was; the others by U+FFFD.
 */
export function xmlSafe(text) {
  return text.replace(NOT_XML, (c) => (c <= '\u001f' ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : '\ufffd'));
}

/** Make every text and attribute value of `root` (an element, e.g. a copy of an SVG drawing) safe for XML. */
export function makeXmlSafe(root) {
  const walker = root.ownerDocument.createTreeWalker(root, 0x5 /* elements and texts */);
  for (let node = root; node; node = walker.nextNode()) {
    if (node.nodeType === 3) {
      const safe = xmlSafe(node.data);
      if (safe !== node.data) node.data = safe;
      continue;
    }
    for (const attribute of node.attributes) {
      const safe = xmlSafe(attribute.value);
      if (safe !== attribute.value) attribute.value = safe;
    }
  }
  return root;
}
