<?php
/*
 * query-string (VECTORS.md §3.3): the parameter tree as the PHP array a developer would pass to
 * http_build_query (PHP_QUERY_RFC3986 / PHP_QUERY_RFC1738); what PHP writes differently is unsupported.
 */
declare(strict_types=1);

require_once __DIR__ . '/protocol.php';
require_once __DIR__ . '/percent_escape.php';

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
