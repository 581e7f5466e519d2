// response (VECTORS.md §3.8): the JSON serializer's parse, await new Response(body).json(), for a
// response AF would hand to its parser; AF's validation is not a library call and is unsupported.
'use strict';

const { Unsupported, bytes, defineMember, errorOutput } = require('./protocol');

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

module.exports = { response };
