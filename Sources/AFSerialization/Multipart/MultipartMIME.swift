/// MIME type from a file extension (SPEC §5.3): a built-in table of common types, because the
/// core has no UTI/`mime.types` lookup. Unknown or missing extension → `application/octet-stream`.
public enum MultipartMIME {
    public static let fallback = "application/octet-stream"

    /// Case-insensitive on the extension (the text after the last `.` of the last path component).
    public static func type(forFilename filename: String) -> String {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return fallback }
        let ext = String(filename[filename.index(after: dot)...]).lowercased()
        return table[ext] ?? fallback
    }

    static let table: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "log": "text/plain",
        "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "json": "application/json", "js": "text/javascript", "mjs": "text/javascript",
        "md": "text/markdown", "rtf": "application/rtf", "ics": "text/calendar", "vcf": "text/vcard",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/x-icon",
        "svg": "image/svg+xml", "webp": "image/webp", "heic": "image/heic", "heif": "image/heif",
        "avif": "image/avif",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav",
        "ogg": "audio/ogg", "flac": "audio/flac", "mid": "audio/midi", "midi": "audio/midi",
        "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime", "avi": "video/x-msvideo",
        "mpeg": "video/mpeg", "mpg": "video/mpeg", "webm": "video/webm", "3gp": "video/3gpp",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "7z": "application/x-7z-compressed", "rar": "application/vnd.rar",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "plist": "application/x-plist", "wasm": "application/wasm", "woff": "font/woff",
        "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "bin": "application/octet-stream",
    ]
}
