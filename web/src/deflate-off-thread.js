// Deflating a share link's fields in a worker (deflate-worker.js), started when first needed: a large environment's address no longer stalls typing. Where the worker cannot run or fails, the page deflates them itself.
import { deflateField } from './link-deflate.js';

let worker = null;
let broken = false;
let nextId = 1;
/** Questions not yet answered: id → { texts, resolve }. */
const waiting = new Map();

/** Every waiting question answered on the page's thread (the worker failed, or could not start). */
function answerHere() {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const { texts, resolve } of waiting.values()) resolve(texts.map(deflateField));
  waiting.clear();
}

function start() {
  try {
    worker = new Worker(new URL('./deflate-worker.js', import.meta.url), { type: 'module', name: 'link-deflate' });
  } catch {
    answerHere();
    return;
  }
  worker.onmessage = ({ data: { id, fields, error } }) => {
    const question = waiting.get(id);
    if (!question) return;
    waiting.delete(id);
    question.resolve(error === undefined ? fields : question.texts.map(deflateField));
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    answerHere();
  };
}

/** The fields (as `deflateField` makes them) of `texts`, deflated off the page's thread. */
export function deflateFields(texts) {
  if (!texts.length) return Promise.resolve([]);
  if (broken || typeof Worker !== 'function') return Promise.resolve(texts.map(deflateField));
  if (!worker) start();
  if (broken) return Promise.resolve(texts.map(deflateField));
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, { texts, resolve });
    worker.postMessage({ id, texts });
  });
}
