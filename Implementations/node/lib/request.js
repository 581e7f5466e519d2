// request (VECTORS.md §3.4): the body of AF's JSON serializer, written by JSON.stringify. Method,
// URL and headers are AF's own code and are omitted; other serializers are unsupported.
'use strict';

const { NAME, HarnessError, Unsupported, bytesOut, tree, defineMember, SET, REPEATED, errorOutput } = require('./protocol');

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

module.exports = { request };
