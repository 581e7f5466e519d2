"""Vectors/multipart/mime-types.json: a file-path part's Content-Type from its extension (SPEC §5.3).

Each built-in table entry from Python's mimetypes (built-in table, or Debian's /etc/mime.types through it) or the
IANA registration/RFC named in the vector; four entries without an outside oracle are SPEC §5.3's Decision on the
table (MIME_DECISIONS). Following those sources is itself SPEC §5.3's Decision, not an RFC requirement.
"""
from ...levels import decision
from ...oracles.s5_multipart import B, body_bytes, cross_check, file
from ...vectorfile import VectorFile, bytes_value
from ._shared import path_part, write_fixtures


# Expected MIME type per extension, and where it comes from. "python" = Python 3.11's mimetypes
# built-in table (mimetypes.MimeTypes(filenames=())); "media-types" = Debian's /etc/mime.types
# (media-types 10.0, read by Python's mimetypes.guess_type); IANA registrations by RFC where both
# Python sources are silent or disagree with the registration.
MIME_ORACLE = [
    ("txt", "text/plain", "python"), ("text", "text/plain", "media-types"),
    ("html", "text/html", "python"), ("htm", "text/html", "python"), ("css", "text/css", "python"),
    ("csv", "text/csv", "python"),
    ("xml", "application/xml", "media-types; IANA application/xml (RFC 7303 §9.1; Python's built-in table says text/xml, an alias)"),
    ("json", "application/json", "python"),
    ("js", "text/javascript", "media-types; RFC 9239 §6 (Python 3.11's built-in application/javascript is obsoleted there)"),
    ("mjs", "text/javascript", "media-types; RFC 9239 §6"),
    ("md", "text/markdown", "media-types; RFC 7763"), ("rtf", "application/rtf", "python"),
    ("ics", "text/calendar", "media-types; RFC 5545 §8.1"), ("vcf", "text/vcard", "media-types; RFC 6350 §10.1"),
    ("png", "image/png", "python"), ("jpg", "image/jpeg", "python"), ("jpeg", "image/jpeg", "python"),
    ("gif", "image/gif", "python"), ("bmp", "image/bmp", "python"), ("tif", "image/tiff", "python"),
    ("tiff", "image/tiff", "python"), ("svg", "image/svg+xml", "python"), ("webp", "image/webp", "python"),
    ("heic", "image/heic", "python"), ("heif", "image/heif", "python"), ("avif", "image/avif", "python"),
    ("mp3", "audio/mpeg", "python"), ("m4a", "audio/mp4", "media-types; RFC 4337"), ("aac", "audio/aac", "python"),
    ("ogg", "audio/ogg", "media-types; RFC 5334 §10.1"), ("flac", "audio/flac", "media-types; IANA audio/flac"),
    ("mid", "audio/midi", "python"), ("midi", "audio/midi", "python"),
    ("mp4", "video/mp4", "python"), ("mov", "video/quicktime", "python"), ("avi", "video/x-msvideo", "python"),
    ("mpeg", "video/mpeg", "python"), ("mpg", "video/mpeg", "python"), ("webm", "video/webm", "python"),
    ("3gp", "video/3gpp", "IANA video/3gpp, RFC 3839 §4.1 (.3gp; Python's table says audio/3gpp, also registered for .3gp)"),
    ("pdf", "application/pdf", "python"), ("zip", "application/zip", "python"),
    ("gz", "application/gzip", "RFC 6713 §3 (.gz); neither Python table has it"), ("tar", "application/x-tar", "python"),
    ("7z", "application/x-7z-compressed", "media-types"), ("rar", "application/vnd.rar", "media-types; IANA application/vnd.rar"),
    ("doc", "application/msword", "python"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "media-types; IANA"),
    ("xls", "application/vnd.ms-excel", "python"),
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "media-types; IANA"),
    ("ppt", "application/vnd.ms-powerpoint", "python"),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "media-types; IANA"),
    ("plist", "application/x-plist", "SPEC §3.4 (the plist serializer's Content-Type)"),
    ("wasm", "application/wasm", "python"), ("woff", "font/woff", "media-types; RFC 8081 §4.4.5"),
    ("woff2", "font/woff2", "media-types; RFC 8081 §4.4.6"), ("ttf", "font/ttf", "media-types; RFC 8081 §4.4.2"),
    ("otf", "font/otf", "media-types; RFC 8081 §4.4.3"), ("bin", "application/octet-stream", "python"),
]


# SPEC §5.3 Decision (the MIME table): the four entries without an outside oracle.
MIME_DECISIONS = [("log", "text/plain"), ("ico", "image/x-icon"), ("wav", "audio/wav"), ("m4v", "video/x-m4v")]


def build():
    write_fixtures()
    m = VectorFile("multipart", "mime-types",
                   "A file-path part takes its Content-Type from the extension through the built-in table (SPEC §5.3)",
                   ["SPEC§5.3", "RFC7578#4.4"], verdict=decision("SPEC§5.3"))
    for ext, mime, oracle in MIME_ORACLE:
        parts = [file("f", "x." + ext, mime, b"")]
        body = body_bytes(parts, B)
        cross_check(parts, body, B)
        m.add(".%s → %s (expected from %s); file part from an empty file" % (ext, mime, oracle),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", "x." + ext)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    for fname, mime, what in [
            ("PHOTO.JPG", "image/jpeg", "the extension is case-insensitive (Python mimetypes lowercases it too)"),
            ("Doc.Pdf", "application/pdf", "mixed-case extension"),
            ("archive.tar.gz", "application/gzip", "only the text after the last dot counts (RFC 6713 .gz)"),
            ("a.b.c.png", "image/png", "several dots: the last one counts"),
            ("noext", "application/octet-stream", "no extension → application/octet-stream (SPEC §5.3)"),
            (".png", "application/octet-stream", "a leading dot is a hidden file, not an extension (Python's splitext('.png') has no extension)"),
            ("x.", "application/octet-stream", "a trailing dot: empty extension → fallback"),
            ("x.unknownext", "application/octet-stream", "unknown extension → fallback (SPEC §5.3)"),
            ("x.pngx", "application/octet-stream", "an extension that only starts like a known one → fallback"),
            ("x.pn", "application/octet-stream", "a prefix of a known extension → fallback"),
            ("x.png.", "application/octet-stream", "a known extension followed by a dot → fallback"),
            ("x.PNG ", "application/octet-stream", "a trailing space is part of the extension → fallback"),
            ("x.txt", "text/plain", "plain .txt")]:
        parts = [file("f", fname, mime, b"")]
        body = body_bytes(parts, B)
        m.add("%s → %s: %s" % (fname, mime, what),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", fname)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    # Entries no registry or Python table gives: SPEC §5.3's Decision on the built-in table, pinned so a changed
    # entry fails the gate.
    for ext, mime in MIME_DECISIONS:
        parts = [file("f", "x." + ext, mime, b"")]
        body = body_bytes(parts, B)
        m.add(".%s → %s (expected from the SPEC §5.3 Decision on the MIME table: no IANA registration or Python/Debian table gives this entry)" % (ext, mime),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", "x." + ext)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    return m
