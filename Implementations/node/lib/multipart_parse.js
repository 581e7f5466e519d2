// multipart-parse (VECTORS.md §3.6): new Response(body, {headers}).formData(), the body optionally
// delivered as a ReadableStream in chunks of options.chunkSizes.
'use strict';

const { HarnessError, Unsupported, bytes, bytesOut, errorOutput, onlyOptions, chunkSizes } = require('./protocol');

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

module.exports = { multipartParse };
