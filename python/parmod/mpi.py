"""parmod.mpi: parmod's list calls and multi-exponentiation across MPI ranks (mpi4py).

Install with the extra ``pip install parmod[mpi]`` (mpi4py; it needs an MPI
library such as Debian's ``libopenmpi-dev``) and run under ``mpirun``:

    from mpi4py import MPI
    import parmod.mpi
    r = parmod.mpi.powmod_base_list(bases, e, m, MPI.COMM_WORLD)

Every call is collective: each rank of ``comm`` passes the same arguments and
gets the whole result, equal to the single-process call's
(:func:`parmod.powmod_base_list`, :func:`parmod.powmod_exp_list`,
``[parmod.powmod(b, e, m) for b, e in zip(bases, exps)]``,
:func:`parmod.multi_powmod`).  The items are cut into contiguous blocks of
equal cost (the exponent's bits + 1 per item), one per rank; each rank computes
its block with the single-process function on its own thread team, and the
blocks are gathered in order (``allgather``).  multi_powmod multiplies the
ranks' chunk products modulo m.

Errors: a rank's exception (``TypeError``, ``ValueError``,
:class:`parmod.ZeroModulusError`, :class:`parmod.NotInvertibleError`, ...) is
raised on every rank, the one of the lowest failing rank, after the ranks
agree on it; ranks that pass lists of different lengths all raise ValueError.
Nothing waits for a rank that failed.
"""

import importlib

import parmod

__all__ = ["powmod_base_list", "powmod_exp_list", "powmod_list", "multi_powmod"]


def _blocks(costs, parts):
    """Boundaries 0 = b_0 <= ... <= b_parts = len(costs) of contiguous blocks of equal cost."""
    total = sum(costs)
    bounds, prefix, i = [0], 0, 0
    for r in range(1, parts):
        while i < len(costs) and (prefix + costs[i] // 2) * parts < r * total:
            prefix += costs[i]
            i += 1
        bounds.append(i)
    bounds.append(len(costs))
    return bounds


def _exponent_cost(e):
    try:
        return abs(int(e)).bit_length() + 1
    except (TypeError, ValueError):
        return 1  # not an integer: the rank that gets it raises the single-process error


def _portable(exc):
    """An exception as (module, qualified name, args), which every rank can rebuild."""
    cls = type(exc)
    return (cls.__module__, cls.__qualname__, tuple(str(a) if not isinstance(a, (int, str)) else a for a in exc.args))


def _rebuild(info):
    module, qualname, args = info
    try:
        cls = importlib.import_module(module)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        exc = cls(*args)
        if isinstance(exc, BaseException):
            return exc
    except Exception:  # noqa: BLE001 - any class that cannot be rebuilt becomes a RuntimeError
        pass
    return RuntimeError(f"{module}.{qualname}: {args}")


def _run(comm, prepare, compute):
    """prepare() -> (count, costs) and compute(lo, hi) -> this rank's block, both
    inside the agreement: errors agreed, then the blocks gathered in rank order."""
    size, rank = comm.Get_size(), comm.Get_rank()
    result, error, count = None, None, None
    try:
        count, costs = prepare()
        bounds = _blocks(costs, size)
        result = compute(bounds[rank], bounds[rank + 1])
    except Exception as exc:  # noqa: BLE001 - agreed below, then raised on every rank
        error = _portable(exc)
    statuses = comm.allgather((count, error))
    for _, err in statuses:
        if err is not None:
            raise _rebuild(err)
    if any(c != count for c, _ in statuses):
        raise ValueError("parmod.mpi: the ranks passed lists of different lengths")
    return comm.allgather(result)


def _same_length(f, bases, exps):
    if len(bases) != len(exps):
        raise ValueError(f"{f}(): bases and exps must have the same length ({len(bases)} != {len(exps)})")


def powmod_base_list(bases, e, m, comm, *, threads=None, algorithm="auto"):
    """[pow(b, e, m) for b in bases] over the ranks of comm (parmod.powmod_base_list per block)."""
    items = []

    def prepare():
        items.extend(bases)
        return len(items), [1] * len(items)

    blocks = _run(comm, prepare,
                  lambda lo, hi: parmod.powmod_base_list(items[lo:hi], e, m, threads=threads, algorithm=algorithm))
    return [x for block in blocks for x in block]


def powmod_exp_list(b, exps, m, comm, *, threads=None, algorithm="auto"):
    """[pow(b, e, m) for e in exps] over the ranks of comm (parmod.powmod_exp_list per block)."""
    items = []

    def prepare():
        items.extend(exps)
        return len(items), [_exponent_cost(x) for x in items]

    blocks = _run(comm, prepare,
                  lambda lo, hi: parmod.powmod_exp_list(b, items[lo:hi], m, threads=threads, algorithm=algorithm))
    return [x for block in blocks for x in block]


def _pairs(f, bases, exps, b, e):
    """A prepare() for two lists that must have the same length."""
    def prepare():
        b.extend(bases)
        e.extend(exps)
        _same_length(f, b, e)
        return len(e), [_exponent_cost(x) for x in e]
    return prepare


def powmod_list(bases, exps, m, comm, *, threads=None, algorithm="auto"):
    """[pow(b, e, m) for b, e in zip(bases, exps)] over the ranks of comm (parmod.powmod per item).

    ValueError when bases and exps differ in length.
    """
    b, e = [], []
    blocks = _run(comm, _pairs("powmod_list", bases, exps, b, e),
                  lambda lo, hi: [parmod.powmod(b[i], e[i], m, threads=threads, algorithm=algorithm)
                                  for i in range(lo, hi)])
    return [x for block in blocks for x in block]


def multi_powmod(bases, exps, m, comm):
    """prod(pow(b, e, m) for b, e in zip(bases, exps)) % m over the ranks of comm.

    Each rank multi-exponentiates its chunk (parmod.multi_powmod); the chunk
    products are multiplied modulo m (parmod.mulmod).  ValueError for lists of
    different lengths, as parmod.multi_powmod.
    """
    b, e = [], []
    parts = _run(comm, _pairs("multi_powmod", bases, exps, b, e),
                 lambda lo, hi: parmod.multi_powmod(b[lo:hi], e[lo:hi], m))
    result = parts[0]
    for part in parts[1:]:
        result = parmod.mulmod(result, part, m)
    return result
