<?php
/*
 * percent-escape (VECTORS.md §3.2): rawurlencode (afnetworking, rfc3986Unreserved) and urlencode
 * (whatwgForm). escape_family is also query-string's mapping of options.style.
 */
declare(strict_types=1);

require_once __DIR__ . '/protocol.php';

/** The PHP escaper for a style: RFC 3986 family (%20) or form family (+). README: "Style mapping". */
function escape_family(array $options): string
{
    $style = $options['style'] ?? 'afnetworking';
    switch ($style) {
        case 'afnetworking':
        case 'rfc3986Unreserved':
            return 'rfc3986';
        case 'whatwgForm':
            return 'form';
    }
    throw new HarnessError("options.style: unknown value \"$style\"; expected one of afnetworking, whatwgForm, rfc3986Unreserved");
}

function percent_escape(array $in, array $options): array
{
    if (!empty($options['reportBatches'])) throw new Unsupported('rawurlencode/urlencode do not escape in batches (reportBatches)');
    if (array_key_exists('batchSize', $options) && $options['batchSize'] !== null)
        throw new Unsupported('rawurlencode/urlencode have no batch size (batchSize)');
    $family = escape_family($options);
    if (array_key_exists('utf16', $in)) throw new Unsupported('PHP strings are bytes; UTF-16 code units would be converted by the adapter, not the library');
    if (array_key_exists('text', $in)) {
        if (!is_string($in['text'])) throw new HarnessError('input.text: expected a string');
        $s = $in['text'];
    } elseif (array_key_exists('hex', $in)) {
        $s = bytes_of(['hex' => $in['hex']], 'input.hex');   // raw bytes, handed to PHP as they are
    } else {
        throw new HarnessError('input: give exactly one of "text", "utf16" or "hex"');
    }
    return ['text' => $family === 'rfc3986' ? rawurlencode($s) : urlencode($s)];
}
