<?php
/*
 * AFSerialization conformance adapter: PHP 8.2's own functions behind the eval protocol 1.1
 * (VECTORS.md §5). Run from the repository root:
 *
 *     conformance run --implementation 'php Implementations/php/adapter.php'
 *
 *   percent-escape   rawurlencode (RFC 3986) / urlencode (form)
 *   query-string     http_build_query (PHP_QUERY_RFC3986 / PHP_QUERY_RFC1738)
 *   multipart-parse  PHP's rfc1867 parser, run by php-cgi once per request ($_POST, $_FILES)
 *   content-decode   gzdecode (gzip, x-gzip), zlib_decode (deflate), inflate_init/inflate_add (chunked)
 *   response         getimagesizefromstring (the image serializer only: format, width, height)
 *   anything else    unsupported
 *
 * This file is the entry point: the line loop, the handshake and the dispatch to the component files
 * in lib/ (one per component; lib/protocol.php holds the shared outcomes and byte encodings).
 * Every mapping, projection and ini setting is documented in README.md next to this file.
 * Stdout carries replies only; PHP's own warnings go to stderr.
 */
declare(strict_types=1);

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');
ini_set('html_errors', '0');
error_reporting(E_ALL);

require_once __DIR__ . '/lib/protocol.php';
require_once __DIR__ . '/lib/percent_escape.php';
require_once __DIR__ . '/lib/query_string.php';
require_once __DIR__ . '/lib/multipart_parse.php';
require_once __DIR__ . '/lib/content_decode.php';
require_once __DIR__ . '/lib/response.php';

/* ---------------------------------------------------------------- protocol */

const COMPONENTS = [
    'percent-escape' => 'percent_escape',
    'query-string' => 'query_string',
    'multipart-parse' => 'multipart_parse',
    'content-decode' => 'content_decode',
    'response' => 'response',
];

function handshake_reply(): array
{
    exec('php-cgi -n -v 2>/dev/null', $cgi);
    return [
        'protocol' => '1.1',
        'implementation' => ['name' => 'php', 'version' => sprintf('PHP %s (cli), %s, zlib %s',
            PHP_VERSION, preg_replace('/ \(.*$/', '', $cgi[0] ?? 'php-cgi ?'), ZLIB_VERSION)],
        'supports' => [
            'components' => [
                'percent-escape' => ['af4'],
                'query-string' => ['af4'],
                'multipart-parse' => ['af4'],
                'content-decode' => ['af4'],
                'response' => ['af4'],
            ],
            'omits' => [
                'query-string' => ['pairs', 'error.*'],
                'multipart-parse' => ['parts[].headers', 'error.*'],
                'content-decode' => ['error.*'],
                // valid is AF's validation; PHP's failure carries none of AF's error members. Listed
                // one by one (not error.*) so that an expected {"$absent": true} still means "no error".
                'response' => ['valid', 'error.domain', 'error.kind', 'error.code', 'error.description',
                    'error.reason', 'error.offset', 'error.context', 'error.underlying'],
            ],
        ],
    ];
}

function to_array($v)
{
    if (is_object($v)) {
        $out = [];
        foreach (get_object_vars($v) as $k => $x) $out[$k] = $x;   // keep nested objects for trees
        return $out;
    }
    return $v;
}

function evaluate(object $req): array
{
    $component = $req->component ?? null;
    $input = $req->input ?? new stdClass();
    $options = $req->options ?? new stdClass();
    if (!is_object($input)) throw new HarnessError('input: expected an object');
    if (!is_object($options)) throw new HarnessError('options: expected an object');
    if ($component === 'echo') return ['output' => $input];
    if (!is_string($component) || !isset(COMPONENTS[$component])) throw new Unsupported("component $component");
    $in = to_array($input);
    $opts = to_array($options);
    if ($component !== 'query-string') {   // only query-string keeps objects (its tree); the rest are flat
        $in = json_decode(json_encode($in), true);
        $opts = json_decode(json_encode($opts), true);
    } else {
        $opts = json_decode(json_encode($opts), true);
    }
    try {
        return ['output' => (COMPONENTS[$component])($in, $opts)];
    } catch (LibraryError $e) {
        return ['output' => ['error' => ['domain' => 'php', 'message' => $e->getMessage()]]];
    }
}

function reply_to(string $line): array
{
    $req = json_decode($line, false, 2147483647);
    if (!is_object($req)) {
        $error = json_last_error();
        $message = json_last_error_msg();
        $id = preg_match('/"id"\s*:\s*"((?:[^"\\\\]|\\\\.)*)"/', $line, $m) ? json_decode("\"$m[1]\"") : null;
        if ($error === JSON_ERROR_INVALID_PROPERTY_NAME) {
            return ['id' => $id, 'unsupported' => 'a JSON member name starting with NUL, which PHP objects cannot hold'];
        }
        if ($error === JSON_ERROR_SYNTAX && substr_count($line, '[') + substr_count($line, '{') > 9000) {
            // PHP's JSON parser stops at about 10,000 levels ("memory exhausted", reported as a syntax error)
            return ['id' => $id, 'unsupported' => "nesting deeper than PHP's JSON parser reads (about 10,000 levels)"];
        }
        return ['id' => $id, 'harnessError' => 'line is not a JSON object: ' . $message];
    }
    $id = $req->id ?? null;
    try {
        $reply = ['id' => $id] + evaluate($req);
    } catch (Unsupported $e) {
        $reply = ['id' => $id, 'unsupported' => $e->getMessage()];
    } catch (HarnessError $e) {
        $reply = ['id' => $id, 'harnessError' => $e->getMessage()];
    } catch (Throwable $e) {
        // not a documented rejection: surfaces as an error output naming the exception (README)
        $reply = ['id' => $id, 'output' => ['error' => ['domain' => 'php', 'message' => get_class($e) . ': ' . $e->getMessage()]]];
    }
    if (is_string($id) && str_starts_with($id, 'handshake#')) $reply += handshake_reply();
    return $reply;
}

while (($line = fgets(STDIN)) !== false) {
    if (trim($line, " \t\r\n") === '') continue;
    $reply = reply_to($line);
    $json = json_encode($reply, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION, 2147483647);
    if ($json === false) $json = json_encode(['id' => $reply['id'] ?? null, 'harnessError' => 'reply not encodable: ' . json_last_error_msg()]);
    fwrite(STDOUT, $json . "\n");
    fflush(STDOUT);
}
