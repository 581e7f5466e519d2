"""The self-contained runner: `conformance` with the Swift runtime, Foundation and zlib linked statically.

    python3 scripts/release.py build     # → .build-static/dist/conformance (stripped) and build.json

What stays dynamic, and why (README "Without Swift"): the C library and its loader (NSS, dlopen and
iconv need the shared glibc; a fully static binary needs the musl Static Linux SDK), libm (the Swift
runtime's maths), libstdc++ and libgcc_s (the runtime and Foundation are partly C++; libgcc_s unwinds).
All four are in every Debian and Ubuntu base system and on manylinux's allowed list. The build fails
when the binary needs anything else.

zlib is made static without touching Package.swift: the core's module map asks for `-lz`, and the
linker takes the first directory on its search path that holds a libz; a directory that holds only
`libz.a`, put first, makes that the static archive.

build.json holds what the tarball, the wheel and the README take from the build: the size, the
libraries, the highest symbol versions it needs, and the wheel tag those allow (PEP 600:
`manylinux_<glibc major>_<glibc minor>_x86_64`), computed here from the ELF, never typed.
"""
import json
import os
import re
import shutil
import subprocess
import time

from afstools import ROOT
from afstools.release import package

BUILD_PATH = ".build-static"
DIST = os.path.join(BUILD_PATH, "dist")
# The libraries a manylinux system always has (PEP 600 / auditwheel's policy: libc, libm, libstdc++,
# libgcc_s, the loader); anything else would have to be on the target machine by luck.
ALLOWED = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2"}


def static_zlib_dir():
    """A directory whose only library is the system's libz.a (the linker's search order does the rest)."""
    archive = subprocess.run(["cc", "-print-file-name=libz.a"], capture_output=True, text=True).stdout.strip()
    if not os.path.isabs(archive) or not os.path.isfile(archive):
        raise SystemExit("release build: no static zlib (libz.a); install zlib1g-dev (.ci/setup does)")
    d = os.path.join(ROOT, BUILD_PATH, "zlib-static")
    os.makedirs(d, exist_ok=True)
    link = os.path.join(d, "libz.a")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.realpath(archive), link)
    return d


def needed(binary):
    out = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def unexpected_libraries(binary, libs):
    """Why `binary` would not start on a system without Swift, or None."""
    extra = sorted(set(libs) - ALLOWED)
    if extra:
        return (f"{binary} needs {', '.join(extra)}, which a system without Swift may not have "
                f"(allowed: {', '.join(sorted(ALLOWED))})")
    return None


def interpreter(binary):
    out = subprocess.run(["readelf", "-l", binary], capture_output=True, text=True, check=True).stdout
    m = re.search(r"Requesting program interpreter: ([^\]]+)\]", out)
    return os.path.basename(m.group(1)) if m else None


def symbol_versions(binary):
    """The highest version the binary asks of each family (GLIBC, GLIBCXX, CXXABI, GCC, ZLIB…)."""
    out = subprocess.run(["objdump", "-T", binary], capture_output=True, text=True, check=True).stdout
    best = {}
    for family, version in re.findall(r"\b(GLIBC|GLIBCXX|CXXABI|GCC|ZLIB)_([0-9][0-9.]*)\b", out):
        key = tuple(int(x) for x in version.split("."))
        if key > best.get(family, ()):
            best[family] = key
    return {family: ".".join(map(str, v)) for family, v in sorted(best.items())}


def wheel_tag(versions):
    major, minor = (int(x) for x in versions["GLIBC"].split(".")[:2])
    return f"manylinux_{major}_{minor}_x86_64"


def build(args):
    os.chdir(ROOT)
    zlib = static_zlib_dir()
    command = ["swift", "build", "-c", "release", "--product", "conformance", "--static-swift-stdlib",
               "--build-path", BUILD_PATH, "-Xlinker", "-L" + zlib]
    print("$ " + " ".join(command), flush=True)
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = round(time.monotonic() - start, 1)
    if result.returncode != 0:
        print(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"release build: swift build failed (exit {result.returncode})")
    built = os.path.join(BUILD_PATH, "release", "conformance")
    os.makedirs(DIST, exist_ok=True)
    binary = os.path.join(DIST, "conformance")
    subprocess.run(["strip", "-o", binary, built], check=True)

    libs = needed(binary)
    problem = unexpected_libraries(binary, libs)
    if problem:
        raise SystemExit("release build: " + problem)
    versions = symbol_versions(binary)
    info = {
        "version": package.suite_version(),
        "binary": "conformance",
        "size": os.path.getsize(binary),
        "unstripped_size": os.path.getsize(built),
        "needed": libs,
        "interpreter": interpreter(binary),
        "symbol_versions": versions,
        "glibc_floor": versions["GLIBC"],
        "glibcxx_max": versions.get("GLIBCXX"),
        "wheel_tag": wheel_tag(versions),
        "swift": subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0],
        "seconds": seconds,
    }
    with open(os.path.join(DIST, "build.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    print(f"built {binary} in {seconds} s: {info['size'] / 1e6:.1f} MB stripped "
          f"({info['unstripped_size'] / 1e6:.1f} MB before), needs {', '.join(libs)}; "
          f"glibc ≥ {info['glibc_floor']} → {info['wheel_tag']}")
    return 0


def register(sub):
    p = sub.add_parser("build", help="the static runner: .build-static/dist/conformance and build.json",
                       description=__doc__.split("\n\n")[0])
    p.set_defaults(func=build)
