#!/usr/bin/env node
// The AFSerialization golden vectors against Node.js's own built-ins (eval protocol 1.1,
// VECTORS.md §5). One JSON request per line on stdin, one JSON reply per line on stdout.
//
//   percent-escape   encodeURIComponent (afnetworking, rfc3986Unreserved),
//                    URLSearchParams (whatwgForm)
//   query-string     querystring.stringify (flat objects), URLSearchParams (whatwgForm)
//   multipart        FormData sent by fetch() to a loopback http server
//   multipart-parse  new Response(body, {headers}).formData()
//   media-type       new util.MIMEType()
//   content-decode   zlib (gunzipSync / inflateSync / brotliDecompressSync, or their streams)
//   request          JSON.stringify (the json serializer's body only)
//   response         new Response(body).json(), i.e. JSON.parse of the UTF-8 decoded body (the json
//                    serializer's parse only)
//
// The mapping per component and option, and every projection, is in README.md next to this file.
// Nothing here re-implements AFNetworking: what Node cannot express is answered "unsupported".
'use strict';

const readline = require('node:readline');
const querystring = require('node:querystring');
const util = require('node:util');
const zlib = require('node:zlib');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const { pipeline } = require('node:stream/promises');
const { Readable, Writable } = require('node:stream');
const { constants: { MAX_LENGTH } } = require('node:buffer');

const NAME = 'node';
const VERSION = `Node.js ${process.versions.node} (undici ${process.versions.undici}, ` +
  `zlib ${process.versions.zlib}, V8 ${process.versions.v8})`;

const ERROR_MEMBERS = ['error.domain', 'error.kind', 'error.code', 'error.description', 'error.reason',
  'error.offset', 'error.context', 'error.underlying'];

// One profile per component (Implementations/README.md).
const SUPPORTS = {
  components: {
    'percent-escape': ['af4'],
    'query-string': ['af4'],
    'multipart': ['strict'],
    'multipart-parse': ['strict'],
    'media-type': ['strict'],
    'content-decode': ['af4'],
    'request': ['af4'],
    'response': ['af4'],
  },
  omits: {
    'percent-escape': ['error.*'],
    'query-string': ['pairs', 'error.*'],
    'multipart': ['error.*'],
    'multipart-parse': ['parts[].headers', 'error.*'],
    'content-decode': ['error.*'],
    // The body is JSON.stringify's; method, URL and headers are AF's own code.
    'request': ['method', 'url', 'headers', ...ERROR_MEMBERS],
    // valid is AF's validation; JSON.parse's SyntaxError carries none of AF's members. Listed one
    // by one (not error.*) so that an expected {"$absent": true} still means "no error".
    'response': ['valid', ...ERROR_MEMBERS],
  },
};

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

// ---------------------------------------------------------------------------------------------
// percent-escape

// whatwgForm: the application/x-www-form-urlencoded serializer behind URLSearchParams.
const formEscape = (s) => new URLSearchParams([[s, '']]).toString().slice(0, -1);

function escaperFor(style) {
  switch (style ?? 'afnetworking') {
    case 'afnetworking': return encodeURIComponent;          // closest built-in (README)
    case 'rfc3986Unreserved': return encodeURIComponent;
    case 'whatwgForm': return formEscape;
    default: throw new HarnessError(`options.style: unknown value "${style}"; expected one of afnetworking, whatwgForm, rfc3986Unreserved`);
  }
}

function percentEscape(input, options) {
  onlyOptions(options, ['style', 'reportBatches', 'batchSize']);
  if (options.reportBatches) throw new Unsupported('reportBatches: Node escapes in one pass, there are no batches');
  // SPEC §1.4: a batch size ≥ 1 never changes the text, so it is ignored; Node has nothing to reject
  // a smaller one with.
  if (options.batchSize != null && !(Number.isInteger(options.batchSize) && options.batchSize >= 1)) {
    throw new Unsupported(`batchSize ${options.batchSize}: Node escapes in one pass and has no batch size to reject`);
  }
  const forms = ['text', 'utf16', 'hex'].filter((k) => input[k] !== undefined && input[k] !== null);
  if (forms.length !== 1) throw new HarnessError(`input: give exactly one of "text", "utf16" or "hex" (got ${forms.length})`);
  const escape = escaperFor(options.style);
  let s;
  if (forms[0] === 'text') {
    if (typeof input.text !== 'string') throw new HarnessError('input.text: expected a string');
    s = input.text;
  } else if (forms[0] === 'utf16') {
    if (!Array.isArray(input.utf16)) throw new HarnessError('input.utf16: expected an array');
    s = '';
    input.utf16.forEach((u, i) => {
      if (!Number.isInteger(u) || u < 0 || u > 0xffff) throw new HarnessError(`input.utf16[${i}]: code unit ${u} is outside 0…65535`);
      s += String.fromCharCode(u);   // a JS string holds any UTF-16 sequence, lone surrogates too
    });
  } else {
    try { s = utf8String(bytes({ hex: input.hex }, 'input')); } catch (e) {
      if (e instanceof HarnessError) throw e;
      return errorOutput(e);
    }
  }
  try { return { text: escape(s) }; } catch (e) { return errorOutput(e); }
}

// ---------------------------------------------------------------------------------------------
// query-string

function queryString(input, options) {
  onlyOptions(options, ['arrayStyle', 'boolStyle', 'style']);
  if (!('parameters' in input)) throw new HarnessError('input.parameters: required field is missing');
  const params = tree(input.parameters, 'input.parameters');
  if (!isDict(params)) throw new Unsupported('querystring.stringify and URLSearchParams take an object: a top-level array or scalar has no counterpart');
  if (params[REPEATED]) throw new Unsupported('repeated keys: a JS object holds each key once');
  const style = options.style ?? 'afnetworking';
  escaperFor(style);   // validates the name
  const arrayStyle = options.arrayStyle ?? 'brackets';
  const boolStyle = options.boolStyle ?? 'numeric';
  let hasArray = false, hasBool = false;
  for (const k of Object.keys(params)) {
    const v = params[k];
    const leaves = Array.isArray(v) ? (hasArray = true, v) : [v];
    for (const leaf of leaves) {
      if (Buffer.isBuffer(leaf)) throw new Unsupported('a $data value: querystring takes primitives, not bytes');
      if (!isScalar(leaf)) throw new Unsupported('a nested dictionary, set or array: querystring does not nest');
      if (typeof leaf === 'boolean') hasBool = true;
    }
  }
  if (hasArray && arrayStyle !== 'noBrackets') throw new Unsupported(`arrayStyle ${arrayStyle}: querystring writes an array as a repeated key (noBrackets) only`);
  if (hasBool && boolStyle !== 'literal') throw new Unsupported(`boolStyle ${boolStyle}: querystring writes booleans as true/false (literal) only`);
  if (style === 'whatwgForm') {
    if (hasArray) throw new Unsupported('an array under whatwgForm: URLSearchParams(record) takes one string per key');
    try { return { text: new URLSearchParams(params).toString() }; } catch (e) { return errorOutput(e); }
  }
  // afnetworking and rfc3986Unreserved: querystring's own escape (encodeURIComponent's set).
  try { return { text: querystring.stringify(params) }; } catch (e) { return errorOutput(e); }
}

// ---------------------------------------------------------------------------------------------
// multipart (writer): FormData, sent by fetch() to a loopback server that records what arrives.

let serverReady = null;
const captures = new Map();
let captureSeq = 0;

function loopback() {
  if (!serverReady) {
    serverReady = new Promise((resolve, reject) => {
      const server = http.createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          const cap = captures.get(req.url);
          if (cap) cap({ method: req.method, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
          res.writeHead(204).end();
        });
        req.on('error', () => res.destroy());
      });
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => { server.unref(); resolve(server.address().port); });
    });
  }
  return serverReady;
}

// HTTP field names are case-insensitive (RFC 9110 §5.1); fetch writes them in lowercase.
const canonicalName = (n) => n.replace(/(^|-)([a-z])/g, (m, d, c) => d + c.toUpperCase());

async function partBlob(part, i) {
  const where = `input.parts[${i}]`;
  const need = (k) => {
    if (typeof part[k] !== 'string') throw new HarnessError(`${where}.${k}: required field is missing`);
    return part[k];
  };
  switch (part.kind) {
    case 'form': {
      const name = need('name');
      const body = part.body == null ? Buffer.alloc(0) : bytes(part.body, `${where}.body`);
      let value;
      try { value = utf8String(body); } catch {
        throw new Unsupported('a form field whose body is not UTF-8: FormData string entries are USVStrings');
      }
      return [name, value];
    }
    case 'file': {
      const name = need('name'), filename = need('filename'), mimeType = need('mimeType');
      const body = part.body == null ? Buffer.alloc(0) : bytes(part.body, `${where}.body`);
      return [name, new Blob([body], { type: mimeType }), filename];
    }
    case 'path': {
      const name = need('name'), p = need('path');
      // A file: URL goes through url.fileURLToPath; anything else is a path for fs.
      let file = p;
      if (/^file:/i.test(p)) file = fileURLToPath(p);
      // Node has no extension table: without mimeType the Blob's type is empty and FormData
      // writes application/octet-stream. AF reads mimeType only together with filename.
      const type = typeof part.filename === 'string' && typeof part.mimeType === 'string' ? part.mimeType : '';
      const blob = await fs.openAsBlob(file, { type });
      const filename = typeof part.filename === 'string' ? part.filename : path.basename(file);
      return [name, blob, filename];
    }
    case 'stream':
      throw new Unsupported('a stream part: FormData entries are strings or Blobs, there are no streams of declared length');
    case 'headers':
      throw new Unsupported('custom part headers: FormData writes its own part headers only');
    default:
      throw new HarnessError(`${where}.kind: unknown part kind "${part.kind}"; expected form, file, path, stream or headers`);
  }
}

async function multipart(input, options) {
  onlyOptions(options, ['arrayStyle', 'boolStyle', 'readSizes', 'packetSize']);
  // readSizes and packetSize only say how the core reads its own stream (SPEC §5.5: the bytes are
  // the same for all of them); fetch() reads the FormData stream itself. Valid values are ignored.
  if (options.readSizes != null && !(Array.isArray(options.readSizes) && options.readSizes.length > 0 &&
      options.readSizes.every((n) => Number.isInteger(n) && n >= 1))) {
    throw new HarnessError('options.readSizes: read sizes must be a non-empty list of integers ≥ 1');
  }
  if (options.packetSize != null && !(Number.isInteger(options.packetSize) && options.packetSize >= 1)) {
    throw new Unsupported(`packetSize ${options.packetSize}: fetch() has no packet size to reject`);
  }
  for (const k of ['method', 'url']) {
    if (typeof input[k] !== 'string') throw new HarnessError(`input.${k}: required field is missing`);
  }
  if (typeof input.boundary !== 'string') {
    if (input.seed != null) throw new Unsupported('a seeded boundary: FormData draws its own random boundary');
    throw new HarnessError('input: multipart needs "boundary" or "seed" for a reproducible boundary');
  }
  const entries = [];
  if (input.parameters !== undefined) {
    const params = tree(input.parameters, 'input.parameters');
    if (!isDict(params)) throw new Unsupported('top-level non-dictionary parameters: FormData takes name/value entries');
    if (params[REPEATED]) throw new Unsupported('repeated keys: a JS object holds each key once');
    for (const k of Object.keys(params)) {
      const v = params[k];
      if (!isScalar(v)) throw new Unsupported('a parameter that is an array, dictionary, set or bytes: FormData entries are flat');
      if (typeof v === 'boolean' && (options.boolStyle ?? 'numeric') !== 'literal') {
        throw new Unsupported('boolStyle numeric: FormData writes a boolean as true/false (literal) only');
      }
      entries.push([k, v]);   // FormData.append converts the value to a USVString itself
    }
  }
  const parts = input.parts ?? [];
  if (!Array.isArray(parts)) throw new HarnessError('input.parts: expected an array');
  const made = [];
  for (const [i, part] of parts.entries()) made.push(partBlob(part, i));
  let partEntries;
  try { partEntries = await Promise.all(made); } catch (e) {
    if (e instanceof Unsupported || e instanceof HarnessError) throw e;
    return errorOutput(e);
  }
  let headers = input.headers ?? [];
  if (!Array.isArray(headers)) throw new HarnessError('input.headers: headers are an array of [name, value]');

  const fd = new FormData();
  try {
    for (const [k, v] of entries) fd.append(k, v);
    for (const e of partEntries) fd.append(...e);
  } catch (e) { return errorOutput(e); }

  const port = await loopback();
  const key = `/r/${++captureSeq}`;
  const captured = new Promise((resolve) => captures.set(key, resolve));
  let res;
  try {
    res = await fetch(`http://127.0.0.1:${port}${key}`, { method: input.method, headers, body: fd });
    await res.arrayBuffer();
  } catch (e) {
    captures.delete(key);
    return errorOutput(e);
  }
  const got = await Promise.race([captured, new Promise((r) => setTimeout(r, 5000, null))]);
  captures.delete(key);
  if (!got) throw new Error('the loopback server saw no request');

  // Projection: FormData's random boundary -> the vector's boundary, in the header and the body;
  // Content-Length moves by the same number of bytes the body does.
  const raw = [];
  for (let i = 0; i < got.rawHeaders.length; i += 2) raw.push([got.rawHeaders[i], got.rawHeaders[i + 1]]);
  const ct = raw.find(([n]) => n.toLowerCase() === 'content-type');
  const m = ct && /boundary=([^;]+)/.exec(ct[1]);
  let body = got.body;
  const out = [];
  if (m) {
    const undiciBoundary = m[1];
    body = Buffer.from(body.toString('latin1').split(undiciBoundary).join(Buffer.from(input.boundary, 'utf8').toString('latin1')), 'latin1');
  }
  let contentLength = null;
  for (let [n, v] of raw) {
    const lower = n.toLowerCase();
    if (lower === 'content-type' && m) v = v.split(m[1]).join(input.boundary);
    if (lower === 'content-length') {
      v = String(Number(v) - got.body.length + body.length);
      contentLength = Number(v);
    }
    out.push([canonicalName(lower), v]);
  }
  return { headers: out, body: bytesOut(body), contentLength };
}

// ---------------------------------------------------------------------------------------------
// multipart-parse: Response#formData()

function chunkedStream(buf, sizes) {
  let off = 0, i = 0;
  return new ReadableStream({
    pull(controller) {
      if (off >= buf.length) { controller.close(); return; }
      const n = sizes[i++ % sizes.length];
      controller.enqueue(new Uint8Array(buf.subarray(off, off + n)));
      off += n;
    },
  });
}

function chunkSizes(options) {
  const c = options.chunkSizes;
  if (c == null || (Array.isArray(c) && c.length === 0)) return null;
  if (!Array.isArray(c) || !c.every((n) => Number.isInteger(n) && n >= 1)) {
    throw new HarnessError('options.chunkSizes: chunk sizes must be integers ≥ 1');
  }
  return c;
}

// The boundary as a media-type parameter: a token as is, anything else quoted (RFC 9110 §5.6.6).
function boundaryParam(b) {
  if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(b)) return b;
  return `"${b.replace(/["\\]/g, '\\$&')}"`;
}

async function multipartParse(input, options) {
  onlyOptions(options, ['chunkSizes', 'allowUTF8Headers']);
  if (options.allowUTF8Headers) throw new Unsupported('allowUTF8Headers: formData() has no such switch');
  if (typeof input.boundary !== 'string') throw new HarnessError('input.boundary: required field is missing');
  if (input.body == null) throw new HarnessError('input.body: required field is missing');
  const body = bytes(input.body, 'input.body');
  const sizes = chunkSizes(options);
  const contentType = `multipart/form-data; boundary=${boundaryParam(input.boundary)}`;
  let fd;
  try {
    const res = new Response(sizes ? chunkedStream(body, sizes) : body, { headers: { 'content-type': contentType } });
    fd = await res.formData();
  } catch (e) { return errorOutput(e); }
  const parts = [];
  for (const [name, value] of fd) {
    if (typeof value === 'string') {
      parts.push({ name, filename: null, contentType: null, body: bytesOut(Buffer.from(value, 'utf8')) });
    } else {
      const data = Buffer.from(await value.arrayBuffer());
      parts.push({ name, filename: value.name, contentType: value.type === '' ? null : value.type, body: bytesOut(data) });
    }
  }
  return { parts };
}

// ---------------------------------------------------------------------------------------------
// media-type: util.MIMEType (WHATWG MIME Sniffing parser)

function mediaType(input) {
  const ct = input.contentType;
  if (ct === undefined || ct === null) return { mimeType: null, parameters: [] };
  if (typeof ct !== 'string') throw new HarnessError('input.contentType: expected a string');
  let mime;
  try { mime = new util.MIMEType(ct); } catch (e) {
    // The documented rejection (ERR_INVALID_MIME_SYNTAX): the value does not parse.
    return { mimeType: null, parameters: [] };
  }
  return { mimeType: mime.essence, parameters: [...mime.params] };
}

// ---------------------------------------------------------------------------------------------
// content-decode: zlib

const CODECS = {
  gzip: { sync: zlib.gunzipSync, stream: zlib.createGunzip },
  'x-gzip': { sync: zlib.gunzipSync, stream: zlib.createGunzip },
  deflate: { sync: zlib.inflateSync, stream: zlib.createInflate },   // RFC 1950 only: no raw fallback
  br: { sync: zlib.brotliDecompressSync, stream: zlib.createBrotliDecompress },
};

// The streaming decoder as a Node developer drives it: stream.pipeline() from the chunks through
// the zlib Transform into a collector. pipeline() settles on the first error, also one that the
// Transform emits after 'end' (see FINDINGS.md), so such an error is reported, not dropped.
async function streamDecode(codec, input, sizes) {
  const chunks = [];
  for (let off = 0, i = 0; off < input.length; i++) {
    const n = sizes[i % sizes.length];
    chunks.push(input.subarray(off, off + n));
    off += n;
  }
  const out = [];
  await pipeline(Readable.from(chunks), codec.stream(),
    new Writable({ write(c, enc, cb) { out.push(c); cb(); } }));
  return Buffer.concat(out);
}

async function contentDecode(input, options) {
  onlyOptions(options, ['chunkSizes', 'maxDecodedSize']);
  if (input.body == null) throw new HarnessError('input.body: required field is missing');
  let body = bytes(input.body, 'input.body');
  const sizes = chunkSizes(options);
  const limit = options.maxDecodedSize;
  if (limit != null && sizes) throw new Unsupported('maxDecodedSize with chunkSizes: zlib streams have no output limit (maxOutputLength is for the convenience methods)');
  if (limit != null && !(Number.isSafeInteger(limit) && limit >= 1)) throw new Unsupported(`maxDecodedSize ${limit}: zlib's maxOutputLength takes a positive integer`);
  const header = input.contentEncoding;
  if (header != null && typeof header !== 'string') throw new HarnessError('input.contentEncoding: expected a string');
  // Node has no Content-Encoding decoder outside fetch(). The zlib documentation's recipe for HTTP
  // bodies switches on the header value and pipes through one decoder; the adapter does the same
  // for a value naming one coding (OWS trimmed as Node's HTTP parser does, case-insensitive per RFC
  // 9110 §8.4.1). A list of codings, identity, an empty value or an unknown name has no zlib call:
  // stacking decoders or skipping elements would be the adapter's own Content-Encoding model.
  const coding = (header ?? '').replace(/^[ \t]+|[ \t]+$/g, '').toLowerCase();
  if (coding.includes(',')) throw new Unsupported('a list of content codings: Node has no Content-Encoding list decoder outside fetch()');
  const codec = CODECS[coding];
  if (!codec) throw new Unsupported(`content coding "${coding}": no zlib decoder to call`);
  try {
    if (sizes) body = await streamDecode(codec, body, sizes);
    // maxOutputLength takes 1…buffer.kMaxLength; a larger limit is Node's default (no limit).
    else body = limit != null && limit <= MAX_LENGTH ? codec.sync(body, { maxOutputLength: limit }) : codec.sync(body);
  } catch (e) { return errorOutput(e); }
  return { body: bytesOut(body) };
}

// ---------------------------------------------------------------------------------------------
// request: the body of AF's JSON serializer, written by JSON.stringify

const AF_URI_METHODS = ['GET', 'HEAD', 'DELETE'];

// The tree() value as the JS value JSON.stringify is handed: the set marker becomes a Set; bytes
// stay a Buffer, integers beyond 2^53 a BigInt (the exact value; JSON.stringify refuses BigInt).
// Returns also whether some object has two or more members (key order would matter).
function jsonValue(v, where, seen) {
  if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return v;
  if (Array.isArray(v)) return v.map((x, i) => jsonValue(x, `${where}[${i}]`, seen));
  if (SET in v) return new Set(v[SET].map((x, i) => jsonValue(x, `${where}.$set[${i}]`, seen)));
  if (v[REPEATED]) throw new Unsupported(`${where}: repeated keys (a JS object holds each key once)`);
  const keys = Object.keys(v);
  if (keys.length > 1) seen.multiKey = true;
  const obj = Object.create(null);
  for (const k of keys) defineMember(obj, k, jsonValue(v[k], `${where}.${k}`, seen));
  return obj;
}

function request(input, options) {
  const serializer = input.serializer ?? 'http';
  if (serializer === 'plist') throw new Unsupported('Node has no property-list writer');
  if (serializer !== 'json') throw new Unsupported(`the ${serializer} serializer (form encoding) is AF's own code`);
  for (const k of ['maxJSONDepth', 'maxParameterDepth']) {
    if (options[k] != null) throw new Unsupported(`option ${k}: JSON.stringify has no depth limit`);
  }
  const uriMethods = options.methodsEncodingParametersInURI ?? AF_URI_METHODS;
  if (uriMethods.includes(String(input.method ?? '').toUpperCase()) || !('parameters' in input)) {
    throw new Unsupported("no body is written (AF's rule, not a JSON.stringify call)");
  }
  const names = options.jsonWritingOptions ?? [];
  for (const n of names) {
    if (!['prettyPrinted', 'sortedKeys', 'fragmentsAllowed', 'withoutEscapingSlashes'].includes(n)) {
      throw new HarnessError(`options.jsonWritingOptions: unknown value "${n}"`);
    }
  }
  const seen = { multiKey: false };
  const value = jsonValue(tree(input.parameters, 'input.parameters'), 'input.parameters', seen);
  // sortedKeys: JSON.stringify has no sorting; only a tree where no object has two members is
  // unaffected by it. fragmentsAllowed / withoutEscapingSlashes: JSON.stringify writes any value
  // and never escapes "/". prettyPrinted: JSON.stringify's own indentation, 2 spaces.
  if (names.includes('sortedKeys') && seen.multiKey) throw new Unsupported('sortedKeys: JSON.stringify cannot sort keys');
  try {
    const text = JSON.stringify(value, null, names.includes('prettyPrinted') ? 2 : undefined);
    // undefined: JSON.stringify's answer for a value it does not serialize; Buffer.from would throw.
    if (text === undefined) return { error: { domain: NAME, message: 'JSON.stringify returned undefined' } };
    return { body: bytesOut(Buffer.from(text, 'utf8')) };
  } catch (e) { return errorOutput(e); }
}

// ---------------------------------------------------------------------------------------------
// response: new Response(body).json() on a response AF's JSON serializer would parse

const AF_JSON_TYPES = ['application/json', 'text/json', 'text/javascript'];

// Whether AF hands this body to a parser at all: AF's validation and early returns are not library
// calls, so anything else is unsupported (the foundation adapter's rule).
function afWouldParse(input, options, types) {
  for (const k of ['acceptableContentTypes', 'acceptableStatusCodes', 'decodeContentEncoding', 'maxDecodedSize']) {
    if (k in options) throw new Unsupported(`option ${k} (AF's validation / decoding, not a library call)`);
  }
  const status = input.statusCode ?? 200;
  const values = (input.headers ?? []).filter(([n]) => n.toLowerCase() === 'content-type').map(([, v]) => v);
  const mime = values.length === 1 ? values[0].split(';')[0].trim().toLowerCase() : null;
  if (!(status >= 200 && status <= 299) || !types.includes(mime)) throw new Unsupported("a response AF's validation rejects (not a library call)");
  if (input.body == null) throw new Unsupported('no body: AF returns no object without calling a parser');
  return bytes(input.body, 'input.body');
}

// JSON.parse's value as the output's plain JSON (README: projections): a number that overflowed to
// ±Infinity is written as {"$double": …}, a lone surrogate (JSON.parse accepts a lone \uD83D escape)
// as U+FFFD (String.prototype.toWellFormed), since the reply line is UTF-8.
function plainJSON(v) {
  if (typeof v === 'string') return v.toWellFormed();
  if (typeof v === 'number' && !Number.isFinite(v)) return { $double: Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf' };
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(plainJSON);
  const obj = Object.create(null);
  for (const k of Object.keys(v)) defineMember(obj, k.toWellFormed(), plainJSON(v[k]));
  return obj;
}

async function response(input, options) {
  if ((input.serializer ?? 'http') !== 'json') throw new Unsupported("only the JSON serializer's parse is a library call (JSON.parse)");
  if (options.removesKeysWithNullValues) throw new Unsupported("null removal is AF's code");
  if (options.maxJSONDepth != null) throw new Unsupported('JSON.parse has no depth limit (maxJSONDepth)');
  const body = afWouldParse(input, options, AF_JSON_TYPES);
  if (body.length === 0 || (body.length === 1 && body[0] === 0x20)) {
    throw new Unsupported('AF returns no object for an empty or one-space body without parsing');
  }
  // readingOptions.allowFragments has no counterpart: JSON.parse accepts any top-level value.
  try {
    return { valid: true, object: plainJSON(await new Response(body).json()) };
  } catch (e) {
    return { valid: true, ...errorOutput(e) };
  }
}

// ---------------------------------------------------------------------------------------------
// The protocol

const COMPONENTS = {
  'percent-escape': percentEscape,
  'query-string': queryString,
  'multipart': multipart,
  'multipart-parse': multipartParse,
  'media-type': mediaType,
  'content-decode': contentDecode,
  'request': request,
  'response': response,
};

async function reply(req) {
  const id = req.id;
  if (typeof id === 'string' && id.startsWith('handshake#')) {
    return { id, output: req.input ?? {}, protocol: '1.1', implementation: { name: NAME, version: VERSION }, supports: SUPPORTS };
  }
  const handler = COMPONENTS[req.component];
  if (!handler) return { id, unsupported: `component ${req.component}: no Node built-in models it` };
  const input = req.input ?? {}, options = req.options ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) return { id, harnessError: 'input: expected an object' };
  if (typeof options !== 'object' || Array.isArray(options)) return { id, harnessError: 'options: expected an object' };
  try {
    return { id, output: await handler(input, options) };
  } catch (e) {
    if (e instanceof Unsupported) return { id, unsupported: e.message };
    if (e instanceof HarnessError) return { id, harnessError: e.message };
    // Anything else thrown by Node outside its documented rejections: surface it, named.
    return { id, output: errorOutput(e) };
  }
}

function write(obj) {
  process.stdout.write(JSON.stringify(obj, (k, v) => (typeof v === 'bigint' ? v.toString() : v)) + '\n');
}

let pending = 0, closed = false;
function maybeExit() { if (closed && pending === 0) process.stdout.write('', () => process.exit(0)); }

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let req;
  try { req = parseLine(line); } catch (e) {
    const m = /"id"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line);
    let id = null;
    try { id = m ? JSON.parse(m[1]) : null; } catch { /* keep null */ }
    write({ id, harnessError: `line is not JSON: ${e.message}` });
    return;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    write({ id: null, harnessError: 'line is not a JSON object' });
    return;
  }
  pending++;
  reply(req).catch((e) => ({ id: req.id, harnessError: `adapter: ${e && e.stack || e}` }))
    .then((r) => { write(r); pending--; maybeExit(); });
});
rl.on('close', () => { closed = true; maybeExit(); });
process.on('uncaughtException', (e) => { process.stderr.write(`uncaught: ${e && e.stack || e}\n`); });
process.on('unhandledRejection', (e) => { process.stderr.write(`unhandled rejection: ${e && e.stack || e}\n`); });
