"""Docstrings and the API reference: help() is useful, its examples run, docs/api.md names every public name."""

import doctest
import inspect
import os
import pydoc
import re

import parmod


def test_docstring_examples_run():
    globs = {"parmod": parmod}
    objs = [parmod, parmod.powmod, parmod.mulmod, parmod.Modulus]
    # These must have examples, and they must pass.
    with_examples = [parmod.powmod_sec, parmod.powmod_crt, parmod.partition_points, parmod.Modulus.fixed_base,
                     parmod.FixedBase, parmod.Field]
    for obj in objs + with_examples:
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in doctest.DocTestFinder(recurse=False).find(obj, obj.__name__, globs=globs):
            runner.run(test)
        assert runner.failures == 0, obj
        assert runner.tries > 0 or obj not in with_examples, obj


def test_help_texts():
    text = pydoc.render_doc(parmod.powmod)
    for word in ("pow(b, e, m)", "threads", "algorithm", "ZeroModulusError", "NotInvertibleError", "TypeError"):
        assert word in text
    assert "GIL" in pydoc.render_doc(parmod.powmod_base_list)
    assert "mont_mul" in pydoc.render_doc(parmod.Modulus)
    assert parmod.__version__
    assert set(parmod.__all__) <= set(dir(parmod))


def test_help_texts_of_the_newer_functions():
    def text(obj):
        return " ".join(pydoc.render_doc(obj).split())

    sec = text(parmod.powmod_sec)
    for words in ("mpz_powm_sec", "Only that limb-level code is checked constant time",
                  "Python ints are not constant-time objects", "odd", "GIL"):
        assert words in sec, words
    assert "Python ints are not constant-time objects" in text(parmod.Modulus.pow_sec)
    crt = text(parmod.powmod_crt)
    for words in ("pairwise coprime", "Garner", "NotInvertibleError", "ValueError", "GIL"):
        assert words in crt, words
    assert "eq. 18" in text(parmod.partition_points)
    assert "FixedBase" in text(parmod.Modulus.fixed_base)
    fb = text(parmod.FixedBase)
    for words in ("max_exponent_bits", "window", "pow"):
        assert words in fb, words


def test_help_texts_of_the_field():
    def text(obj):
        return " ".join(pydoc.render_doc(obj).split())

    field = text(parmod.Field)
    for words in ("mpz_probab_prime_p", "65 to 512 bits", "TypeError", "ValueError", "FieldElement"):
        assert words in field, words
    element = text(parmod.FieldElement)
    for words in ("NotInvertibleError", "ZeroDivisionError", "TypeError", "sqrt", "hash", "GIL"):
        assert words in element, words
    assert "None" in text(parmod.FieldElement.sqrt)
    assert "NotInvertibleError" in text(parmod.FieldElement.inverse)
    assert "big-endian" in text(parmod.Field.from_bytes)


def test_stubs_cover_the_module():
    """_core.pyi names every public function, class, method and property of _core."""
    import ast
    import os

    path = os.path.join(os.path.dirname(parmod.__file__), "_core.pyi")
    tree = ast.parse(open(path).read())
    top = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for name in parmod.__all__:
        if name != "ALGORITHMS":
            assert name in top, name
    for cls in ("Modulus", "FixedBase", "Field", "FieldElement"):
        members = {n.name for n in top[cls].body if isinstance(n, ast.FunctionDef)}
        public = {a for a in dir(getattr(parmod, cls)) if not a.startswith("_")}
        assert public <= members, (cls, public - members)


API_DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "api.md")


def python_api_section():
    """The '## Python API' section of docs/api.md."""
    text = open(API_DOC, encoding="utf-8").read()
    m = re.search(r"^## Python API.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert m, "docs/api.md has no '## Python API' section"
    return m.group(1)


def public_python_names():
    """parmod.NAME for every name in __all__, Class.member for every public member of its classes."""
    names = ["parmod." + name for name in parmod.__all__]
    for name in parmod.__all__:
        obj = getattr(parmod, name)
        if inspect.isclass(obj):
            names += [f"{name}.{member}" for member in vars(obj) if not member.startswith("_")]
    return names


def test_api_reference_documents_every_public_name():
    """docs/api.md names every function, class, method and property the package exports."""
    names = public_python_names()
    assert "Modulus.describe" in names and "FieldElement.sqrt" in names and len(names) > 40
    doc = python_api_section()
    missing = [n for n in names if not re.search(r"(?<![\w.])" + re.escape(n) + r"\b", doc)]
    assert not missing, f"docs/api.md (## Python API) does not document {missing}"
