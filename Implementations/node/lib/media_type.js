// media-type (VECTORS.md §3.7): util.MIMEType, the WHATWG MIME Sniffing parser; its documented
// rejection is "does not parse".
'use strict';

const util = require('node:util');
const { HarnessError } = require('./protocol');

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

module.exports = { mediaType };
