// Inflating DEFLATE data with a cap on what it may produce: input that expands past the cap stops there with an error that says so, before memory fills (share links, zip entries, the autosave).
import { Inflate } from 'fflate';

/**
 * The input goes to the inflater this many bytes at a time, and the output is counted after each step.
 * DEFLATE expands one byte to at most about 1,032 (a 258-byte match in two bits), so one step produces at
 * most about 1 MiB: the cap is passed by at most that much before the inflater stops.
 */
const STEP = 1024;

/** Data that inflates to more than the cap allows (`limit`: the cap in bytes). */
export class TooLarge extends Error {
  constructor(limit) {
    super(`it unpacks to more than ${limit.toLocaleString('en')} bytes`);
    this.name = 'TooLarge';
    this.limit = limit;
  }
}

/**
 * The bytes raw DEFLATE `data` inflates to. Throws `TooLarge` as soon as they pass `maxBytes`, and an
 * Error for data that is not DEFLATE or is cut short.
 */
export function inflateBounded(data, maxBytes) {
  const chunks = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new TooLarge(maxBytes);
    if (chunk.length) chunks.push(chunk);
  });
  if (data.length === 0) throw new Error('there is no compressed data');
  for (let at = 0; at < data.length; at += STEP) {
    inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
