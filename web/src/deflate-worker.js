// The deflate worker: compresses a share link's fields (the address that follows the code) off the page's thread; the same function as the page's own, so the links are the same bytes.
import { deflateField } from './link-deflate.js';

self.onmessage = ({ data: { id, texts } }) => {
  try {
    self.postMessage({ id, fields: texts.map(deflateField) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
