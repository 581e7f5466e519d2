// percent-escape (VECTORS.md §3.2): encodeURIComponent (afnetworking, rfc3986Unreserved) and the
// URLSearchParams serializer (whatwgForm). escaperFor is also query-string's check of options.style.
'use strict';

const { HarnessError, Unsupported, bytes, utf8String, errorOutput, onlyOptions } = require('./protocol');

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

module.exports = { percentEscape, escaperFor };
