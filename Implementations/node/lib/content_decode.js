// content-decode (VECTORS.md §3.10): zlib's gunzip / inflate / brotli decoders, the *Sync methods
// or, with chunkSizes, their streams through stream.pipeline. One coding per value only.
'use strict';

const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');
const { Readable, Writable } = require('node:stream');
const { constants: { MAX_LENGTH } } = require('node:buffer');
const { HarnessError, Unsupported, bytes, bytesOut, errorOutput, onlyOptions, chunkSizes } = require('./protocol');

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

module.exports = { contentDecode };
