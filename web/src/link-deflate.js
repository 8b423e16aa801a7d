// A share link's compressed field: the text raw-deflated (level 9) as base64url; one function, so that the page, its deflate worker and the tests make the same bytes.
import { deflateSync, strToU8 } from 'fflate';

export function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The field for `text`: base64url of its UTF-8 raw-deflated at level 9. */
export const deflateField = (text) => toBase64Url(deflateSync(strToU8(text), { level: 9 }));
