<?php
/*
 * content-decode (VECTORS.md §3.10): the Content-Encoding list undone last-applied first with
 * gzdecode / zlib_decode, or with chunkSizes through inflate_init / inflate_add (class Layer).
 */
declare(strict_types=1);

require_once __DIR__ . '/protocol.php';

const DEFAULT_MAX_DECODED_SIZE = 67108864;        // VECTORS.md §3.10 default, handed to max_length

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
