"""parmod.mpi under mpirun (scripts/test_python_mpi.sh runs it with 1..4 ranks).

Every rank draws the same operands (seeded_random) and checks that the
distributed calls give the single-process results and pow's, for lists of 0,
1, fewer items than ranks and thousands, mixed sizes and signs, even and odd
moduli, and that an error on one rank is raised on every rank.
"""

import os

import pytest

if "OMPI_COMM_WORLD_SIZE" not in os.environ:
    pytest.skip("parmod.mpi runs under mpirun (scripts/test_python_mpi.sh)", allow_module_level=True)

from mpi4py import MPI  # noqa: E402

import parmod  # noqa: E402
import parmod.mpi  # noqa: E402
from conftest import is_probable_prime, ref_pow, seeded_random  # noqa: E402

COMM = MPI.COMM_WORLD
SIZE, RANK = COMM.Get_size(), COMM.Get_rank()


def number(rnd, bits, negative=True):
    if bits == 0:
        return 0
    kind = rnd.randrange(4)
    if kind == 0:
        v = (1 << bits) - 1  # all ones
    elif kind == 1:
        v = (1 << (bits - 1)) + rnd.randrange(3)
    else:
        v = rnd.getrandbits(bits) | (1 << (bits - 1))
    return -v if negative and rnd.randrange(3) == 0 else v


def modulus(rnd, bits, odd):
    m = number(rnd, bits, negative=False) | 1
    if not odd:
        m ^= 1
        m = m or 2
    return -m if rnd.randrange(4) == 0 else m


def counts():
    return sorted({0, 1, max(SIZE - 1, 0), SIZE + 1, 7})


@pytest.mark.parametrize("odd", [True, False])
@pytest.mark.parametrize("bits", [64, 65, 256, 1024])
def test_lists_equal_single_process(bits, odd):
    rnd = seeded_random(f"mpi-lists-{bits}-{odd}")
    for count in counts():
        m = modulus(rnd, bits, odd)
        bases = [number(rnd, rnd.randrange(1, 2 * bits)) for _ in range(count)]
        exps = [number(rnd, rnd.randrange(0, bits), negative=False) for _ in range(count)]
        e, b = exps[0] if exps else 65537, bases[0] if bases else 3
        assert parmod.mpi.powmod_base_list(bases, e, m, COMM) == parmod.powmod_base_list(bases, e, m)
        assert parmod.mpi.powmod_exp_list(b, exps, m, COMM) == parmod.powmod_exp_list(b, exps, m)
        got = parmod.mpi.powmod_list(bases, exps, m, COMM)
        assert got == [parmod.powmod(x, y, m) for x, y in zip(bases, exps)]
        assert got == [ref_pow(x, y, m) for x, y in zip(bases, exps)]
        assert parmod.mpi.multi_powmod(bases, exps, m, COMM) == parmod.multi_powmod(bases, exps, m)


def test_negative_exponents_and_thousands():
    rnd = seeded_random("mpi-thousands")
    m = modulus(rnd, 192, True)
    while not is_probable_prime(abs(m)):  # every base not divisible by m has an inverse
        m += 2 if m > 0 else -2
    bases = [number(rnd, 150) for _ in range(2000)]
    bases = [x if x % m else 3 for x in bases]
    exps = [number(rnd, rnd.randrange(0, 200)) for _ in range(2000)]
    assert any(y < 0 for y in exps)
    want = [pow(x, y, m) for x, y in zip(bases, exps)]
    assert parmod.mpi.powmod_list(bases, exps, m, COMM) == want
    assert parmod.mpi.powmod_exp_list(bases[0], exps, m, COMM) == [pow(bases[0], y, m) for y in exps]
    assert parmod.mpi.powmod_base_list(bases, -65537, m, COMM) == [pow(x, -65537, m) for x in bases]


def test_error_on_one_rank_is_raised_everywhere():
    bad = SIZE - 1
    m = 0 if RANK == bad else 1000003
    with pytest.raises(parmod.ZeroModulusError):
        parmod.mpi.powmod_base_list([2, 3, 4], 5, m, COMM)
    with pytest.raises(parmod.ZeroModulusError):
        parmod.mpi.multi_powmod([2, 3], [5, 6], m, COMM)
    # A type error only in the last item (the last rank's block).
    with pytest.raises(TypeError):
        parmod.mpi.powmod_exp_list(3, [5] * 9 + ["x"], 1000003, COMM)
    # Lists of different lengths on one rank.
    exps = [5, 6] if RANK == bad else [5, 6, 7]
    with pytest.raises(ValueError):
        parmod.mpi.powmod_list([2, 3, 4], exps, 1000003, COMM)
    with pytest.raises(ValueError):
        parmod.mpi.multi_powmod([2, 3, 4], exps, 1000003, COMM)
    # Not invertible.
    with pytest.raises(parmod.NotInvertibleError):
        parmod.mpi.powmod_list([3, 5, 7, 14], [1, 1, 1, -1], 28, COMM)
    # Still in step.
    assert parmod.mpi.powmod_base_list([2, 3], 10, 1000, COMM) == [24, 49]
