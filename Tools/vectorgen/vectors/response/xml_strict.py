"""Vectors/response/xml-strict.json: strict XML well-formedness (SPEC §6.5).

Oracle: Python's xml.parsers.expat (a conforming XML 1.0 parser) decides every verdict when the file is
generated; libxml2 (Debian's xmllint) is the second oracle, and each verdict's comment says whether it agrees
(it differs on 5: it accepts '<!DOCTYPEa>' and refuses versions other than 1.x, as XML 1.0's fifth edition
writes VersionNum). For the character-level checks (control characters, U+FFFE/U+FFFF, bad UTF-8) the vector also
pins the error offset: expat's ErrorByteIndex, which is asserted to be the offending byte's position. Other
rejections pin the kind only (expat and the core point at different bytes of a bad construct; SPEC §6.5 defines
only the offsets of unterminated constructs, of undecodable UTF-16 and of the depth limit). Documents on which the
core's documented approximations differ from a full parser (undeclared entities with a DOCTYPE, non-ASCII name
characters) are not used.

Levels: a rejection that pins only the kind is XML 1.0's (a well-formedness violation is a fatal error a conforming
processor MUST report, §5.1; bytes not legal in the document's encoding are a fatal error too, §4.3.3, reported as
§1.2 requires); an error offset, the depth limit and SPEC §6.5's readings of the XML declaration and of UTF-16 are
decisions. An accepted document is returned as AF returns any XML (XML 1.0 has no keyword for accepting one), unless
only SPEC §6.5's lenient version number admits it.

The topics below are grouped by the rule they pin: characters, encodings, markup, the XML declaration, the error
offsets SPEC §6.5 defines, the nesting depth, and the serializer around the check. Ids are numbered in the order the
vectors are added and never change (vectorfile.py), so build() calls the topics in id order.
"""
import re

from ...levels import af, must
from ...oracles.s6_5_serializers import expat_verdict, libxml2_verdict
from ...oracles.s6_responses import ABSENT, ctype_error, resp, status_error
from ...vectorfile import VectorFile, bytes_value
from ._shared import SPEC63, SPEC65

X = "application/xml"
BOMS = [("UTF-8", b"\xef\xbb\xbf", "utf-8"), ("UTF-16LE", b"\xff\xfe", "utf-16-le"), ("UTF-16BE", b"\xfe\xff", "utf-16-be")]


def le(t):
    return t.encode("utf-16-le")


def be(t):
    return t.encode("utf-16-be")


def xml_must(section):
    """A well-formedness violation is a fatal error that a conforming XML 1.0 processor MUST report (SPEC §9)."""
    return must("XML#" + section, "MUST")


XML_RETURNED = af("6.5/xml-returns-unparsed")


def decodes(body):
    """The body is legal in its encoding: UTF-16 after a BOM FF FE / FE FF, else UTF-8 (a UTF-8 BOM is UTF-8)."""
    codec = "utf-16-le" if body[:2] == b"\xff\xfe" else "utf-16-be" if body[:2] == b"\xfe\xff" else "utf-8"
    try:
        body[2 if codec != "utf-8" else 0:].decode(codec)
        return True
    except UnicodeDecodeError:
        return False


def version_ok(body):
    """XML 1.0 §2.8 VersionNum ::= '1.' [0-9]+ (expat, and SPEC §6.5, accept any [A-Za-z0-9._-]*)."""
    m = re.match(rb"<\?xml\s+version\s*=\s*([\"'])(.*?)\1", body)
    return m is None or re.fullmatch(rb"1\.[0-9]+", m.group(2)) is not None


def case(what, body, at=None):
    """A document expat judges: (what, body bytes, the offending byte's index when the vector pins it)."""
    return what, body if isinstance(body, bytes) else body.encode("utf-8"), at


def second(body, verdict):
    """The second oracle's word on a verdict expat gave (libxml2 parses UTF-8/16 and the XML declaration alike)."""
    lx = libxml2_verdict(body)
    if (lx is None) == (verdict is None):
        return "libxml2's xmllint agrees"
    return "libxml2's xmllint disagrees: %s" % ("it accepts" if lx is None else lx)


def judged(f, cases):
    """One strict vector per case, with expat's verdict: accepted (the body is returned) or malformedXML."""
    for what, body, at in cases:
        verdict = expat_verdict(body)
        if verdict is None:
            f.add("%s: well-formed, expat accepts it → the body is returned (%s)" % (what, second(body, verdict)), resp("xml", 200, X, body),
                  {"valid": True, "object": bytes_value(body), "error": ABSENT}, profiles=["strict"],
                  verdict=XML_RETURNED if version_ok(body) else SPEC65)
            continue
        err = {"domain": "AFSerialization", "kind": "malformedXML"}
        how = "expat: %s" % verdict[0]
        if at is not None:
            assert verdict[1] == at, (what, verdict, at)
            err["offset"] = at
            how += " at byte %d, the offending character" % at
        f.add("%s: not well-formed (%s; %s) → malformedXML, no object" % (what, how, second(body, verdict)), resp("xml", 200, X, body),
              {"valid": True, "object": ABSENT, "error": err}, profiles=["strict"],
              verdict=SPEC65 if at is not None else xml_must("5.1") if decodes(body) else xml_must("1.2"))


def build():
    f = VectorFile("response", "xml-strict", "strict XML serializer: XML 1.0 well-formedness (Char production, U+FFFE/U+FFFF, UTF-8/16, "
                   "references, markup); verdicts from Python's xml.parsers.expat (SPEC §6.5)", ["SPEC§6.5"])
    judged(f, control_characters() + unicode_characters() + invalid_utf8() + character_references() + bom_documents() + markup())
    serializer_around_the_check(f)
    judged(f, references_cut_by_the_end() + lowercase_hex_references())
    judged(f, markup_edges() + references_past_u10ffff())
    unterminated_constructs(f)
    nesting_depth(f)
    judged(f, cdata_end())
    judged(f, pi_targets())
    judged(f, empty_internal_subsets() + lone_lead_bytes_at_the_end())
    undecodable_utf16(f)
    depth_offset_before_attributes(f)
    judged(f, utf16_byte_counts())
    judged(f, character_offsets_after_a_bom())
    spec_offsets_after_a_bom(f)
    judged(f, xml_declarations())
    high_surrogate_without_low(f)
    judged(f, utf8_in_names() + cdata_outside_the_root())
    judged(f, xml_declaration_values())
    encodings_expat_cannot_load(f)
    judged(f, xml_declaration_first_pseudo_attribute())
    return f


# XML 1.0 §2.2 characters (Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]), raw in every
# context a document has, and as character references (§4.1 WFC: Legal Character). Raw characters pin expat's offset.

def control_characters():
    cases = [case("control character %02X in content" % c, b"<a>x" + bytes([c]) + b"</a>", 4) for c in list(range(0x20)) + [0x7F]]
    for c in [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1F, 0x09, 0x0A, 0x0D]:
        cases += [case("control character %02X in an attribute value" % c, b'<a b="' + bytes([c]) + b'"/>', 6),
                  case("control character %02X in a comment" % c, b"<a><!--" + bytes([c]) + b"--></a>", 7),
                  case("control character %02X in CDATA" % c, b"<a><![CDATA[" + bytes([c]) + b"]]></a>", 12),
                  case("control character %02X in a processing instruction" % c, b"<a><?pi " + bytes([c]) + b"?></a>", 8),
                  case("control character %02X in a comment before the root" % c, b"<!--" + bytes([c]) + b"--><a/>", 4),
                  case("control character %02X in a comment after the root" % c, b"<a/><!--" + bytes([c]) + b"-->", 8),
                  case("control character %02X in a DOCTYPE system literal" % c, b'<!DOCTYPE a SYSTEM "' + bytes([c]) + b'"><a/>', 20),
                  case("control character %02X inside the XML declaration" % c, b'<?xml version="1.0"' + bytes([c]) + b"?><a/>", 19)]
    cases.append(case("control character 01 inside a start tag", b"<a\x01/>", 2))
    return cases


def unicode_characters():
    """The noncharacters U+FFFE/U+FFFF and their neighbours, the range edges and some ordinary non-ASCII characters."""
    cases = []
    for u in ["\ufffe", "\uffff", "\ufffd", "\ufeff", "\ud7ff", "\ue000", "\U0010ffff", "\U0001f600", "\u0085", "\u2028", "\u00e9"]:
        e = u.encode("utf-8")
        cases += [case("U+%04X (%s) in content" % (ord(u), e.hex(" ")), b"<a>" + e + b"</a>", 3),
                  case("U+%04X in an attribute value" % ord(u), b'<a b="' + e + b'"/>', 6),
                  case("U+%04X in a comment" % ord(u), b"<a><!--" + e + b"--></a>", 7),
                  case("U+%04X in CDATA" % ord(u), b"<a><![CDATA[" + e + b"]]></a>", 12),
                  case("U+%04X in a processing instruction" % ord(u), b"<a><?pi " + e + b"?></a>", 8)]
    cases.append(case("U+FFFE after other text in content", "<a>ok \ufffe</a>".encode("utf-8"), 6))
    cases.append(case("U+FFFF at the very end of a comment after the root", "<a/><!--\uffff-->".encode("utf-8"), 8))
    return cases


def character_references():
    cases = []
    for ref in ["&#xFFFE;", "&#xFFFF;", "&#xFFFD;", "&#0;", "&#x0;", "&#1;", "&#x1F;", "&#9;", "&#10;", "&#13;", "&#x20;", "&#xD7FF;",
                "&#xD800;", "&#xDFFF;", "&#xE000;", "&#x10000;", "&#x10FFFF;", "&#x110000;", "&#1114111;", "&#1114112;", "&#xFFFFFFFFFF;",
                "&#99999999999999;", "&#x;", "&#;", "&#x1g;", "&#12a;", "&#X41;", "&#x41", "&#65;", "&#xa;", "&#xA;", "&#xaBcD;"]:
        cases += [case("character reference %s in content" % ref, "<a>%s</a>" % ref),
                  case("character reference %s in an attribute value" % ref, '<a b="%s"/>' % ref)]
    return cases


def lowercase_hex_references():
    return [case("character reference %s (lowercase hex) in content" % ref, "<a>%s</a>" % ref)
            for ref in ["&#xfffe;", "&#xffff;", "&#xd800;", "&#xb;", "&#xc;", "&#xd;", "&#xa0;", "&#xfffd;", "&#x1f600;"]]


def references_past_u10ffff():
    """References just past and at U+10FFFF, in hex and decimal (a value that overflows must not wrap into the range)."""
    cases = []
    for ref in ["&#x10FFFF0;", "&#11141110;", "&#x10FFFF;", "&#1114111;"]:
        cases += [case("character reference %s in content" % ref, "<a>%s</a>" % ref),
                  case("character reference %s in an attribute value" % ref, '<a b="%s"/>' % ref)]
    return cases


# XML 1.0 §4.3.3 encodings (bytes not legal in the document's encoding are a fatal error; SPEC §6.5 reads UTF-8, or
# UTF-16 after a BOM FF FE / FE FF).

def invalid_utf8():
    return [case("invalid UTF-8 %s in content" % bad, b"<a>" + bytes.fromhex(bad) + b"</a>", 3)
            for bad in ["80", "c080", "c3", "eda080", "f4908080", "ff", "e08080", "f0808080", "efbf", "c3c3"]]


def lone_lead_bytes_at_the_end():
    """A lead byte as the very last byte of the body, with nothing after it: a decoder must not read past the end."""
    return [case("a lone lead byte %s as the last byte of the body, inside an unclosed element" % bad, b"<a>" + bytes.fromhex(bad))
            for bad in ["e0", "ed", "e1", "f0", "f4"]]


def bom_documents():
    cases = []
    for doc in ["<a>x</a>", "<a>\u00e9</a>", "<a>\x01</a>", "<a>\ufffe</a>", "<a></b>", "<a>&#xFFFF;</a>"]:
        cases += [case("UTF-16LE with BOM: %r" % doc, b"\xff\xfe" + doc.encode("utf-16-le")),
                  case("UTF-16BE with BOM: %r" % doc, b"\xfe\xff" + doc.encode("utf-16-be"))]
    cases.append(case("UTF-16LE with BOM and a lone surrogate D800", b"\xff\xfe<\x00a\x00>\x00\x00\xd8<\x00/\x00a\x00>\x00"))
    cases.append(case("UTF-8 BOM then <a/>", b"\xef\xbb\xbf<a/>"))
    cases.append(case("UTF-8 BOM then a control character", b"\xef\xbb\xbf<a>\x01</a>"))
    return cases


def utf16_byte_counts():
    """Well-formed UTF-16 documents whose byte count is even but not a multiple of 3: a parity check must test
    divisibility by 2 (the BOM documents above are all 18 bytes long). Verdicts: expat."""
    cases = []
    for doc in ["<a/>", "<a>xy</a>", "<abc/>"]:
        for name, bom, codec in BOMS[1:]:
            body = bom + doc.encode(codec)
            assert len(body) % 2 == 0 and len(body) % 3 != 0
            cases.append(case("%s with BOM: %r (%d bytes)" % (name, doc, len(body)), body))
    return cases


def undecodable_utf16(f):
    """UTF-16 that does not decode is rejected as a whole at offset 0 (SPEC §6.5 decision, like the JSON serializer's
    "Cannot convert input string to valid utf8 input." at 0, Foundation's offset). Expat decides the verdict only: its
    index is no oracle here (the lone low surrogate's byte, but the end of the body for a lone high one)."""
    for what, body in [("UTF-16LE, a lone high surrogate D800", b"\xff\xfe" + le("<a>x") + b"\x00\xd8" + le("</a>")),
                       ("UTF-16LE, a lone low surrogate DC00", b"\xff\xfe" + le("<a>x") + b"\x00\xdc" + le("</a>")),
                       ("UTF-16BE, a lone high surrogate D800", b"\xfe\xff" + be("<a>x") + b"\xd8\x00" + be("</a>")),
                       ("UTF-16LE, an odd number of bytes (the last unit cut)", b"\xff\xfe" + le("<a>x</a>") + b"\x0a")]:
        verdict = expat_verdict(body)
        assert verdict is not None, what
        f.add("%s: not well-formed (expat: %s at byte %d) → malformedXML at offset 0, the document's encoding is at fault (SPEC §6.5 "
              "decision, as for undecodable JSON text)" % (what, verdict[0], verdict[1]), resp("xml", 200, X, body),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "malformedXML", "offset": 0}},
              profiles=["strict"], verdict=SPEC65)


def high_surrogate_without_low(f):
    """A high surrogate followed by a unit that is not a low surrogate. Expat 2.5 accepts it (its UTF-16 tokenizer takes
    any two units after a lead surrogate as one character); XML 1.0 §2.2 Char has no surrogates and Python's UTF-16
    codec refuses the text, so the core rejects it as undecodable UTF-16 at offset 0 (SPEC §6.5 decision, deliberately
    not expat's verdict)."""
    for what, body in [("UTF-16LE, high surrogate D807 then U+263E in content", b"\xff\xfe" + le("<a>") + b"\x07\xd8\x3e\x26" + le("</a>")),
                       ("UTF-16BE, high surrogate D800 then 'x' in content", b"\xfe\xff" + be("<a>") + b"\xd8\x00" + be("x</a>"))]:
        assert expat_verdict(body) is None, what
        try:
            body[2:].decode("utf-16-le" if body[0] == 0xFF else "utf-16-be")
            raise AssertionError(what)
        except UnicodeDecodeError:
            pass
        f.add("%s: expat accepts it, but it is no XML 1.0 character (§2.2) and Python's UTF-16 codec refuses it → malformedXML at "
              "offset 0, the encoding is at fault (SPEC §6.5 decision, a deliberate deviation from expat)" % what, resp("xml", 200, X, body),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "malformedXML", "offset": 0}},
              profiles=["strict"], verdict=SPEC65)


# XML 1.0 markup (§2.1 document, §2.3 names, §2.4 character data, §2.5 comments, §2.6 processing instructions,
# §2.7 CDATA sections, §2.8 the DOCTYPE, §3.1 tags, §4.1 references). Kind only: expat and the core point at
# different bytes of a bad construct.

def markup():
    return [case("markup %r" % d, d) for d in [
        "<a/>", "<a></a>", "<a><b/></a>", "<a></b>", "<a>", "</a>", "<a/><b/>", "<a/>x", "x<a/>", "  <a/>  ", "<a b='1' b='2'/>",
        "<a b='1' c='2'/>", "<a b='<'/>", "<a b=1/>", "<a b='1'c='2'/>", "<a>]]></a>", "<a>]]</a>", "<a>]></a>", "<a><!-- x -- y --></a>",
        "<a><!-- x ---></a>", "<a><!-- ok --></a>", "<a><!----></a>", "<a>&lt;&gt;&amp;&apos;&quot;</a>", "<a>&foo;</a>", "<a>&lt</a>", "<a>&</a>",
        "<a><?xml x?></a>", "<a><?XmL x?></a>", "<a><?xml-stylesheet x?></a>", "<a><?pi?></a>", "<a><?pix?></a>", "<a><?pi x?></a>",
        "<a><?pi\tx?></a>", "<?xml version='1.0'?><a/>", "<?xml version='1.0'?>\n<!-- c --><a/>", " <?xml version='1.0'?><a/>",
        "<!DOCTYPE a><a/>", "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>", "<!DOCTYPE a SYSTEM 'a.dtd'><a>&e;</a>", "<!DOCTYPE a [ <!-- ] > --> ]><a/>",
        "<!DOCTYPE a", "<!DOCTYPEa><a/>", "<!DOCTYPE a [<!ENTITY e '>'>]><a/>", "<a><![CDATA[<>&]]></a>", "<a><![CDATA[x</a>", "<a:b xmlns:a='u'/>",
        "<_a/>", "<1a/>", "<-a/>", "<.a/>", "<a-.1/>", "<a\n\tb = \"1\" />", "<a></a >", "<a></ a>", " ", "<!-- only -->", "<?pi x?>", "<a/><?pi?>",
        "<a/><!--x-->", "<a/><!DOCTYPE a>", "<a>\r\n</a>", "<a b='&#60;'/>", "<a b='&lt;'/>", "<a b='&x;'/>", "<a b=\"'\"/>", "<a b='\"'/>",
        "<a b='1'/ >", "<a b/>", "<a b=/>", "<a></a></a>", "<a><b></a></b>", "<a b='1'", "<a b='1", "<a><b><c/></b></a>", "<A></a>",
        "<a>x<!-- c -->y<?p q?>z<![CDATA[w]]></a>", "<?xml version='1.0'?>", "<a/>\n\n<!-- end -->\n"]]


def references_cut_by_the_end():
    return [case("markup %r: a reference cut by the end of the body" % d, d)
            for d in ["<a>&#", "<a>&#x", "<a>&#12", "<a>&", "<a>&lt", "<a b='&#x", "<a b='&lt"]]


def markup_edges():
    """Name characters at the ASCII range edges, CR as white space, comments with '-', PIs with data, DOCTYPE literals
    and comments, constructs cut by the end of the body."""
    return [case("markup %r" % d, d) for d in [
        "<a\rb='1'/>", "<A/>", "<Z/>", "<z/>", "<@/>", "<[/>", "<`/>", "<{/>", "<\u00c0/>", "<a\x7f/>", "<a0/>", "<a9/>", "<a/0>",
        "<a b x\"v\"/>", "<a b=x/x></a>", "<a b=", "<a></a", "<!----><a/>", "<!-- a-b --><a/>", "<a><!-- a-b --></a>",
        "<?pi x>y?><a/>", "<?pi x?><a/>", "<!DOCTYPE 1a><a/>", "<!DOCTYPE a SYSTEM \"a>b\"><a/>", "<!DOCTYPE a SYSTEM 'a>b'><a/>",
        "<!DOCTYPE a [<!---->]><a/>", "<!DOCTYPE a [<!-- a-b -->]><a/>", "<!DOCTYPE a> <a/>", "<!DOCTYPE a SYSTEM \"abc",
        "<?xml", "<?xml version='1.0'><a/>"]]


def cdata_end():
    return [case("markup %r: ']>' inside CDATA does not end it, only ']]>' does" % d, d)
            for d in ["<a><![CDATA[x]>y]]></a>", "<a><![CDATA[]>]]></a>"]]


def cdata_outside_the_root():
    """A CDATA section is content, never the root element (XML 1.0 §2.1 document ::= prolog element Misc*; §2.7 CDSect
    appears only in content)."""
    return [case("a CDATA section outside the root element: %r" % d, d)
            for d in ["<![CDATA[x]]>", "<![CDATA[\u0085]]>", "<!-- c --><![CDATA[x]]>", "<![CDATA[x]]><a/>", "<a/><![CDATA[x]]>"]]


def pi_targets():
    """A PI target must be followed by white space or '?>' (XML 1.0 §2.6 PI ::= '<?' PITarget (S (Char* - (Char* '?>'
    Char*)))? '?>'); a character that cannot continue the name ends it and is neither. A core that skips the check for
    white space (XMLWellFormedness.swift pi() `guard skipSpace()`→`guard true`) accepts them."""
    return [case("markup %r: the PI target is followed by neither white space nor '?>'" % d, d)
            for d in ["<a><?pi!x?></a>", "<?pi/x?><a/>", "<a><?pi\"x\"?></a>", "<a><?pi=?></a>"]]


def empty_internal_subsets():
    """An empty internal subset '[]' (XML 1.0 §2.8 doctypedecl ::= '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset
    ']' S?)? '>', intSubset may be empty), so a ']' right after '[' (a core that steps two bytes past '[', doctype()
    `i += 1`→`i += 2`, misses it). Verdicts: expat."""
    return [case("markup %r: an empty internal DTD subset" % d, d) for d in ["<!DOCTYPE a []><a/>", "<!DOCTYPE a [ ]><a/>", "<!DOCTYPE a []>\n<a/>"]]


def utf8_in_names():
    """Non-ASCII name characters are all allowed (SPEC §6.5), but invalid UTF-8 in a name is no character. Verdicts:
    expat; kind only (expat points at the token's start)."""
    return [case("invalid or valid UTF-8 in a name: %r" % d, d)
            for d in [b"<z\xf1/>", b"<a\xc3/>", b"<\x80/>", b"<a b\xff='1'/>", b"<a></a\xed\xa0\x80>", b"<a>&x\xc3;</a>", b"<?p\xe4\xb8?><a/>",
                      "<z\u00f1/>".encode("utf-8"), "<a b\u4e2d='1'/>".encode("utf-8")]]


# XML 1.0 §2.8 the XML declaration (XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>') is checked, not
# skipped to '?>'. Values are read as expat reads them (SPEC §6.5 decision): [A-Za-z0-9._-]*, any version, an encoding
# name starting with a letter, standalone 'yes' or 'no'. Verdicts: expat; kind only (not a character-level error).

def xml_declarations():
    return [case("XML declaration %r" % d, d) for d in [
        '<?xml versio?n="1.0"\t?><a/>', '<?xml version="1.1"?><a/>', '<?xml version="2.0"?><a/>', '<?xml version=""?><a/>',
        '<?xml version="1.0a"?><a/>', "<?xml version = '1.0' ?><a/>", '<?xml  version="1.0"\t?><a/>', '<?xml\nversion="1.0"\r\n?><a/>',
        '<?xml version="1:0"?><a/>', '<?xml version="1 0"?><a/>', '<?xml version="1.0\'?><a/>', '<?xml version=1.0?><a/>',
        '<?xml version="1.0"standalone="yes"?><a/>', '<?xml standalone="yes"?><a/>', '<?xml encoding="UTF-8"?><a/>', '<?xml ?><a/>',
        '<?xml version="1.0" standalone="yes"?><a/>', '<?xml version="1.0" standalone="no" ?><a/>', '<?xml version="1.0" standalone="maybe"?><a/>',
        '<?xml version="1.0" standalone="YES"?><a/>', '<?xml version="1.0" standalone=""?><a/>', '<?xml version="1.0" encoding="UTF-8"?><a/>',
        '<?xml version="1.0" encoding="utf-8" standalone="no"?><a/>', '<?xml version="1.0" standalone="no" encoding="UTF-8"?><a/>',
        '<?xml version="1.0" encoding="9x"?><a/>', '<?xml version="1.0" encoding=""?><a/>', '<?xml version="1.0" encoding="_x"?><a/>',
        '<?xml version="1.0" version="1.0"?><a/>', '<?xml version="1.0" foo="x"?><a/>', '<?xml version="1.0" Version="1.0"?><a/>',
        '<?xml version="1.0"? ><a/>', '<?xml version="1.0"', '<?xml version', '<?xml version="1.0" standalone', '<?xml version="1.0"?>']]


def xml_declaration_values():
    """A value cut by the end of the body, the edges of the value alphabet [A-Za-z0-9._-] and of an encoding name's
    first letter. Verdicts: expat."""
    return [case("XML declaration %r" % d, d) for d in [
        '<?xml version="1.0', "<?xml version='", '<?xml version="1/0"?><a/>', '<?xml version="1[0"?><a/>', '<?xml version="1`0"?><a/>',
        '<?xml version="1@0"?><a/>', '<?xml version="1{0"?><a/>', '<?xml version="AZaz09._-"?><a/>', '<?xml version="1.0" encoding="ascii"?><a/>',
        '<?xml version="1.0" encoding="US-ASCII"?><a/>', '<?xml version="1.0" encoding="latin-1"?><a/>', '<?xml version="1.0" encoding="@x"?><a/>',
        '<?xml version="1.0" encoding="[x"?><a/>', '<?xml version="1.0" encoding="`x"?><a/>', '<?xml version="1.0" encoding="{x"?><a/>']]


def xml_declaration_first_pseudo_attribute():
    """A declaration whose first pseudo-attribute is not `version` (an unknown name, the wrong case), and an unquoted
    value that a quote-less reader would take between two equal bytes. Verdicts: expat."""
    return [case("XML declaration %r" % d, d)
            for d in ['<?xml foo="1.0"?><a/>', '<?xml Version="1.0"?><a/>', '<?xml version=1.01?><a/>', "<?xml version=1.0'?><a/>"]]


def encodings_expat_cannot_load(f):
    """An encoding name expat cannot load: XML 1.0 §4.3.3 makes that a processor's fatal error, and expat refuses it
    ("unknown encoding"); the core reads UTF-8 or UTF-16 by the BOM whatever the declaration names and checks only the
    EncName syntax ([A-Za-z] ([A-Za-z0-9._] | '-')*), so these are accepted (SPEC §6.5 decision, a deliberate deviation
    from expat)."""
    for enc in ["zz", "Z", "Zeta-1.0_x"]:
        body = ('<?xml version="1.0" encoding="%s"?><a/>' % enc).encode("ascii")
        try:  # Python's expat asks the codecs module for names it does not know itself, which raises
            raise AssertionError(expat_verdict(body))
        except LookupError as e:
            assert "unknown encoding" in str(e), e
        f.add("XML declaration naming encoding %r, a well-formed EncName (XML 1.0 §4.3.3) that expat cannot load (Python's expat: "
              "unknown encoding) → accepted: the core checks the name's syntax only (SPEC §6.5 decision)" % enc, resp("xml", 200, X, body),
              {"valid": True, "object": bytes_value(body), "error": ABSENT}, profiles=["strict"], verdict=SPEC65)


# SPEC §6.5 error offsets: an unterminated construct is reported at the end of the body, and an offset
# after a BOM counts the body's bytes as received.

def unterminated_constructs(f):
    """Where an unterminated construct is reported: expat points at the start of the unclosed token; the core reports
    the end of the body, where the missing terminator was due (SPEC §6.5 decision)."""
    for body, what in [(b"<a>&#65", "a character reference cut by the end of the body (no ';')"),
                       (b"<a>&#x41", "a hex character reference cut by the end of the body"),
                       (b'<!DOCTYPE a SYSTEM "abc', "a DOCTYPE whose system literal runs to the end of the body"),
                       (b"<?xml ", "an XML declaration cut after '<?xml '")]:
        verdict = expat_verdict(body)
        assert verdict is not None, body
        f.add("%r, %s: not well-formed (expat: %s at byte %d, the token's start) → malformedXML at byte %d, the end of the body "
              "(SPEC §6.5 decision: unterminated constructs are reported where the terminator was due)" % (body, what, verdict[0], verdict[1], len(body)),
              resp("xml", 200, X, body), {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "malformedXML",
                                                                                   "offset": len(body)}}, profiles=["strict"], verdict=SPEC65)


def character_offsets_after_a_bom():
    """An error offset after a BOM counts the body's bytes as received (SPEC §6.5 decision): the BOM counts, and in
    UTF-16 the offset is the offending character's first byte. Oracle: expat's ErrorByteIndex, asserted by judged()
    to be that byte (len(BOM) + the encoded prefix)."""
    cases = []
    for doc, k in [("<a>\x01</a>", 3), ("<a>\ufffe</a>", 3), ("<a>\u00e9\x01</a>", 4), ("<\u00e9>\x01</\u00e9>", 3),
                   ("<a>\U0001f600\x01</a>", 4), ("<a b='\x01'/>", 6), ("<a><!--x\x0b--></a>", 8), ("<a>\u4e2d\uffff</a>", 4)]:
        for name, bom, codec in BOMS:
            cases.append(case("%s BOM, then %r: the offset counts the BOM and the %s bytes before character %d" % (name, doc, name, k),
                              bom + doc.encode(codec), len(bom) + len(doc[:k].encode(codec))))
    return cases


def spec_offsets_after_a_bom(f):
    """The same rule for the offsets SPEC defines itself (expat accepts the first and points at the token's start in
    the second): the '<' of the start tag one too deep, and the end of the body for an unterminated comment."""
    for name, bom, codec in BOMS:
        doc = "<a><a><a><b/></a></a></a>"
        body = bom + doc.encode(codec)
        assert expat_verdict(body) is None
        at = len(bom) + len(doc[:9].encode(codec))
        f.add("%s BOM, 4 nested elements, nesting limit 3: well-formed (expat accepts it) → nestingTooDeep at byte %d, the '<' of "
              "'<b/>' (an empty-element tag is one level down too) counted in the body's bytes, BOM included (SPEC §6.5 decisions)" % (name, at), resp("xml", 200, X, body),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "offset": at, "context": {"limit": "3"}}},
              options={"maxJSONDepth": 3}, profiles=["strict"], refs=["SPEC§8"], verdict=SPEC65)
        body = bom + "<a>\u00e9<!-- x".encode(codec)
        assert expat_verdict(body) is not None
        f.add("%s BOM, an unterminated comment after U+00E9: not well-formed (expat: %s) → malformedXML at the end of the body, byte %d "
              "(SPEC §6.5 decision: the body's length, BOM included)" % (name, expat_verdict(body)[0], len(body)), resp("xml", 200, X, body),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "malformedXML", "offset": len(body)}},
              profiles=["strict"], verdict=SPEC65)


# SPEC §8 nesting depth: the strict XML check uses the JSON nesting limit (maxJSONDepth, default 512) for elements.

def nesting_depth(f):
    for n, opts in [(512, None), (513, None), (3, {"maxJSONDepth": 3}), (4, {"maxJSONDepth": 3})]:
        body = ("<a>" * n + "</a>" * n).encode("ascii")
        assert expat_verdict(body) is None
        limit = (opts or {}).get("maxJSONDepth", 512)
        if n <= limit:
            f.add("%d nested elements: well-formed (expat accepts it), within the nesting limit %d (SPEC §8) → the body is returned" % (n, limit),
                  resp("xml", 200, X, body), {"valid": True, "object": bytes_value(body), "error": ABSENT}, options=opts, profiles=["strict"],
                  refs=["SPEC§8"], verdict=SPEC65)
        else:
            # Offset: the '<' of the start tag one too deep, byte 3·limit of this body (SPEC §6.5 decision, as JSON reports the
            # opening bracket of the container one too deep).
            f.add("%d nested elements: well-formed (expat accepts it) but one over the nesting limit %d → nestingTooDeep at byte %d, the '<' "
                  "of the start tag one too deep; the context names the limit (SPEC §8)" % (n, limit, 3 * limit), resp("xml", 200, X, body),
                  {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "offset": 3 * limit,
                                                              "context": {"limit": str(limit)}}},
                  options=opts, profiles=["strict"], refs=["SPEC§8"], verdict=SPEC65)


def depth_offset_before_attributes(f):
    """The depth error's offset is the '<' of the start tag one too deep, not the end of that tag (its attributes are
    read first). Body layout: three '<a>' (bytes 0-8), then '<b c="1">' at byte 9."""
    body = b'<a><a><a><b c="1"></b></a></a></a>'
    assert expat_verdict(body) is None
    f.add("4 nested elements, the 4th with an attribute, nesting limit 3: well-formed (expat accepts it) → nestingTooDeep at byte 9, "
          "the '<' of '<b c=\"1\">' (SPEC §6.5 decision), not the end of the tag", resp("xml", 200, X, body),
          {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "offset": 9, "context": {"limit": "3"}}},
          options={"maxJSONDepth": 3}, profiles=["strict"], refs=["SPEC§8"], verdict=SPEC65)


# SPEC §6.3, §6.5 the serializer around the check: an empty body, the af profiles (no check at all), and the status
# and content-type validation that come first (SPEC §6.3).

def serializer_around_the_check(f):
    f.add("strict, empty body: no document, so no object and no error (SPEC §6.5 decision, as for JSON)", resp("xml", 200, X, b""),
          {"valid": True, "object": ABSENT, "error": ABSENT}, profiles=["strict"], verdict=SPEC65)
    for body in [b"<a>\x01</a>", "<a>\ufffe</a>".encode("utf-8"), b"<a>&#0;</a>", b"<a><b></a>"]:
        f.add("af: no well-formedness check (AF hands the bytes to NSXMLParser unparsed), so %r comes back as bytes" % body, resp("xml", 200, X, body),
              {"valid": True, "object": bytes_value(body), "error": ABSENT}, profiles=["af3", "af4"], verdict=XML_RETURNED)
    f.add("strict, 404 with malformed XML: malformedXML outer, −1011 underlying", resp("xml", 404, X, b"<a>"),
          {"valid": False, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "malformedXML", "underlying": status_error(404)}},
          profiles=["strict"], refs=["SPEC§6.3"], verdict=SPEC63)  # the −1011 phrase
    f.add("strict, text/html with malformed XML: −1016 only, no well-formedness error (content-type failure stops parsing)",
          resp("xml", 200, "text/html", b"<a>"), {"valid": False, "object": ABSENT, "error": dict(ctype_error("text/html"), underlying=ABSENT)},
          profiles=["strict"], refs=["SPEC§6.3"], verdict=af("6.4/no-object-after-1016"))
