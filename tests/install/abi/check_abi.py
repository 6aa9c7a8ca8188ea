#!/usr/bin/env python3
"""The ABI of libparmod.so against its committed record, tests/install/abi/parmod.symbols.

  usage: check_abi.py SOURCE_DIR BUILD_DIR SHARED_LIBRARY            (CTest: test_abi)
         check_abi.py SOURCE_DIR BUILD_DIR SHARED_LIBRARY --update   (rewrite the record)

The record holds
  * the soname (libparmod.so.0.MINOR before 1.0, libparmod.so.MAJOR after; CMakeLists.txt);
  * the public symbols the library defines (`nm -D --defined-only`, strong ones: T, D, B, R):
    the C functions parmod_*, and the C++ symbols of namespaces parmod and parmod::field
    (mangled, so a changed C++ signature is a changed name) without the internal namespaces
    of src/ (INTERNAL below) and without weak symbols (inline functions and template
    instantiations, which every user compiles for itself);
  * the C declarations of parmod.h and parmod_field.h, preprocessed and whitespace-normalized,
    those naming parmod: so a changed C prototype, enum value or struct field shows too.

The check fails when the library differs from the record:
  * something was removed or changed and the soname is the recorded one: the ABI broke
    without a version bump.  Bump the version in CMakeLists.txt (MINOR before 1.0, MAJOR
    after; the soname follows), say so in CHANGELOG.md, then run with --update;
  * anything else (additions; or removals after a bump): the record is out of date: run
    with --update and commit the record with the change (additions are a MINOR release).
--update refuses to record removals under an unchanged soname.
"""

import os
import re
import subprocess
import sys

RECORD = "tests/install/abi/parmod.symbols"
INTERNAL = re.compile(
    r"^(?:[^(]* )?parmod::(?:api|capi|check|config|consttime|detail|exponentiation|limbs|modmul|"
    r"multiexp|process|reduce|runtime|field::(?:bingcd|fips|ifma|ifma8|limbs))::")
C_HEADERS = ["parmod.h", "parmod_field.h"]


def soname(lib):
    out = subprocess.run(["readelf", "-d", lib], check=True, capture_output=True, text=True).stdout
    m = re.search(r"\(SONAME\).*\[(.*)\]", out)
    return m.group(1) if m else "(none)"


def symbols(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()]
    rows = [(r[1], r[2]) for r in rows if len(r) == 3 and r[1] in "TDBR"]
    names = [n for _, n in rows]
    demangled = subprocess.run(["c++filt"], input="\n".join(names), check=True, capture_output=True,
                               text=True).stdout.splitlines()
    keep = []
    for (kind, name), plain in zip(rows, demangled):
        if name.startswith("parmod_") or (
                name.startswith("_Z") and re.match(r"^(?:[^(]* )?parmod::", plain) and not INTERNAL.match(plain)):
            keep.append(f"symbol {kind} {name}")
    return sorted(set(keep))


def c_declarations(source, build):
    decls = set()
    for h in C_HEADERS:
        text = subprocess.run(
            ["cc", "-E", "-P", "-I", f"{source}/include", "-I", f"{build}/include", f"{source}/include/{h}"],
            check=True, capture_output=True, text=True).stdout
        depth, cur = 0, []
        for ch in text:  # top-level declarations end at a ';' outside braces
            cur.append(ch)
            depth += ch == "{"
            depth -= ch == "}"
            if ch == ";" and depth == 0:
                d = " ".join("".join(cur).split())
                cur = []
                if re.search(r"\bparmod_|\bPARMOD_", d) and "parmod_version_h" not in d:
                    decls.add(f"c {d}")
    return sorted(decls)


def main():
    if len(sys.argv) not in (4, 5) or (len(sys.argv) == 5 and sys.argv[4] != "--update"):
        sys.exit(__doc__)
    source, build, lib = sys.argv[1:4]
    path = os.path.join(source, RECORD)
    now_soname = soname(lib)
    now = symbols(lib) + c_declarations(source, build)
    rec_soname, rec = None, []
    if os.path.exists(path):
        for line in open(path).read().splitlines():
            if line.startswith("soname "):
                rec_soname = line.split(" ", 1)[1]
            elif line and not line.startswith("#"):
                rec.append(line)
    removed = sorted(set(rec) - set(now))
    added = sorted(set(now) - set(rec))
    broken = bool(removed) and rec_soname == now_soname
    if sys.argv[4:] == ["--update"]:
        if broken:
            print(f"refusing: {len(removed)} entries removed or changed under the same soname {now_soname}; "
                  "bump the version first (see the docstring)")
            return 1
        with open(path, "w") as f:
            f.write("# The ABI of libparmod: written by tests/install/abi/check_abi.py --update, checked by\n"
                    "# CTest's test_abi (docs/install.md, \"The C ABI\").  Do not edit by hand.\n")
            f.write(f"soname {now_soname}\n")
            f.writelines(line + "\n" for line in now)
        print(f"wrote {path}: {now_soname}, {len(now)} entries")
        return 0
    if not removed and not added and rec_soname == now_soname:
        print(f"ABI: {now_soname}, {len(now)} entries as recorded")
        return 0
    for line in removed:
        print("removed or changed:", line)
    for line in added:
        print("added:", line)
    if broken:
        print(f"FAIL: the ABI of {now_soname} lost or changed the entries above without a version bump: "
              "bump MINOR (before 1.0; MAJOR after) in CMakeLists.txt, add a CHANGELOG.md line, then run\n"
              f"  python3 {source}/{RECORD.rsplit('/', 1)[0]}/check_abi.py {source} {build} {lib} --update")
    else:
        print(f"FAIL: {RECORD} is out of date (recorded soname {rec_soname}, the library's {now_soname}): run\n"
              f"  python3 {source}/{RECORD.rsplit('/', 1)[0]}/check_abi.py {source} {build} {lib} --update")
    return 1


if __name__ == "__main__":
    sys.exit(main())
