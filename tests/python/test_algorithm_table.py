"""The algorithm table: parmod.algorithms() is what docs/algorithms.md lists,
what ALGORITHMS and the error messages name, and what the checks use."""

import os
import re

import pytest

import parmod

DOCS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "algorithms.md")


def docs_rows():
    rows = []
    with open(DOCS) as f:
        for line in f:
            m = re.match(r"^\| `([a-z0-9_]+)` \| `PARMOD_([A-Z0-9_]+)` = (\d+) \| (yes|no) \| (.*?) \| (.*) \|$", line)
            if m:
                rows.append(m.groups())
    return rows


def test_docs_list_exactly_the_table():
    table = parmod.algorithms()
    rows = docs_rows()
    assert [r[0] for r in rows] == [a["name"] for a in table]
    for (name, c_suffix, value, odd, rep, desc), a, i in zip(rows, table, range(len(table))):
        assert c_suffix == name.upper() and int(value) == i
        assert (odd == "yes") == a["odd_only"]
        assert rep == a["representation"] and desc == a["description"]


def test_every_name_is_accepted_and_unknown_names_list_them():
    m = (1 << 255) - 19
    for a in parmod.algorithms():
        name = a["name"]
        try:
            assert parmod.powmod(3, 5, m, algorithm=name) == pow(3, 5, m)
        except ValueError as e:  # montgomery52 without AVX-512 IFMA, montgomery28 without AVX2
            assert "IFMA" in str(e) or "AVX2" in str(e), e
    assert parmod.ALGORITHMS == tuple("auto" if a["name"] == "automatic" else a["name"] for a in parmod.algorithms())
    with pytest.raises(ValueError) as info:
        parmod.powmod(3, 5, m, algorithm="nope")
    for a in parmod.algorithms():
        assert repr(a["name"]) in str(info.value)


def test_odd_only_rows_reject_even_moduli_like_the_table_says():
    for a in parmod.algorithms():
        if a["odd_only"]:
            with pytest.raises(ValueError, match="odd"):
                parmod.Modulus(1 << 100, algorithm=a["name"])
        else:
            assert parmod.Modulus(1 << 100, algorithm=a["name"]).mul(3, 5) == 15


def test_describe_names_the_algorithm_and_keys():
    M = parmod.Modulus(2**4423 - 1, threads=2)  # 70 limbs: pow on the engine under every tuning row
    text = M.describe(2**4422)
    assert "algorithm: " + M.algorithm in text
    assert "pow with a 4423-bit exponent" in text
    assert "tuning keys:" in text
    assert M.describe() != text
    with pytest.raises(TypeError):
        M.describe("3")
