// Shared by every component module: the value encodings of VECTORS.md §2 (bytes, parameter trees,
// the BigInt-preserving line parser), the two non-output outcomes (Unsupported, HarnessError), the
// error output for a library error, and option checks used by more than one component. No library
// call lives here; each component module holds its own.
'use strict';

const NAME = 'node';

class Unsupported extends Error {}
class HarnessError extends Error {}

// ---------------------------------------------------------------------------------------------
// Value encodings (VECTORS.md §2)

const BIGINT_MARK = '\u0000node-adapter-bigint:';

// JSON.parse loses integers beyond 2^53; Node 20's JSON.parse has no source access without a V8
// flag. Integer literals that are not safe integers are turned into marked strings before
// parsing (strings in the line are skipped by the tokenizer) and back into BigInt after.
function parseLine(line) {
  const text = line.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (tok) => {
    if (tok[0] === '"' || /[.eE]/.test(tok)) return tok;
    return Number.isSafeInteger(Number(tok)) ? tok : JSON.stringify(BIGINT_MARK + tok);
  });
  return JSON.parse(text, (k, v) =>
    typeof v === 'string' && v.startsWith(BIGINT_MARK) ? BigInt(v.slice(BIGINT_MARK.length)) : v);
}

function bytes(v, where) {
  if (v === null || typeof v !== 'object') throw new HarnessError(`${where}: bytes need "text" or "hex"`);
  if (typeof v.text === 'string') return Buffer.from(v.text, 'utf8');
  if (typeof v.hex === 'string') {
    const h = v.hex.replace(/ /g, '');
    if (h.length % 2 || /[^0-9a-fA-F]/.test(h)) throw new HarnessError(`${where}.hex: not a hex string`);
    return Buffer.from(h, 'hex');
  }
  throw new HarnessError(`${where}: bytes need "text" or "hex"`);
}

function bytesOut(buf) {
  if (isUTF8(buf)) return { text: buf.toString('utf8') };
  return { hex: buf.toString('hex') };
}

function isUTF8(buf) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(buf); return true; } catch { return false; }
}

// The bytes as a string, as a Node developer holding a Buffer would get one: a fatal TextDecoder
// (ignoreBOM: a leading U+FEFF is text here, not a byte order mark).
function utf8String(buf) {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
}

// A JS object preserving the vector's member order (JS still puts integer-like keys first: that
// is the object Node's APIs are given).
function defineMember(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

// Parameter tree (VECTORS.md §2.2) -> JS values. Sets, bytes and repeated keys have no place in
// the objects querystring/FormData take; they become markers the consumers refuse.
const SET = Symbol('set');
const REPEATED = Symbol('repeated keys');
function tree(v, where) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x, i) => tree(x, `${where}[${i}]`));
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith('$')) {
    const tag = keys[0], body = v[tag], at = `${where}.${tag}`;
    switch (tag) {
      case '$set':
        if (!Array.isArray(body)) throw new HarnessError(`${at}: expected an array`);
        return { [SET]: body.map((x, i) => tree(x, `${at}[${i}]`)) };
      case '$data':
        if (typeof body !== 'string' || body.length % 2 || /[^0-9a-fA-F]/.test(body)) throw new HarnessError(`${at}: expected a hex string`);
        return Buffer.from(body, 'hex');
      case '$double': {
        if (typeof body === 'number') return body;
        if (typeof body !== 'string') throw new HarnessError(`${at}: expected a number`);
        const special = { nan: NaN, inf: Infinity, '-inf': -Infinity }[body.toLowerCase()];
        if (special !== undefined) return special;
        const n = Number(body);
        if (body.trim() === '' || Number.isNaN(n)) throw new HarnessError(`${at}: expected a number`);
        return n;
      }
      case '$dict': {
        if (!Array.isArray(body)) throw new HarnessError(`${at}: expected an array of ["key", value]`);
        const obj = Object.create(null);
        for (const [i, pair] of body.entries()) {
          if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') throw new HarnessError(`${at}[${i}]: expected ["key", value]`);
          if (Object.prototype.hasOwnProperty.call(obj, pair[0])) obj[REPEATED] = true;
          defineMember(obj, pair[0], tree(pair[1], `${at}[${i}]`));
        }
        return obj;
      }
      default:
        throw new HarnessError(`${at}: unknown tag; use $dict for a key that starts with $`);
    }
  }
  const obj = Object.create(null);
  for (const k of keys) defineMember(obj, k, tree(v[k], `${where}.${k}`));
  return obj;
}

const isDict = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) && !(SET in v);
const isScalar = (v) => v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v);

function errorOutput(e) {
  let message = `${e && e.name || 'Error'}${e && e.code ? ` [${e.code}]` : ''}: ${e && e.message}`;
  for (let c = e && e.cause, n = 0; c && n < 4; c = c.cause, n++) {
    message += `; cause: ${c.name || 'Error'}${c.code ? ` [${c.code}]` : ''}: ${c.message}`;
  }
  return { error: { domain: NAME, message } };
}

function onlyOptions(options, allowed) {
  for (const k of Object.keys(options)) {
    if (options[k] !== null && !allowed.includes(k)) throw new Unsupported(`option ${k}: Node has no counterpart`);
  }
}

// chunkSizes (multipart-parse and content-decode): null when absent or empty.
function chunkSizes(options) {
  const c = options.chunkSizes;
  if (c == null || (Array.isArray(c) && c.length === 0)) return null;
  if (!Array.isArray(c) || !c.every((n) => Number.isInteger(n) && n >= 1)) {
    throw new HarnessError('options.chunkSizes: chunk sizes must be integers ≥ 1');
  }
  return c;
}

module.exports = {
  NAME, Unsupported, HarnessError, parseLine, bytes, bytesOut, isUTF8, utf8String, defineMember,
  SET, REPEATED, tree, isDict, isScalar, errorOutput, onlyOptions, chunkSizes,
};
