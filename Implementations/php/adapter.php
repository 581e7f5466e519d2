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
 * Every mapping, projection and ini setting is documented in README.md next to this file.
 * Stdout carries replies only; PHP's own warnings go to stderr.
 */
declare(strict_types=1);

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');
ini_set('html_errors', '0');
error_reporting(E_ALL);

const PHP_CGI_INI = [
    // PHP's own limits, set so that no vector is cut by a PHP default (README: "php-cgi settings").
    'file_uploads' => '1',
    'enable_post_data_reading' => '1',
    'max_input_vars' => '1000000',
    'max_file_uploads' => '1000000',
    'max_input_nesting_level' => '1000000',
    'upload_max_filesize' => '0',          // 0: no per-file limit
    'memory_limit' => '1G',
    'max_execution_time' => '30',
    'max_input_time' => '30',
    'display_errors' => 'stderr',
    'display_startup_errors' => '1',
    'log_errors' => '0',
    'html_errors' => '0',
    'error_reporting' => '32767',
    'variables_order' => 'EGPCS',
    'request_order' => 'GP',
    'output_buffering' => '0',
    'cgi.force_redirect' => '1',
    'expose_php' => '0',
];
const DEFAULT_MAX_MULTIPART_PARTS = 10000;        // VECTORS.md §3.6 default, handed to max_multipart_body_parts
const DEFAULT_MAX_MULTIPART_BYTES = 1073741824;   // VECTORS.md §3.6 default, handed to post_max_size
const DEFAULT_MAX_DECODED_SIZE = 67108864;        // VECTORS.md §3.10 default, handed to max_length

final class Unsupported extends Exception {}
final class HarnessError extends Exception {}
final class LibraryError extends Exception {}

/* ---------------------------------------------------------------- value encodings (VECTORS.md §2) */

function bytes_of($v, string $path): string
{
    if (is_object($v)) $v = (array)$v;
    if (!is_array($v)) throw new HarnessError("$path: bytes need \"text\" or \"hex\"");
    if (array_key_exists('text', $v) && is_string($v['text'])) return $v['text'];
    if (array_key_exists('hex', $v) && is_string($v['hex'])) {
        $h = str_replace(' ', '', $v['hex']);
        if (strlen($h) % 2 !== 0 || !ctype_xdigit($h) && $h !== '') throw new HarnessError("$path: bad hex");
        return $h === '' ? '' : hex2bin($h);
    }
    throw new HarnessError("$path: bytes need \"text\" or \"hex\"");
}

function bytes_value(string $b): array
{
    return preg_match('//u', $b) ? ['text' => $b] : ['hex' => bin2hex($b)];
}

/* ---------------------------------------------------------------- percent-escape */

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

/* ---------------------------------------------------------------- query-string */

final class Tree
{
    public bool $hasList = false;
    public bool $hasBool = false;
}

/** A parameter tree (VECTORS.md §2.2) as the PHP value http_build_query takes. */
function php_value($v, string $path, Tree $t)
{
    if (is_object($v)) {
        $members = get_object_vars($v);
        if (count($members) === 1) {
            $tag = (string)array_key_first($members);
            if ($tag !== '' && $tag[0] === '$') {
                $body = $members[$tag];
                switch ($tag) {
                    case '$set':
                        throw new Unsupported('PHP has no set type ($set)');
                    case '$data':
                        if (!is_string($body)) throw new HarnessError("$path.\$data: expected a hex string");
                        return bytes_of(['hex' => $body], "$path.\$data");   // PHP strings are bytes
                    case '$double':
                        if (!is_string($body)) throw new HarnessError("$path.\$double: expected a string");
                        if ($body === 'nan') return NAN;
                        if ($body === 'inf') return INF;
                        if ($body === '-inf') return -INF;
                        if (!is_numeric($body)) throw new HarnessError("$path.\$double: not a number");
                        return (float)$body;
                    case '$dict':
                        if (!is_array($body)) throw new HarnessError("$path.\$dict: expected an array of pairs");
                        $out = [];
                        foreach ($body as $i => $pair) {
                            if (!is_array($pair) || count($pair) !== 2 || !is_string($pair[0]))
                                throw new HarnessError("$path.\$dict[$i]: expected [\"key\", value]");
                            if (array_key_exists($pair[0], $out)) throw new Unsupported('a PHP array cannot hold a repeated key ($dict)');
                            $out[$pair[0]] = php_value($pair[1], "$path.{$pair[0]}", $t);
                        }
                        return $out;
                    default:
                        throw new HarnessError("$path: unknown tag $tag (use \$dict for such a key)");
                }
            }
        }
        $out = [];
        foreach ($members as $k => $item) $out[$k] = php_value($item, "$path.$k", $t);
        return $out;
    }
    if (is_array($v)) {
        $t->hasList = true;
        $out = [];
        foreach ($v as $i => $item) $out[] = php_value($item, "{$path}[$i]", $t);
        return $out;
    }
    if (is_bool($v)) $t->hasBool = true;
    return $v;
}

function query_string(array $in, array $options): array
{
    foreach ($options as $k => $v) {
        if ($v === null) continue;
        if (!in_array($k, ['style', 'arrayStyle', 'boolStyle'], true))
            throw new Unsupported("http_build_query has no counterpart of option $k");
    }
    if (!array_key_exists('parameters', $in)) throw new HarnessError('input.parameters: required field is missing');
    $family = escape_family($options);
    $tree = new Tree();
    $value = php_value($in['parameters'], 'input.parameters', $tree);
    $arrayStyle = $options['arrayStyle'] ?? 'brackets';
    if ($tree->hasList && $arrayStyle !== 'indexInBrackets')
        throw new Unsupported("http_build_query writes list items as name[0], name[1], … (indexInBrackets), not arrayStyle $arrayStyle");
    $boolStyle = $options['boolStyle'] ?? 'numeric';
    if ($tree->hasBool && $boolStyle !== 'numeric')
        throw new Unsupported("http_build_query writes booleans as 1/0 (numeric), not boolStyle $boolStyle");
    try {
        $text = http_build_query($value, '', '&', $family === 'rfc3986' ? PHP_QUERY_RFC3986 : PHP_QUERY_RFC1738);
    } catch (TypeError $e) {
        throw new LibraryError('TypeError: ' . $e->getMessage());
    }
    return ['text' => $text];
}

/* ---------------------------------------------------------------- multipart-parse (php-cgi) */

final class Cgi
{
    private static ?string $dir = null;

    /** A private directory holding the request script and the upload temporary directory. */
    public static function dir(): string
    {
        if (self::$dir === null) {
            $d = sys_get_temp_dir() . '/afs-php-adapter-' . getmypid() . '-' . bin2hex(random_bytes(4));
            if (!mkdir($d, 0700) || !mkdir("$d/uploads", 0700)) throw new RuntimeException("cannot create $d");
            file_put_contents("$d/request.php", self::SCRIPT);
            self::$dir = $d;
            register_shutdown_function(static function () use ($d) {
                foreach (glob("$d/uploads/*") ?: [] as $f) @unlink($f);
                foreach (glob("$d/*") ?: [] as $f) if (is_file($f)) @unlink($f);
                @rmdir("$d/uploads");
                @rmdir($d);
            });
        }
        return self::$dir;
    }

    /*
     * The request script: it runs after PHP's rfc1867 handler has filled $_POST and $_FILES and
     * prints them as JSON: every variable name flattened back to name[key][key] (arrays are how
     * PHP exposes name[...] fields), the file contents read from tmp_name, bytes in hex.
     */
    private const SCRIPT = <<<'PHP'
<?php
function walk_post($v, $name, &$out) {
    if (is_array($v)) { foreach ($v as $k => $x) walk_post($x, "{$name}[{$k}]", $out); return; }
    $out[] = [bin2hex((string)$name), bin2hex((string)$v)];
}
function walk_files($f, $path, $name, &$out) {
    $at = function ($key) use ($f, $path) { $v = $f[$key] ?? null; foreach ($path as $p) $v = is_array($v) ? ($v[$p] ?? null) : null; return $v; };
    $err = $at('error');
    if (is_array($err)) { foreach ($err as $k => $_) walk_files($f, array_merge($path, [$k]), "{$name}[{$k}]", $out); return; }
    $tmp = $at('tmp_name');
    $body = ($tmp !== null && $tmp !== '' && is_file($tmp)) ? file_get_contents($tmp) : '';
    $out[] = [bin2hex((string)$name), bin2hex((string)$at('full_path')), bin2hex((string)$at('type')), (int)$err, bin2hex($body)];
}
$fields = []; $files = [];
foreach ($_POST as $k => $v) walk_post($v, $k, $fields);
foreach ($_FILES as $k => $f) walk_files($f, [], $k, $files);
$last = error_get_last();
echo json_encode(['fields' => $fields, 'files' => $files, 'last_error' => $last ? $last['message'] : null], JSON_INVALID_UTF8_SUBSTITUTE);
PHP;

    /** The Content-Type a client sends for this boundary: a token as is, anything else quoted. */
    public static function contentType(string $boundary): string
    {
        if ($boundary !== '' && preg_match('/\A[!#$%&\'*+\-.^_`|~0-9A-Za-z]+\z/', $boundary)) {
            return "multipart/form-data; boundary=$boundary";
        }
        if (strpbrk($boundary, "\"\\\r\n") !== false) throw new Unsupported('a boundary that cannot be written as a quoted Content-Type parameter');
        return "multipart/form-data; boundary=\"$boundary\"";
    }

    public static function run(string $boundary, string $body, array $ini): array
    {
        $dir = self::dir();
        $bodyFile = "$dir/body";
        $errFile = "$dir/stderr";
        file_put_contents($bodyFile, $body);
        file_put_contents($errFile, '');
        $cmd = ['php-cgi', '-n', '-q'];
        foreach ($ini + PHP_CGI_INI + ['upload_tmp_dir' => "$dir/uploads", 'sys_temp_dir' => $dir] as $k => $v) {
            $cmd[] = '-d';
            $cmd[] = "$k=$v";
        }
        $env = [
            'REQUEST_METHOD' => 'POST',
            'CONTENT_TYPE' => self::contentType($boundary),
            'CONTENT_LENGTH' => (string)strlen($body),
            'REDIRECT_STATUS' => '200',
            'SCRIPT_FILENAME' => "$dir/request.php",
            'SCRIPT_NAME' => '/request.php',
            'REQUEST_URI' => '/request.php',
            'GATEWAY_INTERFACE' => 'CGI/1.1',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'PATH' => getenv('PATH') ?: '/usr/bin:/bin',
        ];
        $proc = proc_open($cmd, [0 => ['file', $bodyFile, 'r'], 1 => ['pipe', 'w'], 2 => ['file', $errFile, 'w']], $pipes, $dir, $env);
        if (!is_resource($proc)) throw new RuntimeException('php-cgi could not be started');
        $out = stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        $status = proc_close($proc);
        $stderr = (string)file_get_contents($errFile);
        // CGI output: response headers, a blank line, then the script's JSON (-q is ignored in CGI mode)
        $out = (string)$out;
        $sep = strpos($out, "\r\n\r\n");
        $reply = json_decode($sep === false ? $out : substr($out, $sep + 4), true);
        if (!is_array($reply)) {
            throw new LibraryError(sprintf('php-cgi exited with status %d without a result; stdout %s; stderr %s',
                $status, json_encode(substr((string)$out, 0, 300), JSON_INVALID_UTF8_SUBSTITUTE), json_encode(substr($stderr, 0, 300), JSON_INVALID_UTF8_SUBSTITUTE)));
        }
        $reply['warnings'] = [];
        foreach (preg_split('/\R/', $stderr) as $line) {
            $line = trim($line);
            if ($line !== '') $reply['warnings'][] = $line;
        }
        if (!$reply['warnings'] && $reply['last_error'] !== null) $reply['warnings'][] = $reply['last_error'];
        return $reply;
    }
}

const UPLOAD_ERRORS = [1 => 'UPLOAD_ERR_INI_SIZE', 2 => 'UPLOAD_ERR_FORM_SIZE', 3 => 'UPLOAD_ERR_PARTIAL',
    4 => 'UPLOAD_ERR_NO_FILE', 6 => 'UPLOAD_ERR_NO_TMP_DIR', 7 => 'UPLOAD_ERR_CANT_WRITE', 8 => 'UPLOAD_ERR_EXTENSION'];

function multipart_parse(array $in, array $options): array
{
    if (!array_key_exists('boundary', $in) || $in['boundary'] === null) throw new HarnessError('input.boundary: required field is missing');
    if (!array_key_exists('body', $in) || $in['body'] === null) throw new HarnessError('input.body: required field is missing');
    if (!is_string($in['boundary'])) throw new HarnessError('input.boundary: expected a string');
    $body = bytes_of($in['body'], 'input.body');
    $ini = ['max_multipart_body_parts' => (string)DEFAULT_MAX_MULTIPART_PARTS, 'post_max_size' => (string)DEFAULT_MAX_MULTIPART_BYTES];
    foreach ($options as $k => $v) {
        if ($v === null) continue;
        switch ($k) {
            case 'chunkSizes':
                // PHP's parser pulls the body through its own 5 KiB window (rfc1867.c fill_buffer);
                // no API takes chunks, and the window is the same whatever arrives. Accepted, no effect.
                if (!is_array($v)) throw new HarnessError('options.chunkSizes: chunk sizes must be integers ≥ 1');
                foreach ($v as $n) if (!is_int($n) || $n < 1) throw new HarnessError('options.chunkSizes: chunk sizes must be integers ≥ 1');
                break;
            case 'maxMultipartParts':
                if (!is_int($v)) throw new HarnessError('options.maxMultipartParts: expected an integer');
                if ($v < 0) throw new Unsupported('max_multipart_body_parts < 0 means "max_input_vars + max_file_uploads" in PHP');
                $ini['max_multipart_body_parts'] = (string)$v;
                break;
            case 'maxMultipartBytes':
                if (!is_int($v)) throw new HarnessError('options.maxMultipartBytes: expected an integer');
                if ($v < 1) throw new Unsupported('post_max_size ≤ 0 means "no limit" in PHP');
                $ini['post_max_size'] = (string)$v;
                break;
            case 'maxPartHeaderBytes':
                throw new Unsupported('PHP has no per-part header size limit (maxPartHeaderBytes)');
            case 'allowUTF8Headers':
                if (!is_bool($v)) throw new HarnessError('options.allowUTF8Headers: expected a bool');
                break;   // PHP reads header bytes as they are, always (README)
            default:
                throw new HarnessError("options.$k: unknown field; expected one of chunkSizes, maxMultipartParts, maxPartHeaderBytes, maxMultipartBytes, allowUTF8Headers");
        }
    }
    $r = Cgi::run($in['boundary'], $body, $ini);
    if ($r['warnings']) throw new LibraryError(implode(' | ', $r['warnings']));
    $parts = [];
    foreach ($r['fields'] as [$name, $value]) {
        $parts[] = ['name' => hex2bin($name), 'filename' => null, 'contentType' => null, 'body' => bytes_value(hex2bin($value))];
    }
    foreach ($r['files'] as [$name, $filename, $type, $err, $content]) {
        $name = hex2bin($name);
        if ($err !== 0 && $err !== 4) {
            throw new LibraryError(sprintf('$_FILES[%s][error] = %d (%s)', json_encode($name, JSON_INVALID_UTF8_SUBSTITUTE), $err, UPLOAD_ERRORS[$err] ?? '?'));
        }
        $type = hex2bin($type);
        $parts[] = ['name' => $name, 'filename' => hex2bin($filename), 'contentType' => $type === '' ? null : $type,
            'body' => bytes_value(hex2bin($content))];
    }
    foreach ($parts as &$p) {
        foreach (['name', 'filename', 'contentType'] as $k) {
            if (is_string($p[$k]) && !preg_match('//u', $p[$k])) $p[$k] = scrub_utf8($p[$k]);
        }
    }
    return ['parts' => $parts];
}

/** Header-derived strings are JSON strings in the output; bytes that are not UTF-8 become U+FFFD. */
function scrub_utf8(string $s): string
{
    return (string)json_decode(json_encode($s, JSON_INVALID_UTF8_SUBSTITUTE));
}

/* ---------------------------------------------------------------- content-decode */

/** RFC 9110 §5.6.1 list: elements split at commas, OWS trimmed, empty elements dropped. */
function coding_list(?string $header): array
{
    if ($header === null) return [];
    $out = [];
    foreach (explode(',', $header) as $e) {
        $e = trim($e, " \t");
        if ($e !== '') $out[] = strtolower($e);
    }
    return $out;
}

function warning_message(string $fallback): string
{
    $e = error_get_last();
    error_clear_last();
    return $e ? $e['message'] : $fallback;
}

function decode_one_shot(string $coding, string $data, int $max): string
{
    error_clear_last();
    switch ($coding) {
        case 'identity':
            return $data;
        case 'gzip':
        case 'x-gzip':
            $r = @gzdecode($data, $max);
            if ($r === false) throw new LibraryError(warning_message('gzdecode() failed'));
            return $r;
        case 'deflate':
            $r = @zlib_decode($data, $max);
            if ($r === false) throw new LibraryError(warning_message('zlib_decode() failed'));
            return $r;
    }
    throw new Unsupported("PHP has no decoder for the content coding \"$coding\"");
}

/** One layer of the streaming pipeline: inflate_init/inflate_add, or identity. */
final class Layer
{
    private $ctx = null;
    private bool $ended = false;

    public function __construct(private string $coding)
    {
        switch ($coding) {
            case 'identity':
                break;
            case 'gzip':
            case 'x-gzip':
                $this->ctx = inflate_init(ZLIB_ENCODING_GZIP);
                break;
            case 'deflate':
                $this->ctx = inflate_init(ZLIB_ENCODING_DEFLATE);
                break;
            default:
                throw new Unsupported("PHP has no decoder for the content coding \"$coding\"");
        }
    }

    public function add(string $chunk, bool $finish): string
    {
        if ($this->ctx === null) return $chunk;
        if ($chunk === '' && (!$finish || $this->ended)) return '';   // no input, nothing left to flush
        error_clear_last();
        $r = @inflate_add($this->ctx, $chunk, $finish ? ZLIB_FINISH : ZLIB_SYNC_FLUSH);
        if ($r === false) throw new LibraryError(warning_message('inflate_add() failed'));
        $this->ended = inflate_get_status($this->ctx) === ZLIB_STREAM_END;
        if ($finish && !$this->ended) {
            // inflate_add() returns what it could decode even when ZLIB_FINISH finds the stream
            // unfinished; inflate_get_status() is how PHP reports that (README: content-decode).
            throw new LibraryError(sprintf('inflate_get_status() = %d after ZLIB_FINISH: the %s stream is incomplete',
                inflate_get_status($this->ctx), $this->coding));
        }
        return $r;
    }
}

function content_decode(array $in, array $options): array
{
    if (!array_key_exists('body', $in) || $in['body'] === null) throw new HarnessError('input.body: required field is missing');
    $body = bytes_of($in['body'], 'input.body');
    $ce = $in['contentEncoding'] ?? null;
    if ($ce !== null && !is_string($ce)) throw new HarnessError('input.contentEncoding: expected a string');
    $codings = array_reverse(coding_list($ce));   // undone last-applied first
    $chunks = $options['chunkSizes'] ?? [];
    if (!is_array($chunks)) throw new HarnessError('options.chunkSizes: chunk sizes must be positive');
    foreach ($chunks as $n) if (!is_int($n) || $n < 1) throw new HarnessError('options.chunkSizes: chunk sizes must be positive');
    $maxGiven = array_key_exists('maxDecodedSize', $options) && $options['maxDecodedSize'] !== null;
    $max = $maxGiven ? $options['maxDecodedSize'] : DEFAULT_MAX_DECODED_SIZE;
    if (!is_int($max)) throw new HarnessError('options.maxDecodedSize: expected an integer');

    if (!$chunks) {
        if ($max < 1) throw new Unsupported('max_length ≤ 0 means "no limit" in PHP');
        $data = $body;
        foreach ($codings as $c) $data = decode_one_shot($c, $data, $max);
        return ['body' => bytes_value($data)];
    }
    // Streaming: inflate_add has no output limit.
    if ($maxGiven) throw new Unsupported('inflate_add() has no output limit (maxDecodedSize with chunkSizes)');
    $layers = array_map(static fn ($c) => new Layer($c), $codings);
    $out = '';
    $feed = static function (string $chunk, bool $finish) use ($layers, &$out) {
        foreach ($layers as $layer) $chunk = $layer->add($chunk, $finish);
        $out .= $chunk;
    };
    $pos = 0;
    $i = 0;
    $len = strlen($body);
    while ($pos < $len) {
        $n = $chunks[$i++ % count($chunks)];
        $feed(substr($body, $pos, $n), false);
        $pos += $n;
    }
    $feed('', true);
    return ['body' => bytes_value($out)];
}

/* ---------------------------------------------------------------- response (image serializer) */

/** AF's image serializer's acceptable content types (AFImageResponseSerializer). */
const AF_IMAGE_TYPES = ['image/tiff', 'image/jpeg', 'image/gif', 'image/png', 'image/ico', 'image/x-icon',
    'image/bmp', 'image/x-bmp', 'image/x-xbitmap', 'image/x-win-bitmap'];

/** getimagesize's IMAGETYPE constants onto the output's format names (VECTORS.md §3.8); any other
 *  type PHP recognises is reported by its own extension name (image_type_to_extension). */
function image_format(int $type): string
{
    switch ($type) {
        case IMAGETYPE_PNG: return 'png';
        case IMAGETYPE_GIF: return 'gif';
        case IMAGETYPE_JPEG: return 'jpeg';
        case IMAGETYPE_BMP: return 'bmp';
        case IMAGETYPE_ICO: return 'ico';
        case IMAGETYPE_TIFF_II: case IMAGETYPE_TIFF_MM: return 'tiff';
        default: return image_type_to_extension($type, false) ?: "imagetype $type";
    }
}

/** The image serializer's object through getimagesizefromstring(). Only responses AF hands to its
 *  image decoder are answered; AF's validation is AF's code (README). */
function response(array $in, array $options): array
{
    if (($in['serializer'] ?? 'http') !== 'image') throw new Unsupported('only the image serializer has a PHP counterpart (getimagesizefromstring)');
    foreach (['acceptableContentTypes', 'acceptableStatusCodes', 'decodeContentEncoding', 'maxDecodedSize'] as $k) {
        if (array_key_exists($k, $options)) throw new Unsupported("option $k (AF's validation / decoding, not a PHP call)");
    }
    if (($options['maxImagePixels'] ?? null) !== null) throw new Unsupported('maxImagePixels: getimagesize has no pixel limit');
    // inflatesResponseImage is read and has no counterpart: getimagesize reads headers only,
    // whatever the option says (README: "inflatesResponseImage").
    $status = $in['statusCode'] ?? 200;
    $types = [];
    foreach ($in['headers'] ?? [] as $h) {
        if (is_array($h) && count($h) === 2 && strtolower((string)$h[0]) === 'content-type') $types[] = strtolower(trim(explode(';', (string)$h[1])[0]));
    }
    if (!is_int($status) || $status < 200 || $status > 299 || count($types) !== 1 || !in_array($types[0], AF_IMAGE_TYPES, true)) {
        throw new Unsupported("a response AF's validation rejects (not a PHP call)");
    }
    if (($in['body'] ?? null) === null) throw new Unsupported('no body: AF has no data to decode');
    $body = bytes_of($in['body'], 'input.body');
    error_clear_last();
    $info = @getimagesizefromstring($body);
    if ($info === false) {
        $last = error_get_last();
        return ['valid' => true, 'error' => ['domain' => 'php', 'message' => 'getimagesizefromstring returned false' . ($last ? ': ' . $last['message'] : '')]];
    }
    return ['valid' => true, 'object' => ['format' => image_format($info[2]), 'width' => $info[0], 'height' => $info[1]]];
}

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
