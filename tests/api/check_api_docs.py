#!/usr/bin/env python3
"""docs/api.md documents every public name of the C and C++ headers.

  usage: check_api_docs.py SOURCE_DIR        (CTest: test_api_docs)
         check_api_docs.py --list SOURCE_DIR (print the names it requires)

C (include/parmod.h, include/parmod_field.h, include/parmod_mpi.h): every function, typedef and enum
constant must appear as a word in the section "## C API" of docs/api.md.

C++ (include/parmod/parmod.hpp, include/parmod/error.hpp and the headers include/parmod/field.hpp
includes): every class, struct and enum at namespace scope of parmod or
parmod::field, every free function, every public method, data member, type
alias and nested type of those classes, and every enumerator of their enums
must appear in the section "## C++ API": a namespace-scope name as
`parmod::name` (`parmod::field::name` in parmod::field), a member as
`Class::member` (template arguments allowed: `Fp<N>::mul`).  Constructors,
destructors and operators are covered by their class.

Exits 1 and lists what is missing.
"""

import os
import re
import sys

C_HEADERS = ["include/parmod.h", "include/parmod_field.h", "include/parmod_mpi.h"]
CXX_HEADERS = ["include/parmod/parmod.hpp", "include/parmod/error.hpp"]
FIELD_HEADER = "include/parmod/field.hpp"  # its direct includes are the field API
PUBLIC_NAMESPACES = {"parmod", "parmod::field"}
DOC = "docs/api.md"


def strip_comments_and_strings(text):
    """Comments, string and char literals and preprocessor lines become spaces."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif text.startswith('R"(', i):
            j = text.find(')"', i + 3)
            i = n if j < 0 else j + 2
            out.append('""')
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        else:
            out.append(c)
            i += 1
    lines = "".join(out).split("\n")
    # Preprocessor lines (with their continuations) go.
    kept, continued = [], False
    for line in lines:
        directive = continued or line.lstrip().startswith("#")
        continued = directive and line.rstrip().endswith("\\")
        kept.append("" if directive else line)
    return "\n".join(kept)


# ---------------------------------------------------------------- C ---------

def c_names(text):
    """Functions, typedef names and enum constants of a C header."""
    text = strip_comments_and_strings(text)
    names = set(re.findall(r"\b(parmod_\w+)\s*\(", text))
    names |= set(re.findall(r"\b(PARMOD_\w+)\s*=", text))
    for m in re.finditer(r"\btypedef\b([^;]*?)\b(\w+)\s*;", text, re.S):
        names.add(m.group(2))
    return names


# -------------------------------------------------------------- C++ ---------

IDENT = r"[A-Za-z_]\w*"
SKIP_WORDS = {"static_assert", "friend", "using namespace", "typedef"}


class Scope:
    def __init__(self, kind, name="", qual="", public=True):
        self.kind = kind  # namespace, class, enum, block
        self.name = name  # class or enum name
        self.qual = qual  # namespace path, or the qualified class name
        self.public = public


def split_top(s, sep):
    """Splits s at sep outside (), <>, [] and {}."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def declared_function(stmt):
    """The name of a function declared by stmt (text before its body or ';'), or None."""
    head = stmt.split("(", 1)[0] if "(" in stmt else None
    if head is None:
        return None
    m = re.search(r"(operator\s*\S+|~?" + IDENT + r")\s*$", head)
    return m.group(1) if m else None


def cxx_names(text, required):
    """Adds (kind, scope, name) of the public declarations in text to required."""
    text = strip_comments_and_strings(text)
    text = re.sub(r"\b(public|private|protected)\s*:(?!:)", r"; @\1 ;", text)
    stack = [Scope("namespace", qual="")]
    buf, paren = "", 0

    def public_class_scope():
        top = stack[-1]
        return top.kind == "class" and top.public and all(
            s.kind != "block" and (s.kind != "namespace" or s.qual in PUBLIC_NAMESPACES or s.qual == "")
            for s in stack) and all(s.public for s in stack if s.kind == "class")

    def namespace_scope_public():
        top = stack[-1]
        return top.kind == "namespace" and top.qual in PUBLIC_NAMESPACES

    def member(owner, name):
        required.add(("member", owner, name))

    def statement(stmt, opens_body):
        stmt = " ".join(stmt.split())
        top = stack[-1]
        if not stmt:
            return
        if stmt.startswith("@"):
            if top.kind == "class":
                top.public = stmt == "@public"
            return
        if any(stmt.startswith(w) for w in SKIP_WORDS):
            return
        stmt = re.sub(r"^template\s*<.*?>\s*", "", stmt) if stmt.startswith("template") else stmt
        if namespace_scope_public():
            m = re.match(r"enum\s+(?:class\s+|struct\s+)?(" + IDENT + r")", stmt)
            if m:
                required.add(("type", top.qual, m.group(1)))
                return
            m = re.match(r"(?:class|struct)\s+(" + IDENT + r")", stmt)
            if m and "(" not in stmt.split(m.group(1), 1)[0]:
                if opens_body:  # forward declarations are covered by the definition
                    required.add(("type", top.qual, m.group(1)))
                return
            m = re.match(r"using\s+(" + IDENT + r")\s*=", stmt)
            if m:  # a type alias (also of a function pointer type)
                required.add(("type", top.qual, m.group(1)))
                return
            name = declared_function(stmt)
            if name and not name.startswith("operator"):
                required.add(("function", top.qual, name))
            return
        if public_class_scope():
            owner = top.qual
            if re.match(r"(?:class|struct|union)\s+" + IDENT, stmt) or re.match(r"enum\b", stmt):
                m = re.match(r"(?:class|struct|union|enum(?:\s+class|\s+struct)?)\s+(" + IDENT + ")", stmt)
                if m:
                    member(owner, m.group(1))
                return
            m = re.match(r"using\s+(" + IDENT + r")\s*=", stmt)
            if m:
                member(owner, m.group(1))
                return
            name = declared_function(stmt)
            if name:
                if name.startswith("operator") or name.lstrip("~") == top.name:
                    return  # covered by the class
                member(owner, name)
                return
            # Data members: the declarator names of "type a = 1, b[N];".
            decls = split_top(stmt, ",")
            first = re.sub(r"\s*(=.*|\[.*)$", "", decls[0]).strip()
            m = re.search(r"(" + IDENT + r")$", first)
            if m:
                member(owner, m.group(1))
            for d in decls[1:]:
                m = re.match(r"\s*(" + IDENT + ")", d)
                if m:
                    member(owner, m.group(1))

    def open_scope(stmt):
        s = " ".join(stmt.split())
        s = re.sub(r"^template\s*<.*?>\s*", "", s)
        top = stack[-1]
        m = re.match(r"namespace\s*([\w:]*)\s*$", s)
        if m:
            inner = m.group(1)
            qual = (top.qual + "::" + inner).strip(":") if inner else top.qual + "::(anonymous)"
            return Scope("namespace", qual=qual)
        m = re.match(r"enum\s+(?:class|struct)?\s*(" + IDENT + r")", s)
        if m:
            return Scope("enum", m.group(1), qual=m.group(1))
        m = re.match(r"(class|struct|union)\s+(" + IDENT + r")", s)
        if m and "(" not in s:
            qual = m.group(2) if top.kind == "namespace" else top.qual + "::" + m.group(2)
            return Scope("class", m.group(2), qual=qual, public=m.group(1) != "class")
        return Scope("block")

    for ch in text:
        if paren:
            buf += ch
            paren += ch == "("
            paren -= ch == ")"
            continue
        if ch == "(":
            paren = 1
            buf += ch
        elif ch == ";":
            if stack[-1].kind in ("namespace", "class"):
                statement(buf, False)
            buf = ""
        elif ch == "{":
            if stack[-1].kind in ("namespace", "class"):
                statement(buf, True)
                scope = open_scope(buf)
            else:
                scope = Scope("block")
            if scope.kind == "enum" and not (namespace_scope_public() or public_class_scope()):
                scope = Scope("block")
            stack.append(scope)
            buf = ""
        elif ch == "}":
            scope = stack.pop()
            if scope.kind == "enum":
                for item in split_top(buf, ","):
                    m = re.match(r"\s*(" + IDENT + ")", item)
                    if m:
                        required.add(("member", scope.qual, m.group(1)))
            buf = ""
        else:
            buf += ch
    # A class statement that ends in "};" leaves an empty statement: nothing to do.


def field_headers(root):
    text = open(os.path.join(root, FIELD_HEADER)).read()
    return [os.path.join("include", inc) for inc in re.findall(r'#include\s+"(parmod/field/[\w.]+)"', text)]


def section(doc, heading):
    """The text of the '## heading...' section of doc, up to the next '## '."""
    m = re.search(r"^## " + re.escape(heading) + r".*?$(.*?)(?=^## |\Z)", doc, re.M | re.S)
    if not m:
        sys.exit(f"{DOC}: no section '## {heading}'")
    return m.group(1)


def pattern(kind, scope, name):
    """The regex a required name must match in the docs."""
    if kind == "member":
        parts = scope.split("::") + [name]
        return r"\b" + r"(?:<[^>`]*>)?::".join(re.escape(p) for p in parts) + r"\b"
    return r"\b" + re.escape(scope + "::" + name) + r"\b"


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if a != "--list"]
    if len(args) != 1:
        sys.exit(__doc__)
    root = args[0]
    doc = open(os.path.join(root, DOC)).read()

    c_required = set()
    for h in C_HEADERS:
        c_required |= c_names(open(os.path.join(root, h)).read())
    cxx_required = set()
    for h in CXX_HEADERS + field_headers(root):
        cxx_names(open(os.path.join(root, h)).read(), cxx_required)
    if listing:
        print("\n".join(sorted(c_required)))
        print("\n".join(sorted(f"{k} {s}::{n}" for k, s, n in cxx_required)))
        return 0

    missing = []
    c_doc = section(doc, "C API")
    for name in sorted(c_required):
        if not re.search(r"\b" + re.escape(name) + r"\b", c_doc):
            missing.append(f"C: {name}")
    cxx_doc = section(doc, "C++ API")
    for kind, scope, name in sorted(cxx_required):
        if not re.search(pattern(kind, scope, name), cxx_doc):
            missing.append(f"C++ {kind}: {scope}::{name}")
    # The parser must have found the API at all (a broken parser passes nothing).
    if len(c_required) < 40 or len(cxx_required) < 150:
        missing.append(f"parser found only {len(c_required)} C and {len(cxx_required)} C++ names")
    if missing:
        print(f"{DOC} does not document:", *missing, sep="\n  ")
        return 1
    print(f"{DOC}: {len(c_required)} C and {len(cxx_required)} C++ names documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
