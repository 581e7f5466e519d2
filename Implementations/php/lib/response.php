<?php
/*
 * response (VECTORS.md §3.8): the image serializer through getimagesizefromstring (format, width,
 * height), for a response AF would hand to its image decoder; AF's validation is unsupported.
 */
declare(strict_types=1);

require_once __DIR__ . '/protocol.php';

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
