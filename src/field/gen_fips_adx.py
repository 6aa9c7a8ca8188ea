#!/usr/bin/env python3
"""Generates include/parmod/field/fips_adx_asm.hpp: Montgomery
multiplication with mulx/adcx/adox, each kernel one inline-assembly block
(see montgomery_fips_adx.hpp): operand scanning (CIOS, gen_cios) for
N = 2..6 in three variants (strict wide, strict narrow, lazy), squaring by
separated operand scanning (gen_sos_sqr) for N = 2..4, and FIPS
multiplication and squaring (gen_mul, gen_sqr) for N = 7, 8, where the CIOS
accumulator does not fit in the registers.  Every block uses at most 13
registers including rdx (what gcc -O0 with AddressSanitizer leaves).
mont_mul_p256 (emit_p256) is the N = 4 strict CIOS kernel with the reduction
rows of the P-256 prime (shifts and one mulx per row, no imul; 12 registers).
mont_mul_p384 (emit_p384) is the N = 6 strict (wide) CIOS kernel with the
reduction rows of the P-384 prime (q by a shift and an add, two mulx per row;
13 registers); mont_sqr_p256 (emit_sqr_p256) is the N = 4 squaring of
gen_sos_sqr with the P-256 reduction rows.

The CIOS kernels read the words of a by movq + mulx reg (not mulx mem),
and the wide ones add each row's last CF carry into the high product word
instead of closing it into the top words (CIOS_OPTS); the FIPS squaring
reads its cross-product operands the same way (FIPS_SQR_MOVLOAD).

Usage: python3 src/field/gen_fips_adx.py > include/parmod/field/fips_adx_asm.hpp

The FIPS kernels (N = 7, 8) keep three-word column accumulators in registers that are
renamed column by column instead of moved, use lo, hi and rdx for the
products, and reach a, b, p and one N-word buffer through pointer registers.
The buffer holds the digits m_j and then, in place, the result words (m_j is
dead once result word j is written).  At most 12 registers plus rdx, and no
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


def prod(L, acc, x, y, chain, movload=False):
    # acc += x*y on the given carry chain (adcxq: CF, adoxq: OF); the chain
    # was cleared by the xorl of the pair, and ends with CF/OF = 0 again;
    # movload: y is read by a plain movq (see FIPS_SQR_MOVLOAD)
    L.append(f"movq {x}, %%rdx")
    if movload:
        L.append(f"movq {y}, %[lo]")
        L.append("mulxq %[lo], %[lo], %[hi]")
    else:
        L.append(f"mulxq {y}, %[lo], %[hi]")
    L.append(f"{chain} %[lo], {acc[0]}")
    L.append(f"{chain} %[hi], {acc[1]}")
    L.append(f"{chain} %[zero], {acc[2]}")


# The squaring's cross products a_j*a_(k-j) read their second word by a plain
# movq (memory renaming on Zen 4 forwards it from the caller's store at no
# cost; a load folded into mulx waits for store-to-load forwarding):
# measured 232 -> 215 core cycles at N = 8 and 186 -> 171 at N = 7 (lazy,
# dependent chain).  Not for the multiplication (gen_mul, b read that way):
# x*y 248 -> 258, x*x 307 -> 292 at N = 8, so it stays as it was.
FIPS_SQR_MOVLOAD = True


def pairs(L, T, U, xs, ys):
    # one operand product (CF chain into T) and one reduction product (OF
    # chain into U) per pair; the xorl (a zero idiom, no input) clears CF and
    # OF, so consecutive pairs do not wait on each other's flags
    for x, y in interleave(xs, ys):
        L.append("xorl %k[lo], %k[lo]")
        if x:
            prod(L, T, x[0], x[1], "adcxq", FIPS_SQR_MOVLOAD)
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


def asm_body(lines):
    """The asm template: one quoted instruction per line."""
    return "\n".join(f'      "{l}\\n\\t"' for l in lines)


def temp_operands(count):
    """The declarations and the early-clobber outputs of temporaries t0..t(count-1)."""
    return (", ".join(f"t{i}" for i in range(count)),
            ", ".join(f'[t{i}] "=&r"(t{i})' for i in range(count)))


def emit(name, N, lines, is_sqr):
    body = asm_body(lines)
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



# ---- operand scanning (CIOS) ------------------------------------------------
def CIOS_OPTS(N, final, narrow):
    """Per-kernel choices of gen_cios (and emit_p256, which takes the wide ones),
    each measured on the Zen 4 development host (montgomery_fips_adx.hpp):

    movload: the words of a are read by a plain movq into the product's lo
      register, then mulx reg (instead of mulx mem).  Zen 4 renames a movq
      load that hits a recent store (0 cycles: the value comes from the
      stored register), but a load folded into mulx waits for
      store-to-load forwarding (about 6 cycles more), and the folded form
      measured slower in throughput too: N = 6 lazy 115 -> 99 core cycles
      per dependent product, N = 4 lazy 57 -> 53, and every x*x chain 5-9
      less.  No extra register (lo is the target).
    hiabs (wide): the reduction row's last carry (CF) is added to hi(q*p_(N-1))
      (at most 2^64 - 2, so no carry out) before hi goes into T_N: one
      adcx less per row (T_(N+1) then takes only the OF carry).  Narrow
      kernels: same count, measured 1 cycle slower, off.  N = 5 wide: 91
      against 89.6 without it, off.
    phiabs (wide): the same for the product rows (T_N's CF carry into hi of
      a_(N-1)*b_i): 3 closing additions become 2.  N = 6 wide 137 -> 123
      with both."""
    return {"movload": True, "hiabs": not narrow and N != 5, "phiabs": not narrow}


CIOS_MAX_N = 6  # N+1 (narrow) or N+2 (wide) accumulator words + lo, hi, rdx + pointers: see cios_tight


def cios_tight(N, narrow):
    # accumulator + lo, hi + pointers a, b, p + rdx must fit in 13 registers
    # (gcc at -O0 with AddressSanitizer leaves no more to an asm block);
    # only N = 6 wide needs 14 and then keeps b in memory
    return (N + 2 if not narrow else N + 1) + 2 + 3 + 1 > 13


def mulx_mem(L, src, lo, hi, movload):
    # lo:hi = rdx * [src]; with movload the word is first read by a plain movq
    # into lo (see CIOS_OPTS)
    if movload:
        L.append(f"movq {src}, {lo}")
        L.append(f"mulxq {lo}, {lo}, {hi}")
    else:
        L.append(f"mulxq {src}, {lo}, {hi}")


def gen_cios(N, final, narrow, p256=False, opts=None):
    """Montgomery multiplication by coarsely integrated operand scanning.

    For each word b_i: T += a*b_i (a row of mulx, lo words on the CF chain
    (adcx), hi words on the OF chain (adox)), then q = t0*pinv and T += q*p
    the same way (t0 becomes 0), and T shifts down one word -- by renaming
    the registers, no move.  The accumulator T lives in registers.

    Bound: with inputs a, b < M (M = p strict, 2p lazy), T < a + p before
    each row (induction: (T + a*b_i + q*p)/beta < (a + p + (a + p)(beta-1))/beta),
    so T + a*b_i + q*p < (a + p)*beta and the result T < a + p <= M + p.
      wide   (any p < R):        a + p < 2R: T needs N+2 words (top 0 or 1);
      narrow (M + p <= R, i.e.   a + p <= R: T + a*b_i + q*p < R*beta fits
              p < R/2 strict,    N+1 words and the result N words; the carry
              always when lazy):  out of the top word is always 0."""
    L = []
    W = N + 2 if not narrow else N + 1  # accumulator registers
    T = [f"%[t{i}]" for i in range(W)]
    tight = cios_tight(N, narrow)
    o = opts if opts is not None else CIOS_OPTS(N, final, narrow)
    ml = o.get("movload", False)
    hiabs = o.get("hiabs", False)
    phiabs = o.get("phiabs", False) and not narrow
    for i in range(N):
        if tight:  # b stays in memory: one register less (13 in all, see cios_tight)
            L.append("movq %[b], %%rdx")
            L.append(f"movq {8 * i}(%%rdx), %%rdx")
        else:
            L.append(f"movq {mem('b', i)}, %%rdx")
        if i == 0:
            # T = a*b_0 (T is zero): one adc chain
            mulx_mem(L, mem('a', 0), T[0], T[1], ml)
            for j in range(1, N):
                mulx_mem(L, mem('a', j), "%[lo]", T[j + 1], ml)
                L.append(f"{'addq' if j == 1 else 'adcq'} %[lo], {T[j]}")
            L.append(f"adcq $0, {T[N]}")
        else:
            # T_N (narrow) / T_(N+1) (wide) is the register zeroed by the last reduction
            L.append("xorl %k[lo], %k[lo]")  # CF = OF = 0
            for j in range(N):
                mulx_mem(L, mem('a', j), "%[lo]", "%[hi]", ml)
                L.append(f"adcxq %[lo], {T[j]}")
                if phiabs and j == N - 1:
                    L.append("adcxq %[zero], %[hi]")  # the last carry into hi (<= 2^64 - 2): CF = 0
                L.append(f"adoxq %[hi], {T[j + 1]}")
            if phiabs:
                L.append(f"adoxq %[zero], {T[N + 1]}")
            elif narrow:
                L.append(f"adcxq %[zero], {T[N]}")  # OF = 0 here (bound), CF is the last carry
            else:
                L.append(f"adcxq %[zero], {T[N]}")
                L.append(f"adcxq %[zero], {T[N + 1]}")
                L.append(f"adoxq %[zero], {T[N + 1]}")
        if p256:
            # P-256 (p = 2^256 - 2^224 + 2^192 + 2^96 - 1, pinv = 1): q = t0 and
            # t + q*p = t - q + q*2^96 + q*p_3*2^192 + ... with t0 - q = 0, so
            # the row is q<<32 into word 1, q>>32 into word 2 and one mulx
            # (q*p_3) into words 3, 4; one add/adc chain.  T0 becomes the top
            # word (zero) after the shift.
            L.append(f"movq {T[0]}, %%rdx")
            L.append(f"mulxq {mem('p', 3)}, %[lo], %[hi]")
            L.append(f"movq %%rdx, {T[0]}")
            L.append(f"shlq $32, {T[0]}")
            L.append("shrq $32, %%rdx")
            if i == 0:
                L.append(f"xorl {k32(T[5])}, {k32(T[5])}")  # the top word starts at zero
            L.append(f"addq {T[0]}, {T[1]}")
            L.append(f"adcq %%rdx, {T[2]}")
            L.append(f"adcq %[lo], {T[3]}")
            L.append(f"adcq %[hi], {T[4]}")
            L.append(f"adcq $0, {T[5]}")
            L.append(f"xorl {k32(T[0])}, {k32(T[0])}")
            T = T[1:] + T[:1]
            continue
        # q = t0 * pinv; T += q*p
        L.append(f"movq {T[0]}, %%rdx")
        L.append("imulq %[pinv], %%rdx")
        if i == 0 and not narrow:
            L.append(f"xorl {k32(T[N + 1])}, {k32(T[N + 1])}")  # T_(N+1) = 0; CF = OF = 0 (imul set them)
        else:
            L.append("xorl %k[lo], %k[lo]")  # CF = OF = 0 (imul set them)
        z = T[0]  # 0 once q*p_0 is added
        for j in range(N):
            L.append(f"mulxq {mem('p', j)}, %[lo], %[hi]")
            L.append(f"adcxq %[lo], {T[j]}")
            if hiabs and j == N - 1:
                L.append(f"adcxq {z}, %[hi]")  # the last carry into hi (<= 2^64 - 2): CF = 0
            if narrow and j == N - 1:
                L.append(f"adoxq %[hi], {T[N]}")  # no carry out (bound)
            else:
                L.append(f"adoxq %[hi], {T[j + 1]}")
        if not hiabs:
            L.append(f"adcxq {z}, {T[N]}")
        if not narrow:
            L.append(f"adoxq {z}, {T[N + 1]}")
            if not hiabs:
                L.append(f"adcxq {z}, {T[N + 1]}")
        T = T[1:] + T[:1]
    # result: T_0..T_(N-1), plus T_N (0 or 1) when wide
    if not final:
        L.append("movq %[r], %[lo]")
        for j in range(N):
            L.append(f"movq {T[j]}, {8 * j}(%[lo])")
        return L
    if tight:
        # too few registers for a copy of T: compute only the borrow of
        # T - p, then subtract p*c with c = 1 iff T >= p, each p_j*c by a
        # mulx (it leaves the flags, and so the sbb chain, alone)
        for j in range(N):
            L.append(f"movq {T[j]}, %[lo]")
            L.append(f"{'subq' if j == 0 else 'sbbq'} {mem('p', j)}, %[lo]")
        L.append(f"sbbq $0, {T[N]}")  # CF = 1 iff T < p
        L.append("movl $0, %%edx")
        L.append("setnc %%dl")  # rdx = c
        for j in range(N):
            L.append(f"mulxq {mem('p', j)}, %[lo], %[hi]")
            L.append(f"{'subq' if j == 0 else 'sbbq'} %[lo], {T[j]}")
        L.append("movq %[r], %[lo]")
        for j in range(N):
            L.append(f"movq {T[j]}, {8 * j}(%[lo])")
        return L
    S = ["%[lo]", "%[hi]", "%%rdx", "%[a]", "%[b]", T[W - 1]][:N]
    for j in range(N):
        L.append(f"movq {T[j]}, {S[j]}")
        L.append(f"{'subq' if j == 0 else 'sbbq'} {mem('p', j)}, {S[j]}")
    if not narrow:
        L.append(f"sbbq $0, {T[N]}")  # CF = 1 iff T < p
    for j in range(N):
        L.append(f"cmovcq {T[j]}, {S[j]}")  # keep T if T < p
    L.append(f"movq %[r], {T[0]}")
    for j in range(N):
        L.append(f"movq {S[j]}, {8 * j}({T[0]})")
    return L


def emit_cios(N, final, narrow):
    lines = gen_cios(N, final, narrow)
    body = asm_body(lines)
    W = N + 1 if narrow else N + 2
    tight = cios_tight(N, narrow)
    b_out = "" if tight else ', [b] "+r"(b)'
    b_in = ', [b] "m"(b)' if tight else ""
    tdecl, touts = temp_operands(W)
    return f"""
// r = MontMul(a, b) for N = {N}, {'reduced to [0, p)' if final else 'lazy: in [0, 2p), requires p < R/4'}{', requires p < R/2' if narrow and final else ''}.
template <>
inline void mont_mul<{N}, {'true' if final else 'false'}, {'true' if narrow else 'false'}>(u64* r, const u64* a, const u64* b, const u64* p, u64 pinv) {{
  u64 {tdecl}, lo, hi;
  __asm__ volatile(
{body}
      : {touts},
        [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a){b_out}
      : [p] "r"(p), [r] "m"(r), [pinv] "m"(pinv), [zero] "m"(kZeroWord){b_in}
      : "rdx", "cc", "memory");
}}
"""


def emit_p256():
    # P-256 only (p = 2^256 - 2^224 + 2^192 + 2^96 - 1): CIOS whose reduction
    # rows need one mulx instead of four and no imul (see gen_cios, p256).
    # 12 registers with rdx: builds at -O0 with AddressSanitizer too.
    lines = gen_cios(4, True, False, p256=True)
    body = asm_body(lines)
    tdecl, touts = temp_operands(6)
    return f"""
// r = MontMul(a, b) mod P-256 (p must be P-256: p_0 = 2^64-1, p_1 = 2^32-1,
// p_2 = 0, p_3 = 2^64-2^32+1, pinv = 1), reduced to [0, p); r may alias a or b.
inline void mont_mul_p256(u64* r, const u64* a, const u64* b, const u64* p) {{
  u64 {tdecl}, lo, hi;
  __asm__ volatile(
{body}
      : {touts},
        [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a), [b] "+r"(b)
      : [p] "r"(p), [r] "m"(r), [zero] "m"(kZeroWord)
      : "rdx", "cc", "memory");
}}
"""


# ---- P-384 ------------------------------------------------------------------
# p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.1.2.4, SP 800-186 3.2.1.4).
# Constants the kernel reads through one pointer register (kP384K): no
# per-constant GOT register under -fPIC.
P384_K = [
    ("c0", 0xFFFFFFFF00000001),     # c = 2^384 - p = 2^128 + c1*2^64 + c0
    ("c1", 0x00000000FFFFFFFF),     #   c1 = 2^32 - 1 = p_0
    ("p1", 0xFFFFFFFF00000000),     # p_1 (p_2 = 2^64 - 2, p_3..p_5 = 2^64 - 1: immediates)
    ("zero", 0),                    # the carry sink of the adcx/adox chains
]


def p384_k(name):
    idx = [n for n, _ in P384_K].index(name)
    return f"{8 * idx}(%[k])"


def gen_p384():
    """Montgomery multiplication modulo P-384, operand scanning (CIOS) with
    the accumulator T (8 words: p >= R/2, the wide bound of gen_cios) in
    registers.  Product rows as gen_cios (mulx, lo words on adcx, hi words on
    adox; b read through its pointer in memory: 13 registers).

    Reduction row: pinv = 2^32 + 1, so q = t0*pinv mod 2^64 = t0 + (t0 << 32)
    (shl and add: 2 cycles, no imul).  p = 2^384 - c with c = 2^128 + c1*2^64
    + c0 (c0 = 2^64 - 2^32 + 1, c1 = 2^32 - 1), so T + q*p = T - q*c +
    q*2^384, and q*c = l0 + (h0 + l1)*2^64 + (h1 + q)*2^128 with (h0, l0) =
    q*c0 and (h1, l1) = q*c1: two mulx instead of six.  l0 = t0 exactly (t0 +
    q*p = 0 mod 2^64), so word 0 cancels without a borrow; the row is one
    sub/sbb chain of (h0 + l1, h1 + q + carry, carry) from word 1 to word 5
    whose borrow is taken from q, and q - borrow added at word 6 (it cannot
    go below 0: q = 0 only when t0 = 0, and then q*c = 0 and there is no
    borrow; one instruction less per row than running the borrow through
    words 6 and 7 and adding q: 100 against 101.5 core cycles).

    Measured alternatives (kernel alone, dependent chain, core cycles; this
    kernel 100): q by imul 108.5; rows without any multiplication (word 1 of q*c
    = (t0 << 32) - ((th + tl) mod 2^32) - carry, four one-cycle steps from
    t0, but four more instructions per row) 107 -- the kernel is bound by
    instruction throughput more than by the q chain."""
    L = []
    T = [f"%[t{i}]" for i in range(8)]
    for i in range(6):
        L.append("movq %[b], %%rdx")
        L.append(f"movq {8 * i}(%%rdx), %%rdx")
        if i == 0:
            L.append(f"mulxq {mem('a', 0)}, {T[0]}, {T[1]}")
            for j in range(1, 6):
                L.append(f"mulxq {mem('a', j)}, %[lo], {T[j + 1]}")
                L.append(f"{'addq' if j == 1 else 'adcq'} %[lo], {T[j]}")
            L.append(f"adcq $0, {T[6]}")
            L.append(f"xorl {k32(T[7])}, {k32(T[7])}")
        else:
            L.append("xorl %k[lo], %k[lo]")  # CF = OF = 0; T7 = 0 (zeroed by the last reduction)
            for j in range(6):
                L.append(f"mulxq {mem('a', j)}, %[lo], %[hi]")
                L.append(f"adcxq %[lo], {T[j]}")
                L.append(f"adoxq %[hi], {T[j + 1]}")
            L.append(f"adcxq {p384_k('zero')}, {T[6]}")
            L.append(f"adcxq {p384_k('zero')}, {T[7]}")
            L.append(f"adoxq {p384_k('zero')}, {T[7]}")
        # reduction: q = t0 + (t0 << 32); T = (T - q*c + q*2^384) / 2^64
        L.append(f"movq {T[0]}, %%rdx")
        L.append("shlq $32, %%rdx")
        L.append(f"addq {T[0]}, %%rdx")                   # q
        L.append(f"mulxq {p384_k('c0')}, %[lo], %[hi]")    # hi = h0 (lo = t0)
        L.append(f"mulxq {p384_k('c1')}, {T[0]}, %[lo]")   # T0 = l1, lo = h1
        L.append(f"addq {T[0]}, %[hi]")                   # word 1 of q*c: h0 + l1
        L.append(f"movl $0, {k32(T[0])}")                 # (mov: flags kept)
        L.append("adcq %%rdx, %[lo]")                     # word 2: h1 + q + carry
        L.append(f"adcq $0, {T[0]}")                      # word 3: the carry
        L.append(f"subq %[hi], {T[1]}")
        L.append(f"sbbq %[lo], {T[2]}")
        L.append(f"sbbq {T[0]}, {T[3]}")
        L.append(f"sbbq $0, {T[4]}")
        L.append(f"sbbq $0, {T[5]}")
        L.append("sbbq $0, %%rdx")                        # q - borrow >= 0 (see above)
        L.append(f"addq %%rdx, {T[6]}")                   # + q*2^384
        L.append(f"adcq $0, {T[7]}")
        L.append(f"xorl {k32(T[0])}, {k32(T[0])}")        # the next top word
        T = T[1:] + T[:1]
    # T_0..T_5 + T_6*R < 2p: subtract p once if T >= p (copies S, borrow, cmov)
    S = ["%[lo]", "%[hi]", "%%rdx", "%[a]", T[7], "%[k]"]
    subs = [p384_k("c1"), p384_k("p1"), "$-2", "$-1", "$-1", "$-1"]
    for j in range(6):
        L.append(f"movq {T[j]}, {S[j]}")
        L.append(f"{'subq' if j == 0 else 'sbbq'} {subs[j]}, {S[j]}")
    L.append(f"sbbq $0, {T[6]}")  # CF = 1 iff T < p
    for j in range(6):
        L.append(f"cmovcq {T[j]}, {S[j]}")
    L.append(f"movq %[r], {T[0]}")
    for j in range(6):
        L.append(f"movq {S[j]}, {8 * j}({T[0]})")
    return L


def emit_p384():
    lines = gen_p384()
    body = asm_body(lines)
    tdecl, touts = temp_operands(8)
    kinit = ", ".join(f"0x{v:016x}ull" for _, v in P384_K)
    kdoc = ", ".join(n for n, _ in P384_K)
    return f"""
// P-384 constants read by mont_mul_p384 through one pointer: {kdoc}.
inline constexpr u64 kP384K[{len(P384_K)}] = {{{kinit}}};

// r = MontMul(a, b) mod P-384 (p must be P-384 = 2^384 - 2^128 - 2^96 + 2^32 - 1;
// the kernel has p built in), reduced to [0, p); a, b < p; r may alias a or b.
// Scans b word by word.  36 mulx for a*b; per reduction row q = t0 +
// (t0 << 32) and two mulx (q*c0, q*c1) instead of an imul and six mulx.
inline void mont_mul_p384(u64* r, const u64* a, const u64* b) {{
  u64 {tdecl}, lo, hi;
  const u64* k = kP384K;
  __asm__ volatile(
{body}
      : {touts},
        [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a), [k] "+r"(k)
      : [r] "m"(r), [b] "m"(b)
      : "rdx", "cc", "memory");
}}
"""


SQR_MAX_N = 4  # 2N product words + lo, hi, rdx + a, p fit in 13 registers (N = 4: exactly)


def gen_sos_sqr(N, final, narrow, p256=False):
    """Montgomery squaring by separated operand scanning: T = a^2 (2N words,
    all in registers: the N(N-1)/2 cross products once, doubled by an adcx
    chain while the squares a_i^2 are added on the adox chain), then N
    reduction rows T += q_i*p*beta^i (q_i = T_i*pinv).  The carry out of row
    i at word i+N+1 waits in the register of the zeroed word T_i and is
    added at the end of row i+1.  Result T_N..T_(2N-1) plus that carry (the
    top word: 0 or 1; 0 when narrow), same value as the multiplication."""
    L = []
    T = [f"%[t{i}]" for i in range(2 * N)]
    # cross products, row j: T[j+1..j+N] += a_j * a_(j+1..N-1)
    L.append(f"movq {mem('a', 0)}, %%rdx")
    L.append(f"mulxq {mem('a', 1)}, {T[1]}, {T[2]}")
    for k in range(2, N):
        L.append(f"mulxq {mem('a', k)}, %[lo], {T[k + 1]}")
        L.append(f"{'addq' if k == 2 else 'adcq'} %[lo], {T[k]}")
    if N > 2:
        L.append(f"adcq $0, {T[N]}")
    for j in range(1, N - 1):
        L.append(f"xorl {k32(T[j + N])}, {k32(T[j + N])}")  # fresh top word; CF = OF = 0
        L.append(f"movq {mem('a', j)}, %%rdx")
        for k in range(j + 1, N):
            L.append(f"mulxq {mem('a', k)}, %[lo], %[hi]")
            L.append(f"adcxq %[lo], {T[j + k]}")
            L.append(f"adoxq %[hi], {T[j + k + 1]}")
        L.append(f"adcxq %[zero], {T[j + N]}")  # (OF = 0: no carry out of the top word)
    # T = 2*T + sum a_i^2 beta^(2i): doubling on CF, squares on OF
    L.append(f"xorl {k32(T[2 * N - 1])}, {k32(T[2 * N - 1])}")
    for i in range(N):
        L.append(f"movq {mem('a', i)}, %%rdx")
        if i == 0:
            L.append(f"mulxq %%rdx, {T[0]}, %[hi]")
        else:
            L.append("mulxq %%rdx, %[lo], %[hi]")
            L.append(f"adcxq {T[2 * i]}, {T[2 * i]}")
            L.append(f"adoxq %[lo], {T[2 * i]}")
        L.append(f"adcxq {T[2 * i + 1]}, {T[2 * i + 1]}")
        L.append(f"adoxq %[hi], {T[2 * i + 1]}")
    # reduction rows
    carry = "%[zero]"
    for i in range(N):
        if p256:
            # P-256 (pinv = 1, see gen_cios): q = T_i; T += q*p*beta^i is q<<32
            # into word i+1, q>>32 into word i+2 and q*p_3 into words i+3, i+4
            # (one add chain); the carry of the last row (at word i+4) is added
            # to hi(q*p_3) first (no overflow: a product's high word is at most
            # 2^64 - 2), the new carry (word i+5) waits in T_i.
            L.append(f"movq {T[i]}, %%rdx")
            L.append(f"mulxq {mem('p', 3)}, %[lo], %[hi]")
            L.append(f"shlq $32, {T[i]}")
            L.append("shrq $32, %%rdx")
            if i > 0:
                L.append(f"addq {carry}, %[hi]")
            L.append(f"addq {T[i]}, {T[i + 1]}")
            L.append(f"adcq %%rdx, {T[i + 2]}")
            L.append(f"adcq %[lo], {T[i + 3]}")
            L.append(f"adcq %[hi], {T[i + 4]}")
            L.append(f"movl $0, {k32(T[i])}")  # (mov: flags kept)
            L.append(f"adcq $0, {T[i]}")
            carry = T[i]
            continue
        L.append(f"movq {T[i]}, %%rdx")
        L.append("imulq %[pinv], %%rdx")
        L.append("xorl %k[lo], %k[lo]")  # CF = OF = 0 (imul set them)
        for j in range(N):
            L.append(f"mulxq {mem('p', j)}, %[lo], %[hi]")
            L.append(f"adcxq %[lo], {T[i + j]}")
            L.append(f"adoxq %[hi], {T[i + j + 1]}")
        # T_i is 0 now: it takes the carry into word i+N+1
        L.append(f"adcxq {carry}, {T[i + N]}")
        L.append(f"adcxq {T[i]}, {T[i]}")
        L.append(f"adoxq %[zero], {T[i]}")
        carry = T[i]
    R = T[N:]
    top = carry
    if not final:
        L.append("movq %[r], %[lo]")
        for j in range(N):
            L.append(f"movq {R[j]}, {8 * j}(%[lo])")
        return L
    S = ["%[lo]", "%[hi]", "%%rdx", "%[a]"][:N]
    for j in range(N):
        L.append(f"movq {R[j]}, {S[j]}")
        L.append(f"{'subq' if j == 0 else 'sbbq'} {mem('p', j)}, {S[j]}")
    L.append(f"sbbq $0, {top}")  # CF = 1 iff T < p
    for j in range(N):
        L.append(f"cmovcq {R[j]}, {S[j]}")
    L.append(f"movq %[r], {R[0]}")
    for j in range(N):
        L.append(f"movq {S[j]}, {8 * j}({R[0]})")
    return L


def emit_sqr(N, final, narrow):
    lines = gen_sos_sqr(N, final, narrow)
    body = asm_body(lines)
    tdecl, touts = temp_operands(2 * N)
    return f"""
// r = MontMul(a, a) for N = {N}, {'reduced to [0, p)' if final else 'lazy: in [0, 2p), requires p < R/4'}{', requires p < R/2' if narrow and final else ''}.
template <>
inline void mont_sqr<{N}, {'true' if final else 'false'}, {'true' if narrow else 'false'}>(u64* r, const u64* a, const u64* p, u64 pinv) {{
  u64 {tdecl}, lo, hi;
  __asm__ volatile(
{body}
      : {touts},
        [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a)
      : [p] "r"(p), [r] "m"(r), [pinv] "m"(pinv), [zero] "m"(kZeroWord)
      : "rdx", "cc", "memory");
}}
"""


def emit_sqr_p256():
    # P-256 only: the N = 4 squaring (gen_sos_sqr) with P-256's reduction rows
    # (shifts and one mulx each, no imul): 10 + 4 mulx.  Registers as
    # mont_sqr<4> (the same operands less pinv).
    lines = gen_sos_sqr(4, True, False, p256=True)
    body = asm_body(lines)
    tdecl, touts = temp_operands(8)
    return f"""
// r = MontMul(a, a) mod P-256 (p must be P-256, see mont_mul_p256), reduced to
// [0, p): a^2 by separated operand scanning (10 mulx), then four P-256
// reduction rows (one mulx each).  r may alias a.
inline void mont_sqr_p256(u64* r, const u64* a, const u64* p) {{
  u64 {tdecl}, lo, hi;
  __asm__ volatile(
{body}
      : {touts},
        [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a)
      : [p] "r"(p), [r] "m"(r), [zero] "m"(kZeroWord)
      : "rdx", "cc", "memory");
}}
"""


def main():
    print("""// parmod/field/fips_adx_asm.hpp - GENERATED by src/field/gen_fips_adx.py; do not edit.
//
// Montgomery multiplication with mulx/adcx/adox, one inline-assembly block
// per kernel (algorithms, bound and contract: montgomery_fips.hpp and
// montgomery_fips_adx.hpp).  mont_mul<N, Final, Narrow> (N = 2..6, operand
// scanning) writes r = MontMul(a, b), reduced to [0, p) if Final.  mul<N> and
// sqr<N> (N = 7, 8, product scanning) write out = MontMul(...) mod R and
// return the top bit (the value is top*R + out < 2p); the caller does the
// final subtraction if it wants one.  Only call when cpu_has_mulx_adx().  No
// branch, no data-dependent address.
#pragma once

#include <cstdint>

namespace parmod::field::fips::adx_asm {

using u64 = std::uint64_t;

// A zero in memory, the carry sink of the adcx/adox chains (saves a register).
inline constexpr u64 kZeroWord = 0;

template <int N>
u64 mul(u64* buf, const u64* a, const u64* b, const u64* p, u64 pinv);
template <int N>
u64 sqr(u64* buf, const u64* a, const u64* p, u64 pinv);

// Operand-scanning kernels (mont_mul) exist for N = 2..kCiosMaxN.
inline constexpr int kCiosMaxN = """ + str(CIOS_MAX_N) + """;
template <int N, bool Final, bool Narrow>
void mont_mul(u64* r, const u64* a, const u64* b, const u64* p, u64 pinv);
// The separated operand-scanning squaring (mont_sqr) exists for N = kSqrMaxN,
// strict only: for N <= 3 and N = 4 lazy the multiplication kernel with b = a
// measured faster (montgomery_fips_adx.hpp).
inline constexpr int kSqrMaxN = """ + str(SQR_MAX_N) + """;
template <int N, bool Final, bool Narrow>
void mont_sqr(u64* r, const u64* a, const u64* p, u64 pinv);
// P-256 only: r = MontMul(a, b) reduced to [0, p) (defined below).
inline void mont_mul_p256(u64* r, const u64* a, const u64* b, const u64* p);
// P-256 only: r = MontMul(a, a) reduced to [0, p) (defined below).
inline void mont_sqr_p256(u64* r, const u64* a, const u64* p);
// P-384 only: r = MontMul(a, b) reduced to [0, p) (defined below).
inline void mont_mul_p384(u64* r, const u64* a, const u64* b);""")
    for N in range(CIOS_MAX_N + 1, 9):  # product scanning only where CIOS does not fit
        print(emit("mul", N, gen_mul(N), False), end="")
        print(emit("sqr", N, gen_sqr(N), True), end="")
    for N in range(2, CIOS_MAX_N + 1):
        print(emit_cios(N, True, False), end="")
        print(emit_cios(N, True, True), end="")
        print(emit_cios(N, False, True), end="")
    print(emit_p256(), end="")
    print(emit_p384(), end="")
    print(emit_sqr_p256(), end="")
    # only the squarings sqr_adx calls (N = 4 strict; see kSqrMaxN)
    print(emit_sqr(SQR_MAX_N, True, False), end="")
    print(emit_sqr(SQR_MAX_N, True, True), end="")
    print("\n}  // namespace parmod::field::fips::adx_asm")


if __name__ == "__main__":
    main()
