// Inflating DEFLATE data with a cap on what it may produce: input that expands past the cap stops there with an error that says so, before memory fills (share links, zip entries, the autosave).
import { Inflate } from 'fflate';

/** DEFLATE expands one byte of input to at most about 1,032 bytes (a 258-byte match in two bits). */
const MAX_RATIO = 1032;
/** The least and the most input given to the inflater at a time. */
const MIN_STEP = 512;
const MAX_STEP = 64 * 1024;

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
  // Each step gives the inflater no more input than could fill what is left under the cap: the output is
  // counted after each, and passes the cap by at most MIN_STEP * MAX_RATIO (about 0.5 MiB) before it stops.
  for (let at = 0; at < data.length; ) {
    const step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.floor((maxBytes - total) / MAX_RATIO)));
    inflater.push(data.subarray(at, at + step), at + step >= data.length);
    at += step;
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
