"""Where swift and the LLVM tools are. Every tool asks here, so mutate's and overnight's coverage
steps run the same llvm-cov: the toolchain's own first, as a system LLVM may not read the profile
format of Swift's compiler."""
import os
import shutil

FALLBACK = "/opt/swift/usr/bin"  # where this project's machines install the toolchain


def swift_bin_dir(path=None):
    """The directory of the real `swift` (symlinks resolved), or None without one on PATH."""
    for name in ("swift", "swiftc"):
        found = shutil.which(name, path=path)
        if found:
            return os.path.dirname(os.path.realpath(found))
    return None


def llvm_tool(name, path=None, fallback=FALLBACK):
    """`name` (llvm-cov, llvm-profdata) beside swift, else in `fallback`, else on PATH; None if none."""
    for d in (swift_bin_dir(path), fallback):
        if d and os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    return shutil.which(name, path=path)


def require(name):
    """llvm_tool(name), or FileNotFoundError (an OSError: the overnight report records it)."""
    tool = llvm_tool(name)
    if tool is None:
        raise FileNotFoundError(f"{name}: not beside swift, in {FALLBACK} or on PATH")
    return tool
