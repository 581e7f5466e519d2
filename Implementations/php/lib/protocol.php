<?php
/*
 * Shared by every component file: the three outcomes that are not an output (Unsupported,
 * HarnessError, and LibraryError for a PHP failure reported as an error output) and the byte
 * encodings of VECTORS.md §2.1. No PHP library call lives here; each component file holds its own.
 */
declare(strict_types=1);

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
