// query-string (VECTORS.md §3.3): querystring.stringify on a flat object, new URLSearchParams(obj)
// for whatwgForm. What querystring cannot express (nesting, brackets, numeric booleans) is unsupported.
'use strict';

const querystring = require('node:querystring');
const { HarnessError, Unsupported, tree, isDict, isScalar, REPEATED, errorOutput, onlyOptions } = require('./protocol');
const { escaperFor } = require('./percent_escape');

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

module.exports = { queryString };
