"""Errors are raised where pow raises them, with the same exception types."""

import pytest

import parmod

FUNCS = {
    "powmod": lambda x, y, m, **kw: parmod.powmod(x, y, m, **kw),
    "mulmod": lambda x, y, m, **kw: parmod.mulmod(x, y, m, **kw),
    "powmod_base_list": lambda x, y, m, **kw: parmod.powmod_base_list([x], y, m, **kw),
    "powmod_exp_list": lambda x, y, m, **kw: parmod.powmod_exp_list(x, [y], m, **kw),
    "Modulus": lambda x, y, m, **kw: parmod.Modulus(m, **kw).pow(x, y),
}


def test_exception_classes():
    assert issubclass(parmod.ZeroModulusError, ValueError)
    assert issubclass(parmod.ZeroModulusError, ZeroDivisionError)
    assert issubclass(parmod.NotInvertibleError, ValueError)


@pytest.mark.parametrize("name", FUNCS)
@pytest.mark.parametrize("m", [0, False])
def test_zero_modulus(name, m):
    with pytest.raises(ValueError):  # pow(2, 3, 0)
        pow(2, 3, m)
    with pytest.raises(ValueError, match=r"argument 'm' \(the modulus\) cannot be 0") as info:
        FUNCS[name](2, 3, m)
    assert isinstance(info.value, parmod.ZeroModulusError)
    with pytest.raises(ZeroDivisionError):  # (a * b) % 0 raises this one
        FUNCS[name](2, -1, m)


def test_mulmod_zero_modulus_is_also_zero_division():
    with pytest.raises(ZeroDivisionError):
        (2 * 3) % 0
    with pytest.raises(ZeroDivisionError):
        parmod.mulmod(2, 3, 0)


@pytest.mark.parametrize("name", ["powmod", "powmod_base_list", "powmod_exp_list", "Modulus"])
@pytest.mark.parametrize("b,e,m", [(2, -1, 4), (0, -1, 7), (6, -5, -9), (2**64, -1, 2**65), (0, -1, 2**127 - 1)])
def test_not_invertible(name, b, e, m):
    with pytest.raises(ValueError, match="base is not invertible for the given modulus"):
        pow(b, e, m)
    with pytest.raises(parmod.NotInvertibleError, match="base is not invertible for the given modulus"):
        FUNCS[name](b, e, m)


@pytest.mark.parametrize("b,e,m", [(2, -1, 1), (0, -1, 1), (0, -1, -1), (4, -3, -1)])
def test_modulus_one_never_raises(b, e, m):
    assert parmod.powmod(b, e, m) == pow(b, e, m) == 0


BAD = [1.0, 2.5, "3", b"3", None, [3], 3 + 0j, object()]


def bad_id(v):
    """A test id without a memory address (the same in every pytest-xdist worker)."""
    return "object()" if type(v) is object else repr(v)


@pytest.mark.parametrize("bad", BAD, ids=bad_id)
@pytest.mark.parametrize("pos", [0, 1, 2])
def test_type_errors_powmod(bad, pos):
    args = [3, 5, 7]
    args[pos] = bad
    if not isinstance(bad, complex) and not (pos == 2 and bad is None):
        with pytest.raises(TypeError):  # pow(3, 5, None) is 3**5; pow(complex, ...) is a ValueError
            pow(*args)
    with pytest.raises(TypeError, match=f"argument '{'bem'[pos]}' must be an integer"):
        parmod.powmod(*args)
    with pytest.raises(TypeError, match=f"argument '{'abm'[pos]}' must be an integer"):
        parmod.mulmod(*args)


@pytest.mark.parametrize("bad", BAD, ids=bad_id)
def test_type_errors_modulus(bad):
    with pytest.raises(TypeError, match="argument 'm' must be an integer"):
        parmod.Modulus(bad)
    M = parmod.Modulus(7)
    with pytest.raises(TypeError, match="argument 'b' must be an integer"):
        M.pow(bad, 3)
    with pytest.raises(TypeError, match="argument 'e' must be an integer"):
        M.pow(3, bad)
    with pytest.raises(TypeError, match="argument 'b' must be an integer"):
        M.mul(3, bad)
    with pytest.raises(TypeError, match="argument 'a' must be an integer"):
        M.sqr(bad)


def test_type_errors_lists():
    with pytest.raises(TypeError, match=r"argument 'bases\[2\]' must be an integer, not float"):
        parmod.powmod_base_list([1, 2, 3.0], 3, 7)
    with pytest.raises(TypeError, match=r"argument 'exps\[0\]' must be an integer, not str"):
        parmod.powmod_exp_list(3, ["1"], 7)
    with pytest.raises(TypeError, match="argument 'bases' must be an iterable of integers"):
        parmod.powmod_base_list(5, 3, 7)
    with pytest.raises(parmod.NotInvertibleError, match=r"element 2"):
        parmod.powmod_base_list([1, 3, 4, 5], -1, 8)
    with pytest.raises(parmod.NotInvertibleError, match=r"element 1"):
        parmod.powmod_exp_list(2, [1, -1], 8)


def test_index_errors_propagate():
    class Bad:
        def __index__(self):
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        parmod.powmod(Bad(), 1, 7)


@pytest.mark.parametrize("threads", [0, -1, -(2**70), 2**40, 2**31])
def test_threads_value_error(threads):
    with pytest.raises(ValueError, match="argument 'threads' must be None or an int from 1 to 2147483647"):
        parmod.powmod(3, 5, 7, threads=threads)
    with pytest.raises(ValueError, match="'threads'"):
        parmod.Modulus(7, threads=threads)
    with pytest.raises(ValueError, match="'threads'"):
        parmod.set_num_threads(threads)


@pytest.mark.parametrize("threads", [1.0, "2", [1]], ids=repr)
def test_threads_type_error(threads):
    with pytest.raises(TypeError, match="argument 'threads'"):
        parmod.mulmod(3, 5, 7, threads=threads)


@pytest.mark.parametrize("name", FUNCS)
def test_algorithm_errors(name):
    with pytest.raises(ValueError, match="argument 'algorithm' must be 'auto', 'automatic', 'montgomery', 'barrett', 'bipartite', 'multipartite', 'montgomery52' or 'montgomery28'"):
        FUNCS[name](3, 5, 7, algorithm="karatsuba")
    with pytest.raises(ValueError, match="argument 'algorithm' must be"):
        FUNCS[name](3, 5, 7, algorithm="auto\x00junk")  # not its prefix
    with pytest.raises(TypeError, match="argument 'algorithm' must be str"):
        FUNCS[name](3, 5, 7, algorithm=1)
    with pytest.raises(ValueError, match="montgomery.*odd"):
        FUNCS[name](3, 5, 2**64, algorithm="montgomery")
    with pytest.raises(ValueError, match="montgomery.*odd"):
        FUNCS[name](3, 5, -10, algorithm="montgomery")
    expected = 15 if name == "mulmod" else 243
    assert FUNCS[name](3, 5, 2**64, algorithm="barrett") in (expected, [expected])
    assert FUNCS[name](3, 5, 2**64 + 1, algorithm="montgomery") in (expected, [expected])


def test_keyword_only_options():
    with pytest.raises(TypeError):
        parmod.powmod(3, 5, 7, 1)
    assert parmod.powmod(b=3, e=5, m=7) == 5
    assert parmod.mulmod(a=3, b=5, m=7, threads=1, algorithm="barrett") == 1


def test_mont_range_errors():
    M = parmod.Modulus(101)
    with pytest.raises(ValueError, match=r"argument 'a' must be in range\(0, abs\(m\)\)"):
        M.mont_mul(101, 3)
    with pytest.raises(ValueError, match=r"argument 'b' must be in range"):
        M.mont_mul(3, -1)
    with pytest.raises(ValueError, match=r"argument 'a' must be in range"):
        M.from_mont(-5)


def test_iterator_errors_propagate():
    def gen():
        yield 3
        raise KeyError("from the iterator")

    with pytest.raises(KeyError, match="from the iterator"):
        parmod.powmod_base_list(gen(), 3, 7)
