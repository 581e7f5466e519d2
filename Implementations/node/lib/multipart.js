// multipart (writer, VECTORS.md §3.5): FormData sent by fetch() to a loopback http server inside
// the adapter, which records what arrives on the wire; the projection swaps undici's random boundary
// for the vector's and canonicalises header names (README: Projections).
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const { HarnessError, Unsupported, bytes, bytesOut, utf8String, tree, isDict, isScalar, REPEATED, errorOutput, onlyOptions } =
  require('./protocol');

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

module.exports = { multipart };
