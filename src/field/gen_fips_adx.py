#!/usr/bin/env python3
"""Generates include/parmod/field/fips_adx_asm.hpp: FIPS Montgomery
multiplication and squaring for N = 2..8 limbs, each as one inline-assembly
block using mulx/adcx/adox (see montgomery_fips_adx.hpp for the algorithm).

Usage: python3 src/field/gen_fips_adx.py > include/parmod/field/fips_adx_asm.hpp

Both kernels keep three-word column accumulators in registers that are
renamed column by column instead of moved, use lo, hi and rdx for the
products, and reach a, b, p and one N-word buffer through pointer registers.
The buffer holds the digits m_j and then, in place, the result words (m_j is
dead once result word j is written).  At most 13 registers plus rdx, and no
memory operand that needs its own base register, so the code also builds at
-O0 with a frame pointer (sanitizer builds).

mul (latency-ordered FIPS): the chain that limits a multiplication is
m_(k-1) -> low word of column k -> m_k.  Column k is summed in V from zero
(every a_j*b_(k-j) and the older m_j*p_(k-j): independent of m_(k-1), so they
run ahead while earlier columns wait), each product after a flag-clearing
xorl on an adcx chain; T holds the carry-in, to which m_(k-1)*p_0 and
m_(k-1)*p_1 are added as soon as m_(k-1) is known (rdx still holds it); then
T += V and m_k = t0 * pinv.

sqr: the cross products a_j*a_(k-j), j < k-j, go on the CF chain (adcx) into
T, which is doubled once per column, the reduction products on the OF chain
(adox) into U (which holds the carry-in), one pair per xorl (it clears both
flags without an input dependency, so the pairs pipeline); the newest digit
m_(k-1) is kept in a register (mk) for its first use.
"""

REGS = ["%[x0]", "%[x1]", "%[x2]", "%[x3]", "%[x4]", "%[x5]"]


def k32(r):
    return r.replace("%[", "%k[")


def mem(name, idx):
    # a, b, p and the digit/result buffer are addressed through pointer registers
    return f"{8 * idx}(%[{name}])"


def interleave(xs, ys):
    out = []
    for i in range(max(len(xs), len(ys))):
        out.append((xs[i] if i < len(xs) else None, ys[i] if i < len(ys) else None))
    return out


def prod(L, acc, x, y, chain):
    # acc += x*y on the given carry chain (adcxq: CF, adoxq: OF); the chain
    # was cleared by the xorl of the pair, and ends with CF/OF = 0 again
    L.append(f"movq {x}, %%rdx")
    L.append(f"mulxq {y}, %[lo], %[hi]")
    L.append(f"{chain} %[lo], {acc[0]}")
    L.append(f"{chain} %[hi], {acc[1]}")
    L.append(f"{chain} %[zero], {acc[2]}")


def pairs(L, T, U, xs, ys):
    # one operand product (CF chain into T) and one reduction product (OF
    # chain into U) per pair; the xorl (a zero idiom, no input) clears CF and
    # OF, so consecutive pairs do not wait on each other's flags
    for x, y in interleave(xs, ys):
        L.append("xorl %k[lo], %k[lo]")
        if x:
            prod(L, T, x[0], x[1], "adcxq")
        if y:
            prod(L, U, y[0], y[1], "adoxq")


def fold(L, t, u):
    L.append(f"addq {u[0]}, {t[0]}")
    L.append(f"adcq {u[1]}, {t[1]}")
    L.append(f"adcq {u[2]}, {t[2]}")


def reduce_digit(L, t, k):
    # m_k = t0 * pinv (stored in buf[k]); t += m_k * p_0 (t0 becomes 0)
    L.append(f"movq {t[0]}, %%rdx")
    L.append("imulq %[pinv], %%rdx")
    L.append(f"movq %%rdx, {mem('buf', k)}")
    L.append("movq %%rdx, %[mk]")  # the newest digit stays in a register: no store-to-load wait in column k+1
    L.append(f"mulxq {mem('p', 0)}, %[lo], %[hi]")
    L.append(f"addq %[lo], {t[0]}")
    L.append(f"adcq %[hi], {t[1]}")
    L.append(f"adcq $0, {t[2]}")


def mp_list(N, k):
    # digits m_j already known in column k (m_j is last used in column j+N-1,
    # so the result word k-N may overwrite m_(k-N) in buf)
    if k < N:
        return list(range(0, k))
    return list(range(k - N + 1, N))


def zero(L, regs):
    for r in regs:
        L.append(f"xorl {k32(r)}, {k32(r)}")


def gen_mul(N):
    # Latency-ordered FIPS.  The chain that limits a multiplication is
    # m_(k-1) -> column k's low word -> m_k.  So each column is split:
    #  * V: the products that do not depend on m_(k-1) (all a_j*b_(k-j) and
    #    the older m_j*p_(k-j)), summed from zero while earlier columns are
    #    still waiting for their digits (one xorl per product clears CF/OF,
    #    then an adcx chain; the xorl has no inputs, so products pipeline);
    #  * T: the carry-in, to which m_(k-1)*p_0 and m_(k-1)*p_1 are added as
    #    soon as m_(k-1) exists (rdx still holds it).
    # Then T += V and m_k = t0 * pinv.
    L = []
    T, V = REGS[0:3], REGS[3:6]
    zero(L, T)
    for k in range(2 * N - 1):
        lo = max(0, k - N + 1)
        ps = [(mem("a", j), mem("b", k - j)) for j in range(lo, min(k, N - 1) + 1)]
        ps += [(mem("buf", j), mem("p", k - j)) for j in mp_list(N, k) if not (k <= N and j == k - 1)]
        zero(L, V)
        for x, y in ps:
            L.append("xorl %k[lo], %k[lo]")
            prod(L, V, x, y, "adcxq")
        fold(L, T, V)
        if k < N:
            # m_k = t0 * pinv; T += m_k*p_0 (t0 becomes 0); next column: T += m_k*p_1
            L.append(f"movq {T[0]}, %%rdx")
            L.append("imulq %[pinv], %%rdx")
            L.append(f"movq %%rdx, {mem('buf', k)}")
            L.append(f"mulxq {mem('p', 0)}, %[lo], %[hi]")
            L.append(f"addq %[lo], {T[0]}")
            L.append(f"adcq %[hi], {T[1]}")
            L.append(f"adcq $0, {T[2]}")
            T = [T[1], T[2], T[0]]  # T[2] is zero now
            L.append(f"mulxq {mem('p', 1)}, %[lo], %[hi]")
            L.append(f"addq %[lo], {T[0]}")
            L.append(f"adcq %[hi], {T[1]}")
            L.append(f"adcq $0, {T[2]}")
        else:
            L.append(f"movq {T[0]}, {mem('buf', k - N)}")
            T = [T[1], T[2], T[0]]
            zero(L, [T[2]])
    L.append(f"movq {T[0]}, {mem('buf', N - 1)}")
    L.append(f"movq {T[1]}, %[top]")
    return L


def gen_sqr(N):
    L = []
    U = REGS[3:6]
    T = REGS[0:3]
    zero(L, U)
    fresh = []  # the register of U that must be zeroed at the next column start
    for k in range(2 * N - 1):
        zero(L, T + fresh)
        mps = mp_list(N, k)
        lo = max(0, k - N + 1)
        cross = [(mem("a", j), mem("a", k - j)) for j in range(lo, N) if j < k - j]
        mp = [("%[mk]" if j == min(k - 1, N - 1) else mem("buf", j), mem("p", k - j)) for j in mps]
        pairs(L, T, U, cross, mp)
        if cross:  # T = 2T: the symmetric products counted twice
            L.append(f"addq {T[0]}, {T[0]}")
            L.append(f"adcq {T[1]}, {T[1]}")
            L.append(f"adcq {T[2]}, {T[2]}")
        if k % 2 == 0:
            L.append(f"movq {mem('a', k // 2)}, %%rdx")
            L.append("mulxq %%rdx, %[lo], %[hi]")
            L.append(f"addq %[lo], {T[0]}")
            L.append(f"adcq %[hi], {T[1]}")
            L.append(f"adcq $0, {T[2]}")
        fold(L, T, U)
        if k < N:
            reduce_digit(L, T, k)
        else:
            L.append(f"movq {T[0]}, {mem('buf', k - N)}")
        # carry-in of the next column (t1, t2, 0) waits in U; T takes U's registers
        newU = [T[1], T[2], T[0]]
        T = U
        U = newU
        fresh = [U[2]]
    L.append(f"movq {U[0]}, {mem('buf', N - 1)}")
    L.append(f"movq {U[1]}, %[top]")
    return L


def emit(name, N, lines, is_sqr):
    body = "\n".join(f'      "{l}\\n\\t"' for l in lines)
    args = "const u64* a, const u64* p, u64 pinv" if is_sqr else "const u64* a, const u64* b, const u64* p, u64 pinv"
    b_in = "" if is_sqr else ' [b] "r"(b),'
    if is_sqr:
        decls = "  u64 x0, x1, x2, x3, x4, x5, lo, hi, mk;"
        regs = ('[x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5),\n'
                '        [lo] "=&r"(lo), [hi] "=&r"(hi), [mk] "=&r"(mk),')
    else:
        decls = "  u64 x0, x1, x2, x3, x4, x5, lo, hi;"
        regs = ('[x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5),\n'
                '        [lo] "=&r"(lo), [hi] "=&r"(hi),')
    return f"""
// {'sqr' if is_sqr else 'mul'}: buf + top*R = MontMul(a, {'a' if is_sqr else 'b'}) < 2p for N = {N}; contract as
// {'sqr' if is_sqr else 'mul'}_portable.  buf (N words) must not overlap the inputs.  Returns top (0 or 1).
template <>
inline u64 {name}<{N}>(u64* buf, {args}) {{
  u64 top;
{decls}
  __asm__ volatile(
{body}
      : {regs}
        [top] "=m"(top)
      : [a] "r"(a),{b_in} [p] "r"(p), [buf] "r"(buf), [pinv] "m"(pinv), [zero] "m"(kZeroWord)
      : "rdx", "cc", "memory");  // "memory": reads a, b, p and writes buf through the pointers
  return top;
}}
"""


def main():
    print("""// parmod/field/fips_adx_asm.hpp - GENERATED by src/field/gen_fips_adx.py; do not edit.
//
// FIPS Montgomery multiplication and squaring with mulx/adcx/adox, one
// inline-assembly block per limb count N = 2..8 (the algorithm, bound and
// contract of montgomery_fips.hpp / montgomery_fips_adx.hpp).  Each function
// writes out = MontMul(...) mod R and returns the top bit (the value is
// top*R + out < 2p); the caller does the final subtraction if it wants one.
// Only call when cpu_has_mulx_adx().  No branch, no data-dependent address.
#pragma once

#include <cstdint>

namespace parmod::field::fips::adx_asm {

using u64 = std::uint64_t;

// A zero in memory, the carry sink of the adcx/adox chains (saves a register).
inline constexpr u64 kZeroWord = 0;

template <int N>
u64 mul(u64* buf, const u64* a, const u64* b, const u64* p, u64 pinv);
template <int N>
u64 sqr(u64* buf, const u64* a, const u64* p, u64 pinv);""")
    for N in range(2, 9):
        print(emit("mul", N, gen_mul(N), False), end="")
        print(emit("sqr", N, gen_sqr(N), True), end="")
    print("\n}  // namespace parmod::field::fips::adx_asm")


if __name__ == "__main__":
    main()
