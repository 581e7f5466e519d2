<?php
/*
 * multipart-parse (VECTORS.md §3.6): PHP's rfc1867 parser, which only runs inside a SAPI, so one
 * php-cgi process per request (class Cgi: the ini settings, the request script, the CGI environment),
 * and the projection of $_POST / $_FILES onto the output's parts.
 */
declare(strict_types=1);

require_once __DIR__ . '/protocol.php';

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
