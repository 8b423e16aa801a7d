// Reading a .zip from its central directory, one entry at a time: the entry count, names and declared sizes are checked before anything is inflated, and each entry's actual size as it inflates (never past what it declared).
//
// fflate, the page's DEFLATE library, reads a .zip either whole (unzipSync: every wanted entry inflated at once, up
// to its declared size) or as a stream in the order of its local headers (Unzip). Opening a folder plans from the
// central directory first (what is kept, what is left out past the limits) and then reads only the entries it
// keeps, one by one: this file finds them by the central directory and inflates each with fflate's streaming
// inflater under a cap (bounded-inflate.js).
import { inflateBounded, TooLarge } from './bounded-inflate.js';

/** A .zip the page refuses to open: its message says why, in the user's terms. */
export class ZipRefused extends Error {
  constructor(message) {
    super(message);
    this.name = 'ZipRefused';
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const U32_MAX = 0xffffffff;

const damaged = (what) => new ZipRefused(`it is not a .zip the playground can read (${what})`);

function reader(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inside = (at, length) => at >= 0 && length >= 0 && at + length <= bytes.length;
  const check = (at, length) => {
    if (!inside(at, length)) throw damaged('a record points past its end');
  };
  return {
    inside,
    u16: (at) => (check(at, 2), view.getUint16(at, true)),
    u32: (at) => (check(at, 4), view.getUint32(at, true)),
    u64: (at) => {
      check(at, 8);
      const value = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
      if (!Number.isSafeInteger(value)) throw damaged('a size is out of range');
      return value;
    },
  };
}

/** A name as the .zip stores it: UTF-8 (as its flag says, or as most tools write without it), else Latin-1. */
function nameOf(raw) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('latin1').decode(raw);
  }
}

/** Where the end-of-central-directory record is (it ends the file, before a comment of at most 65,535 bytes). */
function findEnd(bytes, read) {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (read.u32(at) === EOCD && at + 22 + read.u16(at + 20) <= bytes.length) return at;
  }
  throw damaged('no end of central directory');
}

/** The central directory's entry count and offset, ZIP64's when the classic record says so. */
function directoryOf(bytes, read, end) {
  let count = read.u16(end + 10);
  let offset = read.u32(end + 16);
  if ((count === 0xffff || offset === U32_MAX) && end >= 20 && read.u32(end - 20) === ZIP64_LOCATOR) {
    const at = read.u64(end - 12);
    if (read.u32(at) !== ZIP64_EOCD) throw damaged('its ZIP64 record is missing');
    count = read.u64(at + 32);
    offset = read.u64(at + 48);
  }
  return { count, offset };
}

/** ZIP64's extra field (id 1) holds, in this order, the sizes and offset that are 0xFFFFFFFF in the header. */
function zip64Sizes(read, extra, extraEnd, entry) {
  for (let at = extra; at + 4 <= extraEnd; ) {
    const id = read.u16(at);
    const length = read.u16(at + 2);
    let field = at + 4;
    if (id === 1) {
      for (const key of ['size', 'compressedSize', 'localOffset']) {
        if (entry[key] !== U32_MAX) continue;
        if (field + 8 > at + 4 + length) break;
        entry[key] = read.u64(field);
        field += 8;
      }
      return;
    }
    at += 4 + length;
  }
}

/**
 * The entries of the .zip `bytes` as its central directory lists them:
 * `[{ name, size, compressedSize, method, encrypted, localOffset }]` (`size`: the declared, inflated size).
 * Throws `ZipRefused` for a .zip of more than `maxEntries` entries (before reading any) or a damaged one.
 */
export function listZip(bytes, { maxEntries }) {
  const read = reader(bytes);
  if (bytes.length < 22) throw damaged('it is too short');
  const end = findEnd(bytes, read);
  const { count, offset } = directoryOf(bytes, read, end);
  if (count > maxEntries) {
    throw new ZipRefused(`it holds ${count.toLocaleString('en')} entries; the playground opens at most ${maxEntries.toLocaleString('en')}`);
  }
  const entries = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (read.u32(at) !== CENTRAL) throw damaged('its central directory is broken');
    const flags = read.u16(at + 8);
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const commentLength = read.u16(at + 32);
    if (!read.inside(at + 46, nameLength + extraLength + commentLength)) throw damaged('its central directory is cut short');
    const entry = {
      name: nameOf(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: read.u16(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: read.u32(at + 20),
      size: read.u32(at + 24),
      localOffset: read.u32(at + 42),
    };
    zip64Sizes(read, at + 46 + nameLength, at + 46 + nameLength + extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of `entry` (from `listZip`), inflated under a cap of the size it declares. Throws `ZipRefused`
 * when it inflates to more than that, or cannot be read.
 */
export function readZipEntry(bytes, entry) {
  const { name, size } = entry;
  if (entry.encrypted) throw new ZipRefused(`${name} is encrypted`);
  const read = reader(bytes);
  const at = entry.localOffset;
  if (read.u32(at) !== LOCAL) throw damaged(`${name} is not where the directory says`);
  const start = at + 30 + read.u16(at + 26) + read.u16(at + 28);
  if (!read.inside(start, entry.compressedSize)) throw damaged(`${name} is cut short`);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    if (data.length !== size) throw damaged(`${name}'s stored size is not the size it declares`);
    return data;
  }
  if (entry.method !== DEFLATED) throw new ZipRefused(`${name} is compressed with method ${entry.method}, which the playground does not read`);
  if (size === 0) return new Uint8Array(0);
  try {
    return inflateBounded(data, size);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new ZipRefused(`${name} unpacks to more than the ${size.toLocaleString('en')} bytes it declares: the .zip is damaged or made to exhaust memory`);
    }
    throw damaged(`${name}: ${error.message}`);
  }
}
