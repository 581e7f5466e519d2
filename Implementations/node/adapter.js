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
// This file is the entry point: the line loop, the handshake and the dispatch to the component
// modules in lib/ (one per component; lib/protocol.js holds the shared value encodings). The mapping
// per component and option, and every projection, is in README.md next to this file.
// Nothing here re-implements AFNetworking: what Node cannot express is answered "unsupported".
'use strict';

const readline = require('node:readline');
const { NAME, Unsupported, HarnessError, parseLine, errorOutput } = require('./lib/protocol');
const { percentEscape } = require('./lib/percent_escape');
const { queryString } = require('./lib/query_string');
const { multipart } = require('./lib/multipart');
const { multipartParse } = require('./lib/multipart_parse');
const { mediaType } = require('./lib/media_type');
const { contentDecode } = require('./lib/content_decode');
const { request } = require('./lib/request');
const { response } = require('./lib/response');

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
