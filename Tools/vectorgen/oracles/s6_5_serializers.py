"""SPEC §6.5 Other serializers: the outside readers that judge XML and images.

XML well-formedness: Python's xml.parsers.expat (a conforming XML 1.0 parser) decides; libxml2's xmllint is
the second oracle, whose agreement or disagreement each vector's comment records. Images: Pillow, pypng and
file(1) when installed (pip install pillow pypng): each verdict function returns None when its reader is
missing, so they can only add assertions while generating; the output never depends on them.
"""
import io
import shutil
import subprocess
import tempfile
import xml.parsers.expat as expat


def expat_verdict(b):
    """None when expat accepts the document, else (its error text, ErrorByteIndex)."""
    p = expat.ParserCreate()
    try:
        p.Parse(b, True)
        return None
    except expat.ExpatError as e:
        return (expat.ErrorString(e.code), p.ErrorByteIndex)


def libxml2_verdict(b):
    """The second XML oracle, libxml2 (Debian's libxml2-utils, which .ci/setup installs): None when
    `xmllint --noout --nonet` accepts the document, else its first error line without the "-:N: " prefix."""
    r = subprocess.run(["xmllint", "--noout", "--nonet", "-"], input=b, capture_output=True)
    if r.returncode == 0:
        return None
    first = r.stderr.decode("utf-8", "replace").splitlines()[0] if r.stderr else "exit %d" % r.returncode
    return first.split(": ", 1)[-1] if first.startswith("-:") else first


def pillow_verdict(data):
    """(format, width, height) as Pillow reads it (a PNG fully decoded), "error: …", or None without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return None
    try:
        im = Image.open(io.BytesIO(data))
        if im.format == "PNG":
            im.load()
        return (im.format, im.size[0], im.size[1])
    except Exception as e:  # noqa: BLE001 - any failure is a rejection
        return "error: %s" % e


def pypng_verdict(data):
    """("PNG", width, height) after pypng decodes every row, "error: …", or None without pypng."""
    try:
        import png as pypng
    except ImportError:
        return None
    try:
        w, h, rows, _ = pypng.Reader(bytes=data).read()
        for _ in rows:
            pass
        return ("PNG", w, h)
    except Exception as e:  # noqa: BLE001
        return "error: %s" % e


def file1_verdict(data):
    """What `file -b` says of the bytes, or None without file(1)."""
    if not shutil.which("file"):
        return None
    with tempfile.NamedTemporaryFile() as t:
        t.write(data)
        t.flush()
        return subprocess.run(["file", "-b", t.name], capture_output=True, text=True).stdout.strip()


PILLOW_FORMAT = {"png": "PNG", "gif": "GIF", "jpeg": "JPEG", "bmp": "BMP", "ico": "ICO", "tiff": "TIFF"}
IMAGE_CONTENT_TYPES = {"png": "image/png", "gif": "image/gif", "jpeg": "image/jpeg", "bmp": "image/bmp", "ico": "image/x-icon",
                       "tiff": "image/tiff"}
