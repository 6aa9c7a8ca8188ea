#!/usr/bin/env python3
"""Generates src/limbs/window_adx_asm.cpp: Montgomery product, square and
REDC on mulx/adcx/adox for any limb count n >= 1, and the plain product and
square, as x86-64 System V functions in one file-scope assembly block
(declared in limbs/window_adx.hpp, wrapped in reduce/montgomery_adx.hpp).
With --constant-time, src/consttime/montgomery_adx_ct_asm.cpp: the same
Montgomery product and square named parmod_ct_*, whose final subtraction
is a masked select (consttime/montgomery_adx_ct.hpp); every other step
already runs the same instructions on the same addresses for every value.

Usage: python3 src/limbs/gen_window_adx.py > src/limbs/window_adx_asm.cpp
       python3 src/limbs/gen_window_adx.py --constant-time > src/consttime/montgomery_adx_ct_asm.cpp
       python3 src/limbs/gen_window_adx.py --stream > bench/mulx_stream_asm.cpp
With --stream, bench/mulx_stream_asm.cpp: two instruction streams timed by
`parmod-bench modmul` beside the Montgomery product (bench/mulx_stream.hpp):
the passes' steady column, emitted by the same code as the kernels, and
independent limb products.

The register window.  For an operand strip u of w <= 8 limbs in memory and
a stream v_0, v_1, ... (one limb per column, in rdx), column c adds u v_c
to the accumulator registers that hold the positions c, c + 1, ... of t:

    movq  v_c, %rdx
    xorl  %eax, %eax               clears CF and OF: the flag chains of one
    adcxq t_c, A_0                 column do not wait for the last one's
    mulxq u_k, %rax, %rcx          k = 0 .. w-2
    adcxq %rcx, A_(k+1)            hi on the CF chain
    adoxq %rax, A_k                lo on the OF chain
    mulxq u_(w-1), %rax, A_w       the top product's hi goes straight into
    adoxq %rax, A_(w-1)            the free register
    adcxq zero, A_w ; adoxq zero, A_w
    movq  A_0, t_c                 position c is final
The window value plus the old limb t_c plus u v_c is below beta^(w+1), so
neither chain carries out of A_w.  Each chain adds in position order, so
the two adds of a limb product may come in either order and give the same
window; the kernels put the hi first (HI_FIRST), which issues faster on Golden
Cove (docs/bench/sapphire_rapids/mulx_order.md); `parmod-bench modmul` times
the column stream in both orders on any CPU (bench/mulx_stream.hpp).  The registers rotate by one position per
column (loops are w + 1 columns long and may leave at any column).  Per
limb product: mulx, adox, adcx and no load or store of the accumulator;
about one limb product per cycle is the bound on the AMD EPYC (Zen 5) of
issue 20 (docs/bench/zen5/montgomery_adx.md).

Three families of functions:

1. Generic, any n (parmod_mul_adx, parmod_sqr_adx and the entry points'
   fallback): internal width-w routines (w = 1 .. 8), one strip per pass
   over the columns, the old limbs of t coming in through the CF chain.
     product   strips of a (the n mod 8 narrow one first) against all of b.
     square    the off-diagonal triangle by strips against the limbs after
               the strip (w - 1 partial columns first), then
               T = 2 T + sum a_i^2 beta^(2i).
     REDC      a block of w digits: w columns whose stream is the digits,
               q_c = A_0 mu0 mod beta (mulx: flags untouched), with u =
               P[0, w) (Montgomery 1985, word by word); then the columns
               P[w, n) with u = the block's digits; the tail adds the top w
               positions with the carry of the block before.  One
               conditional subtraction of P.
     Montgomery product: strip 0; then per block its digit columns, the
               next product strip, its remaining columns.

2. Unrolled, n in SMALL_SIZES (8 .. 16 and 24; the entry points jump to
   them by a table): every limb product of the product (or square) and its
   REDC in one 10-register window, column by column (see small_* below):
   several groups per column hide the latency of the digit chain.  The same
   for n in TUNED_SIZES (32), reached only through the entry points
   parmod_montgomery_{mul,sqr}_adx_unrolled: their code is about 50 KB a
   function, which some cores fetch fast enough to beat the passes and
   others do not (the tuning keys montgomery.adx_unrolled_max and
   montgomery.adx_sqr_unrolled_max decide).  The SMALL_SIZES kernels come
   twice: a group closes its flag chains into the window's top with zero
   from rax (movl $0, %eax, then the adds), or, in the family named
   ..._<n>_zs (entry points parmod_montgomery_{mul,sqr}_adx_small_zs), with
   the frame's zero slot as the adds' operand, the carry chain's add first.
   The second saves an ALU instruction a group; which issues faster is a
   property of the core (the tuning key montgomery.adx_small_zero_slot).

3. Passes, n = 8m in [32, 512] for the Montgomery product, [16, 512] for
   REDC alone (the frame holds copies of b and p): one pass per 8-limb block
   with two groups per column, the product strip and the digit or quotient
   group (see pass_* below).

Registers of the generic family: rdx multiplier; rax lo, rcx hi; rdi t_end,
r15 v_end, rsi the index i (from -columns up to 0); the window rbx rbp r8
.. r14 (w + 1 of them).  All 15 registers, so the functions are written out
in full (prologue, stack frame, internal calls) rather than as inline
assembly; with no frame pointer of their own they also build in the
sanitizer builds.
"""

import sys

# --constant-time: the Montgomery product and square only, named parmod_ct_*,
# with the final subtraction made a masked select (consttime/montgomery_adx_ct.hpp)
CT = False

# The two adds of a limb product: the hi on the CF chain first, then the lo
# on the OF chain (False: the other way round; the same window either way).
HI_FIRST = True

# The family of unrolled kernels being emitted (the docstring's family 2):
# False closes each group's flag chains from rax, True from the frame's zero
# slot (names ..._zs).
CLOSE_FROM_SLOT = False


def zero_rax(o):
    """rax = 0 without touching the flags (mov, not xor), for the adds that
    close the flag chains into the window's top: on Golden Cove faster than
    adding a zero slot of the frame (the same docs/bench file as HI_FIRST;
    the unrolled kernels have both forms, CLOSE_FROM_SLOT).  rax must be
    free: every product's lo has been added."""
    o("movl $0, %eax")
    return "%rax"


def product_adds(o, lo, lo_dst, hi, hi_dst):
    """The adds of one limb product's lo and hi, in the HI_FIRST order."""
    if HI_FIRST:
        o(f"adcxq {hi}, {hi_dst}")
        o(f"adoxq {lo}, {lo_dst}")
    else:
        o(f"adoxq {lo}, {lo_dst}")
        o(f"adcxq {hi}, {hi_dst}")

ACC = ["%rbx", "%rbp", "%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14"]
LO, HI, TE, VE, IX = "%rax", "%rcx", "%rdi", "%r15", "%rsi"

# Frame at depth 0 (the top-level function; the width-w routines run one
# call deeper and add 8): 8-byte slots, then four 8-limb buffers.
SLOTS = ["R", "A", "B", "P", "MU0", "N", "NB", "T", "CARRY", "MODE", "O", "ZERO", "W", "NEXTW"]
BUFS = ["UBUF", "QBUF", "SBUF", "PBUF"]
FRAME = 8 * len(SLOTS) + 64 * len(BUFS)
FRAME += (FRAME + 56) % 16  # rsp 16-byte aligned at the internal calls (6 pushes + return address)


def slot(name, depth):
    return f"{8 * SLOTS.index(name) + 8 * depth}(%rsp)"


def buf(name, k, depth):
    return f"{8 * len(SLOTS) + 64 * BUFS.index(name) + 8 * k + 8 * depth}(%rsp)"


def d32(r):
    return {"%rax": "%eax", "%rcx": "%ecx", "%rbx": "%ebx", "%rbp": "%ebp", "%rdx": "%edx", "%rsi": "%esi",
            "%rdi": "%edi"}.get(r, r + "d")


class Out:
    def __init__(self):
        self.lines = []

    def __call__(self, s):
        self.lines.append("\t" + s)

    def label(self, name):
        self.lines.append(name + ":")

    def align(self, n=4):
        self.lines.append(f"\t.p2align {n}")


def function_label(o, name):
    """A global hidden System V function's label (an indirect-branch target)."""
    o.lines.append("")
    o.lines.append(f"\t.globl {name}")
    o.lines.append(f"\t.hidden {name}")
    o.lines.append(f"\t.type {name}, @function")
    o.align(5)
    o.label(name)
    o("endbr64")


def begin_function(o, name):
    """The label and the pushes of the callee-saved registers (6 pushes: rsp
    + 56 is the first stack argument)."""
    function_label(o, name)
    for r in CALLEE_SAVED:
        o(f"pushq {r}")


def end_function(o, name):
    for r in reversed(CALLEE_SAVED):
        o(f"popq {r}")
    o("ret")
    o.lines.append(f"\t.size {name}, .-{name}")


CALLEE_SAVED = ["%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"]


def rot(w, rho, k):
    return ACC[(rho + k) % (w + 1)]


def column(o, w, rho, ubuf, partial=None, digit=False):
    """One column at rotation rho (depth 1).  partial = c: the square's
    partial column c (u_0 .. u_c only; positions c and c + 1 are new).
    digit: the REDC digit column (rdx = q = A_0 mu0 after the old limb; its
    position becomes zero and is not stored)."""
    A = lambda k: rot(w, rho, k)
    z = slot("ZERO", 1)
    if not digit:
        o(f"movq ({VE},{IX},8), %rdx")
    if partial is None:
        o("xorl %eax, %eax")
    else:
        c = partial
        o(f"xorl {d32(A(c))}, {d32(A(c))}")
        o(f"xorl {d32(A(c + 1))}, {d32(A(c + 1))}")
    o(f"adcxq ({TE},{IX},8), {A(0)}")
    if digit:
        o(f"movq {A(0)}, %rdx")
        o(f"mulxq {slot('MU0', 1)}, %rdx, {HI}")
        o(f"movq %rdx, {buf('QBUF', rho, 1)}")
    last = w - 1 if partial is None else partial
    for k in range(last + 1):
        if partial is None and k == w - 1:
            o(f"mulxq {buf(ubuf, k, 1)}, {LO}, {A(w)}")
            o(f"adoxq {LO}, {A(k)}")
            o(f"adcxq {z}, {A(w)}")
            o(f"adoxq {z}, {A(w)}")
        else:
            o(f"mulxq {buf(ubuf, k, 1)}, {LO}, {HI}")
            product_adds(o, LO, A(k), HI, A(k + 1))
    if partial is not None:
        o(f"adoxq {z}, {A(partial + 1)}")
    if not digit:
        o(f"movq {A(0)}, ({TE},{IX},8)")
    o(f"incq {IX}")


def window_routine(o, w):
    """W<w> (depth 1), columns over v with u = UBUF[0, w):
    rdi = t_end, r15 = v_end, rsi = -columns; column c is position
    t_end - 8 columns + 8c, reads v_end[-columns + c].
      .Lpm_w<w>_mul   window from zero; columns >= 1.
      .Lpm_w<w>_rest  window from SBUF[0, w); columns >= 0.
      .Lpm_w<w>_sqr   the square's strip: w - 1 partial columns first;
                      columns >= w - 1.
    Every column adds its old limb.  Tail (t_end[0, w)): MODE 0 stores the
    window, MODE 1 adds it and CARRY, and leaves the carry out in CARRY."""
    p = f".Lpm_w{w}"
    o.align()
    o.label(f"{p}_mul")
    o("endbr64")
    for k in range(w):
        o(f"xorl {d32(ACC[k])}, {d32(ACC[k])}")
    o(f"jmp {p}_c0")
    o.align()
    o.label(f"{p}_rest")
    o("endbr64")
    for k in range(w):
        o(f"movq {buf('SBUF', k, 1)}, {ACC[k]}")
    o(f"testq {IX}, {IX}")
    o(f"je {p}_x0")
    o(f"jmp {p}_c0")
    o.align()
    o.label(f"{p}_sqr")
    o("endbr64")
    for c in range(w - 1):
        column(o, w, c, "UBUF", partial=c)
    last = rot(w, w - 1, w - 1)
    o(f"xorl {d32(last)}, {d32(last)}")
    o(f"testq {IX}, {IX}")
    o(f"je {p}_x{w - 1}")
    o(f"jmp {p}_c{w - 1}")
    o.align()
    for rho in range(w + 1):
        o.label(f"{p}_c{rho}")
        column(o, w, rho, "UBUF")
        o(f"je {p}_x{(rho + 1) % (w + 1)}")
    o(f"jmp {p}_c0")
    for rho in range(w + 1):
        A = lambda k: rot(w, rho, k)
        o.label(f"{p}_x{rho}")
        o(f"cmpq $0, {slot('MODE', 1)}")
        o(f"jne {p}_a{rho}")
        for k in range(w):
            o(f"movq {A(k)}, {8 * k}({TE})")
        o("ret")
        o.label(f"{p}_a{rho}")
        o("xorl %eax, %eax")
        o(f"adcxq {slot('CARRY', 1)}, {A(0)}")
        for k in range(w):
            if k > 0:
                o(f"adcxq {LO}, {A(k)}")
            o(f"adoxq {8 * k}({TE}), {A(k)}")
            o(f"movq {A(k)}, {8 * k}({TE})")
        o("movl $0, %ecx")
        o(f"adcxq {LO}, {HI}")
        o(f"adoxq {LO}, {HI}")
        o(f"movq {HI}, {slot('CARRY', 1)}")
        o("ret")


def digit_routine(o, w):
    """D<w> (depth 1): the w digit columns of a REDC block at rdi = t_end,
    rsi = -n (n >= w), u = PBUF[0, w): QBUF[0, w) = the digits, SBUF[0, w) =
    the window after them (positions w .. 2w-1 of the block), rsi += w."""
    o.align()
    o.label(f".Lpm_d{w}")
    o("endbr64")
    for k in range(w):
        o(f"xorl {d32(ACC[k])}, {d32(ACC[k])}")
    for c in range(w):
        column(o, w, c, "PBUF", digit=True)
    for k in range(w):
        o(f"movq {rot(w, w, k)}, {buf('SBUF', k, 1)}")
    o("ret")


def emit_ct_mask(o, mask, tmp, top):
    """mask = all ones when top != 0 or the subtraction R - P just done left
    no borrow (CF = 0), else 0: the take-D mask of the constant-time final
    subtraction, from the flags and the operand top, without a branch."""
    o(f"sbbq {mask}, {mask}")               # -borrow
    o(f"notq {mask}")                       # all ones when R >= P
    o(f"movq {top}, {tmp}")
    o(f"negq {tmp}")                        # CF = (top != 0)
    o(f"sbbq {tmp}, {tmp}")
    o(f"orq {tmp}, {mask}")


def emit_ct_select(o, n_reg, free_reg, r_ptr, out_ptr, top, label):
    """The constant-time final subtraction: the borrow of R - P (found, not
    stored), the mask of emit_ct_mask from it and top, then out = R - P m
    (m = 0 or 1) in a second pass: no branch and no address depends on R, P
    or top.  n_reg is %rcx and holds n (>= 1), %rdx = P; uses rax, rcx, rdx,
    r8 .. r11 and free_reg (it keeps n).  out may equal R.  Each pass runs the n mod 4 single
    limbs, then four limbs a step; jrcxz skips an empty part without touching
    CF.  (Before: D = R - P stored, then a select of R or D: twice the loads
    and stores.)"""
    assert n_reg == "%rcx"
    o(f"movq {top}, %r9")                   # top, before rcx changes (it may address it)
    o(f"movq %rcx, {free_reg}")

    def chain(tag, step):
        """step(k): the limb at index rax + k, on the CF chain."""
        o(f"movq {free_reg}, %r11")
        o("shrq $2, %r11")                  # steps of four limbs
        o(f"movq {free_reg}, %rcx")
        o("andq $3, %rcx")                  # single limbs first
        o("xorl %eax, %eax")                # the index; CF = 0
        o(f"jrcxz {label}_{tag}4")
        o.label(f"{label}_{tag}1")
        step(0)
        o("leaq 1(%rax), %rax")
        o("decq %rcx")                      # dec leaves CF alone
        o(f"jne {label}_{tag}1")
        o.label(f"{label}_{tag}4")
        o("movq %r11, %rcx")
        o(f"jrcxz {label}_{tag}end")
        o.label(f"{label}_{tag}4l")
        for k in range(4):
            step(k)
        o("leaq 4(%rax), %rax")
        o("decq %rcx")
        o(f"jne {label}_{tag}4l")
        o.label(f"{label}_{tag}end")

    def borrow(k):
        o(f"movq {8 * k}({r_ptr},%rax,8), %r8")
        o(f"sbbq {8 * k}(%rdx,%rax,8), %r8")

    def subtract(k):  # mulx by 0 or 1 masks P without touching CF (and would clear it)
        o(f"mulxq {8 * k}(%r10,%rax,8), %r8, %r9")
        o(f"movq {8 * k}({r_ptr},%rax,8), %r9")
        o("sbbq %r8, %r9")
        o(f"movq %r9, {8 * k}({out_ptr},%rax,8)")

    chain("ctb", borrow)
    emit_ct_mask(o, "%r10", "%r9", "%r9")
    o("andl $1, %r10d")                     # the mask as 0 or 1 ...
    o("xchgq %rdx, %r10")                   # ... in rdx for mulx; r10 = P
    chain("cts", subtract)


def final_routine(o):
    """FIN (depth 1): r[0, n) = R + CARRY beta^n - P if that is >= 0, else R,
    for R = T + n (r may equal R).  CT: the masked subtraction."""
    o.align()
    o.label(".Lpm_fin")
    if CT:
        o(f"movq {slot('N', 1)}, %rcx")
        o(f"movq {slot('T', 1)}, %rsi")
        o("leaq (%rsi,%rcx,8), %rdi")      # R
        o(f"movq {slot('P', 1)}, %rdx")
        o(f"movq {slot('R', 1)}, %rbx")
        emit_ct_select(o, "%rcx", "%rsi", "%rdi", "%rbx", slot("CARRY", 1), ".Lpm_fin")
        o("ret")
        return
    o(f"movq {slot('N', 1)}, %rcx")
    o(f"movq {slot('T', 1)}, %rsi")
    o("leaq (%rsi,%rcx,8), %rsi")
    o(f"movq {slot('P', 1)}, %rdx")
    o(f"movq {slot('R', 1)}, %rdi")
    o(f"cmpq $0, {slot('CARRY', 1)}")
    o("jne .Lpm_fin_sub")
    o("movq %rcx, %rax")
    o.label(".Lpm_fin_cmp")                 # R against P from the top limb
    o("subq $1, %rax")
    o("jb .Lpm_fin_sub")                    # every limb equal: R = P
    o("movq (%rsi,%rax,8), %r8")
    o("cmpq (%rdx,%rax,8), %r8")
    o("ja .Lpm_fin_sub")
    o("je .Lpm_fin_cmp")
    o("cmpq %rdi, %rsi")                    # R < P: R is the result
    o("je .Lpm_fin_ret")
    o("xorl %eax, %eax")
    o.label(".Lpm_fin_copy")
    o("movq (%rsi,%rax,8), %r8")
    o("movq %r8, (%rdi,%rax,8)")
    o("addq $1, %rax")
    o("cmpq %rcx, %rax")
    o("jne .Lpm_fin_copy")
    o("ret")
    o.label(".Lpm_fin_sub")                 # r = R - P; the borrow out cancels CARRY
    o("xorl %eax, %eax")
    o.label(".Lpm_fin_subl")
    o("movq (%rsi,%rax,8), %r8")
    o("sbbq (%rdx,%rax,8), %r8")
    o("movq %r8, (%rdi,%rax,8)")
    o("leaq 1(%rax), %rax")
    o("decq %rcx")                          # dec leaves CF alone
    o("jne .Lpm_fin_subl")
    o.label(".Lpm_fin_ret")
    o("ret")


def diag_routine(o):
    """DG (depth 1): T[0, 2n) = 2 T + sum a_i^2 beta^(2i) (T[0] = 0; the
    doubled triangle is below a^2 < beta^(2n): no carry out of either chain).
    CF chain: the doubling (adcx x, x); OF chain: the squares; lea and jrcxz
    leave both alone."""
    o.align()
    o.label(".Lpm_dg")
    o(f"movq {slot('A', 1)}, %rsi")
    o(f"movq {slot('T', 1)}, %rdi")
    o(f"movq {slot('N', 1)}, %rcx")
    o("xorl %eax, %eax")
    o.label(".Lpm_dg_l")
    o("movq (%rsi), %rdx")
    o("mulxq %rdx, %rax, %r10")
    o("movq (%rdi), %r8")
    o("movq 8(%rdi), %r9")
    o("adcxq %r8, %r8")
    o("adcxq %r9, %r9")
    o("adoxq %rax, %r8")
    o("adoxq %r10, %r9")
    o("movq %r8, (%rdi)")
    o("movq %r9, 8(%rdi)")
    o("leaq 8(%rsi), %rsi")
    o("leaq 16(%rdi), %rdi")
    o("leaq -1(%rcx), %rcx")
    o("jrcxz .Lpm_dg_done")
    o("jmp .Lpm_dg_l")
    o.label(".Lpm_dg_done")
    o("ret")


def widths_table(o, name, entry):
    # .Lpm_tab_<name>: 32-bit offsets of the width-w entries, w = 1 .. 8 (at 4 (w - 1))
    o.lines.append("\t.p2align 2")
    o.label(f".Lpm_tab_{name}")
    for w in range(1, 9):
        o(f".long {entry(w)}-.Lpm_tab_{name}")


# --- top-level sections (depth 0) -------------------------------------------

class Sec:
    """Emits depth-0 code with labels unique to one function."""

    def __init__(self, o, fn):
        self.o, self.fn, self.n = o, fn, 0

    def lab(self, tag):
        return f".Lpm_{self.fn}_{tag}"

    def call_w(self, table):
        # call the width-W routine (W in 1 .. 8) of a table
        o = self.o
        o(f"movq {slot('W', 0)}, %rdx")
        o(f"leaq .Lpm_tab_{table}-4(%rip), %rax")
        o("movslq (%rax,%rdx,4), %rcx")
        o("leaq 4(%rax,%rcx), %rcx")
        o("call *%rcx")

    def copy_loop(self):
        # rdi[0, rcx) = rsi[0, rcx), rcx >= 1
        o, l = self.o, self.lab(f"cp{self.n}")
        self.n += 1
        o.label(l)
        o("movq (%rsi), %rax")
        o("movq %rax, (%rdi)")
        o("leaq 8(%rsi), %rsi")
        o("leaq 8(%rdi), %rdi")
        o("decq %rcx")
        o(f"jne {l}")

    def copy_to(self, bufname, src_slot, off_slot, count_slot):
        # bufname[0, W) = src[O, O + W) (W limbs; both slots hold limb counts)
        o = self.o
        o(f"movq {slot(src_slot, 0)}, %rsi")
        if off_slot:
            o(f"movq {slot(off_slot, 0)}, %rax")
            o("leaq (%rsi,%rax,8), %rsi")
        o(f"movq {slot(count_slot, 0)}, %rcx")
        o(f"leaq {buf(bufname, 0, 0)}, %rdi")
        self.copy_loop()

    def zero_t(self, count_slot):
        o, l = self.o, self.lab(f"z{self.n}")
        self.n += 1
        o(f"movq {slot('T', 0)}, %rdi")
        o(f"movq {slot(count_slot, 0)}, %rcx")
        o("xorl %eax, %eax")
        o.label(l)
        o("movq %rax, (%rdi)")
        o("leaq 8(%rdi), %rdi")
        o("decq %rcx")
        o(f"jne {l}")

    def first_width(self):
        # W = N mod 8, or 8; O = 0
        o = self.o
        o(f"movq {slot('N', 0)}, %rax")
        o("decq %rax")
        o("andl $7, %eax")
        o("incq %rax")
        o(f"movq %rax, {slot('W', 0)}")
        o(f"movq $0, {slot('O', 0)}")

    def t_end(self, extra_slot):
        # rdi = T + 8 (O + extra)
        o = self.o
        o(f"movq {slot('O', 0)}, %rax")
        o(f"addq {slot(extra_slot, 0)}, %rax")
        o(f"movq {slot('T', 0)}, %rdi")
        o("leaq (%rdi,%rax,8), %rdi")

    def strip(self):
        """Product strip at O of width W: T[O, O + NB + W) += a[O, O + W) b."""
        o = self.o
        self.copy_to("UBUF", "A", "O", "W")
        self.t_end("NB")
        o(f"movq {slot('B', 0)}, %r15")
        o(f"movq {slot('NB', 0)}, %rsi")
        o("leaq (%r15,%rsi,8), %r15")
        o(f"negq %rsi")
        o(f"movq $0, {slot('MODE', 0)}")
        self.call_w("mul")

    def digits(self):
        """REDC digit columns of the block at O, width W."""
        o = self.o
        self.t_end("N")
        o(f"movq {slot('N', 0)}, %rsi")
        o("negq %rsi")
        self.call_w("d")

    def rest(self):
        """REDC block at O, width W: the columns P[W, N) and the tail."""
        o = self.o
        # UBUF = QBUF (W limbs)
        o(f"movq {slot('W', 0)}, %rcx")
        o(f"leaq {buf('QBUF', 0, 0)}, %rsi")
        o(f"leaq {buf('UBUF', 0, 0)}, %rdi")
        self.copy_loop()
        self.t_end("N")
        o(f"movq {slot('P', 0)}, %r15")
        o(f"movq {slot('N', 0)}, %rsi")
        o("leaq (%r15,%rsi,8), %r15")
        o(f"subq {slot('W', 0)}, %rsi")
        o("negq %rsi")
        o(f"movq $1, {slot('MODE', 0)}")
        self.call_w("rest")

    def next_block(self):
        # O += W; W = 8
        o = self.o
        o(f"movq {slot('W', 0)}, %rax")
        o(f"addq %rax, {slot('O', 0)}")
        o(f"movq $8, {slot('W', 0)}")

    def next_block_or_end(self):
        # the next block, back to the section's loop while O < N
        o = self.o
        self.next_block()
        o(f"movq {slot('O', 0)}, %rax")
        o(f"cmpq {slot('N', 0)}, %rax")
        o(f"jb {self.lab('loop')}")

    def redc_setup(self):
        o = self.o
        self.first_width()
        # PBUF = P[0, W0 ... 8): the digit columns read P[0, W) for every block
        # width W; W0 <= 8 and later blocks are 8 wide (n >= 8 then)
        o(f"movq {slot('N', 0)}, %rax")
        o("cmpq $8, %rax")
        o("movl $8, %ecx")
        o("cmovaq %rcx, %rax")
        o(f"movq %rax, {slot('NEXTW', 0)}")
        self.copy_to("PBUF", "P", None, "NEXTW")
        o(f"movq $0, {slot('CARRY', 0)}")


def section_product(o, fn):
    """T[0, N + NB) = A[0, N) B[0, NB)."""
    s = Sec(o, fn + "_p")
    s.zero_t("NB")
    s.first_width()
    o.label(s.lab("loop"))
    s.strip()
    s.next_block_or_end()


def section_square(o, fn):
    """T[0, 2N) = A[0, N)^2."""
    s = Sec(o, fn + "_s")
    s.zero_t("N")
    s.first_width()
    o.label(s.lab("loop"))
    s.copy_to("UBUF", "A", "O", "W")
    # t_end = T + 8 (O + N); v_end = A + 8 N; columns N - O - 1
    s.t_end("N")
    o(f"movq {slot('A', 0)}, %r15")
    o(f"movq {slot('N', 0)}, %rsi")
    o("leaq (%r15,%rsi,8), %r15")
    o(f"subq {slot('O', 0)}, %rsi")
    o("decq %rsi")
    o("negq %rsi")
    o(f"movq $0, {slot('MODE', 0)}")
    s.call_w("sqr")
    s.next_block_or_end()
    o("call .Lpm_dg")


def section_redc(o, fn):
    """The REDC of T[0, 2N) into R: blocks one after the other, then FIN."""
    s = Sec(o, fn + "_r")
    s.redc_setup()
    o.label(s.lab("loop"))
    s.digits()
    s.rest()
    s.next_block_or_end()
    o("call .Lpm_fin")


def section_mont_mul(o, fn):
    """R = A B beta^-N mod P: strip 0; then per block: its digits, the next
    strip, its remaining columns; FIN."""
    s = Sec(o, fn + "_m")
    s.zero_t("N")
    s.redc_setup()
    s.strip()
    o.label(s.lab("loop"))
    s.digits()
    # the next strip: at O + W, width 8, when O + W < N
    o(f"movq {slot('O', 0)}, %rax")
    o(f"addq {slot('W', 0)}, %rax")
    o(f"cmpq {slot('N', 0)}, %rax")
    o(f"jae {s.lab('nostrip')}")
    o(f"movq {slot('O', 0)}, %rcx")
    o(f"movq {slot('W', 0)}, %rdx")
    o(f"movq %rcx, {slot('NEXTW', 0)}")      # (saves O)
    o(f"movq %rax, {slot('O', 0)}")
    o(f"movq $8, {slot('W', 0)}")
    s.strip()
    o(f"movq {slot('NEXTW', 0)}, %rax")
    o(f"movq %rax, {slot('O', 0)}")
    o(f"movq {slot('O', 0)}, %rax")
    # W of the block: 8 unless it is block 0 with N mod 8 != 0
    o(f"movq {slot('N', 0)}, %rcx")
    o("decq %rcx")
    o("andl $7, %ecx")
    o("incq %rcx")
    o("movl $8, %edx")
    o("testq %rax, %rax")
    o("cmoveq %rcx, %rdx")
    o(f"movq %rdx, {slot('W', 0)}")
    o.label(s.lab("nostrip"))
    s.rest()
    s.next_block_or_end()
    o("call .Lpm_fin")


# --- unrolled kernels for small n: one window for every strip ---------------
#
# For n in SMALL_SIZES and TUNED_SIZES the Montgomery product and square are
# written out in full.  Every limb product goes into one register window of 10 limbs
# (positions c .. c + 9 at column c); a group is one multiplier in rdx times
# up to 8 limbs at consecutive positions, placed at the column where its top
# product's hi lands on position c + 8 (so both chains close into A_8 and
# A_9: 3 instructions).  Column c holds, in this order, the product groups of
# position c (a strip of a times b_j, or for the square a row a_i times its
# multipliers), the quotient groups of the REDC blocks whose digits are known
# (8 digits times p_j, j >= 8), and, for c < n, the digit q_c = A_0 mu0 (by
# imul: every group closes its flag chains, so none is open there) and its
# group q_c p[0, 8).  Several groups per column give the out-of-order
# core independent products while a digit waits for its column; nothing is
# stored but the digits and the result positions n .. 2n, then one
# conditional subtraction of P.
#
# The square: a^2 = sum_i a_i^2 beta^(2i) + sum_i a_i e_(i+1) beta^(2i+1)
# + sum_i sum_(j=i+2..n) a_i d_j beta^(i+j), with d = 2a (limbs d_j =
# (a_j << 1) | (a_(j-1) >> 63), d_n = a_(n-1) >> 63) and e_j = a_j << 1 mod
# beta: 2 a_i A_(>i) without the bit of a_i that d_(i+1) carries; every term
# is a plain product, so the square's rows share the window with the REDC
# like the product's strips.  n (n + 3) / 2 - 1 limb products.

SMALL_SIZES = list(range(8, 17)) + [24]
TUNED_SIZES = [32]  # unrolled too, behind the tuning keys (the docstring's family 2)
WIN = ["%rbx", "%rbp", "%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"]
OPND, PPTR = "%rdi", "%rsi"  # b (product) or a (square); P


class Group:
    """rdx = mult (an operand, or None: rdx already holds the digit) times
    us[k] at position base + k."""

    def __init__(self, base, mult, us, earliest=0):
        self.base, self.mult, self.us, self.earliest = base, mult, us, earliest

    def column(self):
        return max(self.base + len(self.us) - 8, self.earliest, 0)


class SmallFrame:
    """Frame of one small kernel: named 8-byte slots and limb arrays."""

    def __init__(self, arrays):
        self.off = {"ZERO": 0, "MU0": 8, "R": 16}
        at = 24
        for name, limbs in arrays:
            self.off[name] = at
            at += 8 * limbs
        self.size = at + (at + 56) % 16  # rsp 16-byte aligned below the 6 pushes and the return address

    def __call__(self, name, k=0):
        return f"{self.off[name] + 8 * k}(%rsp)"


def emit_group(o, g, c, fr, first):
    """One group at column c; first: the column's first flag clear also
    zeroes the new top register (position c + 9)."""
    A = lambda rel: WIN[(c + rel) % 10]
    if first:
        o(f"xorl {d32(A(9))}, {d32(A(9))}")
    else:
        o("xorl %eax, %eax")
    if g.mult is not None:
        o(f"movq {g.mult}, %rdx")
    r0 = g.base - c
    m = len(g.us)
    assert 0 <= r0 and r0 + m <= 8
    for k, u in enumerate(g.us):
        o(f"mulxq {u}, %rax, %rcx")
        product_adds(o, "%rax", A(r0 + k), "%rcx", A(r0 + k + 1))
    # The chains' carries into the top: OF into positions r0+m .. 9, CF into
    # r0+m+1 .. 9.  Each add leaves its flag 0 (the window does not
    # overflow), so the two chains' adds may come in either order.
    of_adds = [f"adoxq {{z}}, {A(rel)}" for rel in range(r0 + m, 10)]
    cf_adds = [f"adcxq {{z}}, {A(rel)}" for rel in range(r0 + m + 1, 10)]
    if CLOSE_FROM_SLOT:
        z = fr("ZERO")
        adds = cf_adds + of_adds
    else:
        z = zero_rax(o)
        adds = of_adds + cf_adds
    for add in adds:
        o(add.format(z=z))


def emit_wavefront(o, n, fr, product_groups, label):
    """The columns: product groups, quotient groups, digits; RES[0, n] =
    positions n .. 2n."""
    np_ = min(n, 8)
    blocks = [(s, min(8, n - s)) for s in range(0, n, 8)]
    groups = list(product_groups)
    for s, w in blocks:  # quotient groups: digits s .. s+w-1 times p_j, j >= 8
        for j in range(8, n):
            groups.append(Group(s + j, f"{8 * j}({PPTR})", [fr("Q", s + k) for k in range(w)], earliest=s + w))
    by_col = {}
    for g in groups:
        by_col.setdefault(g.column(), []).append(g)
    last = max(max(by_col), n - 1)
    for r in WIN:
        o(f"xorl {d32(r)}, {d32(r)}")
    for c in range(last + 1):
        first = c > 0
        for g in by_col.get(c, []):
            emit_group(o, g, c, fr, first)
            first = False
        A = lambda rel: WIN[(c + rel) % 10]
        if c < n:
            o(f"movq {A(0)}, %rdx")
            o(f"imulq {fr('MU0')}, %rdx")
            o(f"movq %rdx, {fr('Q', c)}")
            emit_group(o, Group(c, None, [f"{8 * k}({PPTR})" for k in range(np_)]), c, fr, first)
        elif first:
            o(f"xorl {d32(A(9))}, {d32(A(9))}")
        if c >= n:
            o(f"movq {A(0)}, {fr('RES', c - n)}")
    for pos in range(last + 1, 2 * n + 1):
        o(f"movq {WIN[pos % 10]}, {fr('RES', pos - n)}")
    emit_small_final(o, n, fr, label)


def emit_small_final(o, n, fr, label):
    """r = RES - P if RES = RES[0, n) + RES[n] beta^n >= P, else RES.  CT:
    the borrow of RES - P (not stored), then r = RES - P m for the mask m = 0
    or 1 (mulx masks P without touching CF)."""
    o(f"movq {fr('R')}, %rdi")
    if CT:
        for k in range(n):
            o(f"movq {fr('RES', k)}, %rax")
            o(f"{'subq' if k == 0 else 'sbbq'} {8 * k}({PPTR}), %rax")
        emit_ct_mask(o, "%rcx", "%rdx", fr("RES", n))
        o("movl %ecx, %edx")
        o("andl $1, %edx")                  # the mask as 0 or 1 for mulx (no flags)
        for k in range(n):
            o(f"mulxq {8 * k}({PPTR}), %rcx, %rax")
            o(f"movq {fr('RES', k)}, %rax")
            o(f"{'subq' if k == 0 else 'sbbq'} %rcx, %rax")
            o(f"movq %rax, {8 * k}(%rdi)")
        return
    o(f"cmpq $0, {fr('RES', n)}")
    o(f"jne {label}_sub")
    for k in range(n - 1, -1, -1):
        o(f"movq {fr('RES', k)}, %rax")
        o(f"cmpq {8 * k}({PPTR}), %rax")
        o(f"ja {label}_sub")
        o(f"jb {label}_copy")
    o.label(f"{label}_sub")
    for k in range(n):
        o(f"movq {fr('RES', k)}, %rax")
        o(f"{'subq' if k == 0 else 'sbbq'} {8 * k}({PPTR}), %rax")
        o(f"movq %rax, {8 * k}(%rdi)")
    o(f"jmp {label}_done")
    o.label(f"{label}_copy")
    for k in range(n):
        o(f"movq {fr('RES', k)}, %rax")
        o(f"movq %rax, {8 * k}(%rdi)")
    o.label(f"{label}_done")


def family_suffix():
    return "_zs" if CLOSE_FROM_SLOT else ""


def small_zero_slot_entry(o, kind, nreg):
    """parmod_montgomery_<kind>_adx_small_zs: the arguments of
    parmod_montgomery_<kind>_adx with n (in nreg) in SMALL_SIZES; a tail jump
    to the unrolled kernel of n in the family that closes from the zero
    slot (any other n traps: the callers check)."""
    name = f"parmod_montgomery_{kind}_adx_small_zs"
    table = f".Lpm_tab_{kind}small_zs"
    function_label(o, name)
    o(f"cmpq ${max(SMALL_SIZES)}, {nreg}")
    o(f"ja {table}_trap")
    o(f"leaq {table}(%rip), %rax")
    o(f"movslq (%rax,{nreg},4), %r10")
    o("addq %rax, %r10")
    o("jmp *%r10")
    o.label(f"{table}_trap")
    o("ud2")
    o.lines.append(f"\t.size {name}, .-{name}")
    o.lines.append("\t.p2align 2")
    o.label(table)
    for n in range(max(SMALL_SIZES) + 1):
        target = f"parmod_montgomery_{kind}_adx_{n}_zs" if n in SMALL_SIZES else f"{table}_trap"
        o(f".long {target}-{table}")


def small_function(o, name, n, fr, args, body):
    begin_function(o, name)
    o(f"subq ${fr.size}, %rsp")
    o(f"movq $0, {fr('ZERO')}")
    for reg, slot_name in args:
        if slot_name:
            o(f"movq {reg}, {fr(slot_name)}")
    body()
    o(f"addq ${fr.size}, %rsp")
    end_function(o, name)


def small_mul(o, n):
    """parmod_montgomery_mul_adx_<n>(r, a, b, p, mu0): a is copied to the
    frame (the strips' limbs), b streams through rdx from rdi."""
    fr = SmallFrame([("A", n), ("Q", n), ("RES", n + 1)])
    name = f"parmod_montgomery_mul_adx_{n}{family_suffix()}"

    def body():
        for k in range(n):
            o(f"movq {8 * k}(%rsi), %rax")
            o(f"movq %rax, {fr('A', k)}")
        o(f"movq %rdx, {OPND}")
        o(f"movq %rcx, {PPTR}")
        groups = []
        for s in range(0, n, 8):
            w = min(8, n - s)
            for j in range(n):
                groups.append(Group(s + j, f"{8 * j}({OPND})", [fr("A", s + k) for k in range(w)]))
        emit_wavefront(o, n, fr, groups, f".Lpm_m{n}{family_suffix()}")

    small_function(o, name, n, fr, [("%rdi", "R"), ("%r8", "MU0")], body)


def small_sqr(o, n):
    """parmod_montgomery_sqr_adx_<n>(r, a, p, mu0): rows a_i (rdx, from rdi)
    times a_i, e_(i+1), d_(i+2) .. d_n (E, D in the frame)."""
    fr = SmallFrame([("E", n + 1), ("D", n + 1), ("Q", n), ("RES", n + 1)])
    name = f"parmod_montgomery_sqr_adx_{n}{family_suffix()}"

    def body():
        o(f"movq %rsi, {OPND}")  # a
        o(f"movq %rdx, {PPTR}")  # p
        o(f"movq ({OPND}), %rax")
        for j in range(1, n):
            o(f"movq {8 * j}({OPND}), %rcx")
            o("movq %rcx, %rdx")
            o("addq %rcx, %rcx")
            o(f"movq %rcx, {fr('E', j)}")
            o("shldq $1, %rax, %rdx")
            o(f"movq %rdx, {fr('D', j)}")
            o(f"movq {8 * j}({OPND}), %rax")
        o("shrq $63, %rax")
        o(f"movq %rax, {fr('D', n)}")
        groups = []
        for i in range(n):
            mults = [f"{8 * i}({OPND})"]
            if i + 1 < n:
                mults.append(fr("E", i + 1))
                mults += [fr("D", j) for j in range(i + 2, n + 1)]
            for g in range(0, len(mults), 8):
                groups.append(Group(2 * i + g, f"{8 * i}({OPND})", mults[g:g + 8]))
        emit_wavefront(o, n, fr, groups, f".Lpm_s{n}{family_suffix()}")

    small_function(o, name, n, fr, [("%rdi", "R"), ("%rcx", "MU0")], body)


# --- passes of two groups per column, for n = 8m beyond the unrolled sizes --
#
# Pass s adds a[8s, 8s+8) b and Q_s P, Q_s the digits q_(8s) .. q_(8s+7),
# to T at position 8s, one column per position c = 0 .. n-1 of the pass:
# the strip group a[8s, 8s+8) b_c with the old limb T[8s+c] on its CF chain,
# then for c < 8 the digit q = A_0 mu0 and its group q p[0, 8), for c >= 8 the
# group Q_s p_c.  Two groups per column: the digit chain (q -> q p_0 -> next
# A_0) overlaps the strip's products.  The window is 10 registers (rotating,
# 10 columns per loop pass); the tail adds the top 9 positions to T (the
# lowest onto the previous pass's top limb).  b and p are copied into the
# frame interleaved, so one index j = 2c reaches b_c, p_c (scale 8) and
# T[8s+c] (scale 4).  T = scratch, 2n + 1 limbs: positions n .. 2n are the
# result before the conditional subtraction.

PASS_MIN = 32
PASS_MAX = 512  # the frame holds b and p: 16n bytes of stack
PSLOTS = ["ZERO", "MU0", "R", "A", "P", "N", "N2", "T", "S", "SIZE", "CARRY", "TOP", "LAST"]
PUBUF = 8 * len(PSLOTS)
PQBUF = PUBUF + 64
PFIX = PQBUF + 64  # then b_c, p_c interleaved: BP + 16c, BP + 16c + 8
PFIX += (PFIX + 56) % 16


def ps(name, depth):
    return f"{8 * PSLOTS.index(name) + 8 * depth}(%rsp)"


def pass_group(o, rho, u_off, v_off, depth, top_xor, old, load_v=True):
    """A group at rotation rho: rdx = BP+v_off (j) unless load_v is false,
    times the 8 limbs at rsp + u_off (u_off None: p[0, 8), at BP + 16k + 8);
    top_xor: zero the window's top register (the column's first group);
    old: T[8s+c] on the CF chain."""
    W = lambda k: ACC10[(rho + k) % 10]
    d = 8 * depth
    if top_xor:
        o(f"xorl {d32(W(9))}, {d32(W(9))}")
    else:
        o("xorl %eax, %eax")
    if load_v:
        o(f"movq {PFIX + v_off + d}(%rsp,%rsi,8), %rdx")
    if old:
        o(f"adcxq (%rdi,%rsi,4), {W(0)}")
    for k in range(8):
        src = f"{u_off + 8 * k + d}(%rsp)" if u_off is not None else f"{PFIX + 16 * k + 8 + d}(%rsp)"
        o(f"mulxq {src}, %rax, %rcx")
        product_adds(o, "%rax", W(k), "%rcx", W(k + 1))
    z = zero_rax(o)
    o(f"adoxq {z}, {W(8)}")
    o(f"adoxq {z}, {W(9)}")
    o(f"adcxq {z}, {W(9)}")


ACC10 = ["%rbx", "%rbp", "%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"]


def pass_column(o, lab, rho, exit_label):
    """The passes' steady column at rotation rho, labelled <lab>_c<rho>: the
    strip group (with the old limb), the quotient group, the position stored;
    after an odd rho (n is even: a pass ends at an even rotation) a jump to
    exit_label when rsi reaches N2."""
    W = lambda k: ACC10[(rho + k) % 10]
    o.label(f"{lab}_c{rho}")
    pass_group(o, rho, PUBUF, 0, 1, True, True)
    pass_group(o, rho, PQBUF, 8, 1, False, False)
    o(f"movq {W(0)}, (%rdi,%rsi,4)")
    o("addq $2, %rsi")
    if (rho + 1) % 2 == 0:
        o(f"cmpq {ps('N2', 1)}, %rsi")
        o(f"je {exit_label}")


def pass_routine(o):
    """.Lpm_pass (depth 1): one pass; rdi = T + 64 s, rsi = 0; UBUF = a[8s, 8s+8)."""
    lab = ".Lpm_pass"
    o.align()
    o.label(lab)
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    for c in range(8):  # digit columns
        W = lambda k: ACC10[(c + k) % 10]
        pass_group(o, c, PUBUF, 0, 1, c > 0, True)
        o(f"movq {W(0)}, %rdx")
        o(f"mulxq {ps('MU0', 1)}, %rdx, %rax")
        o(f"movq %rdx, {PQBUF + 8 * c + 8}(%rsp)")
        pass_group(o, c, None, None, 1, False, False, load_v=False)  # q p[0, 8)
        o("addq $2, %rsi")
    o(f"jmp {lab}_c8")
    o.align()
    for rho in range(10):
        pass_column(o, lab, rho, f"{lab}_x{(rho + 1) % 10}")
    o(f"jmp {lab}_c0")
    for rho in range(0, 10, 2):  # tail: positions 8s + n .. 8s + n + 8
        W = lambda k: ACC10[(rho + k) % 10]
        o.label(f"{lab}_x{rho}")
        o("xorl %eax, %eax")
        o(f"adcxq (%rdi,%rsi,4), {W(0)}")
        o(f"movq {W(0)}, (%rdi,%rsi,4)")
        for k in range(1, 9):
            o(f"adcxq %rax, {W(k)}")
            o(f"movq {W(k)}, {8 * k}(%rdi,%rsi,4)")
        o("ret")


def emit_pass_final(o, lab, top):
    """r = T[n, 2n) + top beta^n - P if >= 0, else T[n, 2n) (depth 0; top an
    operand, with rsi = T + n and rcx = n).  CT: the masked subtraction."""
    if CT:  # rsi = T + n, rcx = n as top may name them
        o(f"movq {ps('N', 0)}, %rcx")
        o(f"movq {ps('T', 0)}, %rdi")
        o("leaq (%rdi,%rcx,8), %rsi")
        o(f"movq {ps('P', 0)}, %rdx")
        o(f"movq {ps('R', 0)}, %rbx")
        emit_ct_select(o, "%rcx", "%rdi", "%rsi", "%rbx", top, lab)
        return
    o(f"movq {ps('N', 0)}, %rcx")
    o(f"movq {ps('T', 0)}, %rsi")
    o("leaq (%rsi,%rcx,8), %rsi")
    o(f"movq {ps('P', 0)}, %rdx")
    o(f"movq {ps('R', 0)}, %rdi")
    o(f"cmpq $0, {top}")
    o(f"jne {lab}_sub")
    o("movq %rcx, %rax")
    o.label(f"{lab}_cmp")
    o("subq $1, %rax")
    o(f"jb {lab}_sub")
    o("movq (%rsi,%rax,8), %r8")
    o("cmpq (%rdx,%rax,8), %r8")
    o(f"ja {lab}_sub")
    o(f"je {lab}_cmp")
    o("cmpq %rdi, %rsi")
    o(f"je {lab}_done")
    o("xorl %eax, %eax")
    o.label(f"{lab}_copy")
    for k in range(8):
        o(f"movq {8 * k}(%rsi,%rax,8), %r8")
        o(f"movq %r8, {8 * k}(%rdi,%rax,8)")
    o("addq $8, %rax")
    o("cmpq %rcx, %rax")
    o(f"jne {lab}_copy")
    o(f"jmp {lab}_done")
    o.label(f"{lab}_sub")
    o("shrq $3, %rcx")
    o("xorl %eax, %eax")
    o.label(f"{lab}_subl")
    for k in range(8):
        o(f"movq {8 * k}(%rsi,%rax,8), %r8")
        o(f"sbbq {8 * k}(%rdx,%rax,8), %r8")
        o(f"movq %r8, {8 * k}(%rdi,%rax,8)")
    o("leaq 8(%rax), %rax")
    o("decq %rcx")
    o(f"jne {lab}_subl")
    o.label(f"{lab}_done")


def pass_function(o, name):
    """(r, a, b, p, mu0, n, t): n = 8m >= PASS_MIN, t = 2n + 1 limbs."""
    lab = ".Lpm_pf"
    begin_function(o, name)
    o("movq 56(%rsp), %rax")                  # t
    o(f"leaq {PFIX}(,%r9,8), %r10")
    o("leaq (%r10,%r9,8), %r10")               # PFIX + 16 n
    o("subq %r10, %rsp")
    o(f"movq %r10, {ps('SIZE', 0)}")
    o(f"movq %rax, {ps('T', 0)}")
    o(f"movq $0, {ps('ZERO', 0)}")
    o(f"movq %rdi, {ps('R', 0)}")
    o(f"movq %rsi, {ps('A', 0)}")
    o(f"movq %rcx, {ps('P', 0)}")
    o(f"movq %r8, {ps('MU0', 0)}")
    o(f"movq %r9, {ps('N', 0)}")
    o("leaq (%r9,%r9), %r10")
    o(f"movq %r10, {ps('N2', 0)}")
    # BP: b_c, p_c interleaved; T[0, n] = 0
    o("xorl %r10d, %r10d")
    o.label(f"{lab}_cp")
    o("movq (%rdx,%r10,8), %r11")
    o("movq %r10, %r8")
    o("shlq $4, %r8")
    o(f"movq %r11, {PFIX}(%rsp,%r8)")
    o("movq (%rcx,%r10,8), %r11")
    o(f"movq %r11, {PFIX + 8}(%rsp,%r8)")
    o("movq $0, (%rax,%r10,8)")
    o("incq %r10")
    o("cmpq %r9, %r10")
    o(f"jne {lab}_cp")
    o("movq $0, (%rax,%r10,8)")
    o(f"movq $0, {ps('S', 0)}")
    o.label(f"{lab}_s")
    o(f"movq {ps('S', 0)}, %rax")
    o("shlq $6, %rax")
    o(f"movq {ps('A', 0)}, %rsi")
    o("addq %rax, %rsi")
    for k in range(8):
        o(f"movq {8 * k}(%rsi), %rcx")
        o(f"movq %rcx, {PUBUF + 8 * k}(%rsp)")
    o(f"movq {ps('T', 0)}, %rdi")
    o("addq %rax, %rdi")
    o("xorl %esi, %esi")
    o("call .Lpm_pass")
    o(f"movq {ps('S', 0)}, %rax")
    o("incq %rax")
    o(f"movq %rax, {ps('S', 0)}")
    o("shlq $3, %rax")
    o(f"cmpq {ps('N', 0)}, %rax")
    o(f"jb {lab}_s")
    emit_pass_final(o, lab, "(%rsi,%rcx,8)")
    o(f"addq {ps('SIZE', 0)}, %rsp")
    end_function(o, name)


# REDC alone in passes (n = 8m in [16, 512]): pass s adds Q_s P at position
# 8s over columns 8 .. n-1 (Q_s p_c, the old limb T[8s+c] on its CF chain),
# and in its columns 8 .. 15 also computes the digits of block s + 1 (the
# positions 8(s+1) .. 8(s+1)+7) with their groups q p[0, 8): two groups per
# column there, so the digit chain overlaps the quotient group's products.
# Pass 0 first computes block 0's digits (columns 0 .. 7, one group each).
# The tail adds the top 9 positions and the carry of the pass before (at
# its second position) to T and passes its own carry on; the last pass's
# top position is 2n, the limb above the result.


def redc_qgroup_column(o, rho, digit):
    """A column of Q_s p_c (with T[8s+c]); digit: then the digit of the
    position into QNEXT + 8 (c - 8) and its group; else the position goes to T."""
    W = lambda k: ACC10[(rho + k) % 10]
    pass_group(o, rho, PUBUF, 8, 1, True, True)
    if digit is not None:
        o(f"movq {W(0)}, %rdx")
        o(f"mulxq {ps('MU0', 1)}, %rdx, %rax")
        o(f"movq %rdx, {PQBUF + 8 * digit + 8}(%rsp)")
        pass_group(o, rho, None, None, 1, False, False, load_v=False)
    else:
        o(f"movq {W(0)}, (%rdi,%rsi,4)")
    o("addq $2, %rsi")


def redc_pass_routine(o):
    """.Lpm_rp0 / .Lpm_rpn / .Lpm_rpl (depth 1): pass 0, a middle pass, the
    last pass; rdi = T + 64 s; UBUF = Q_s (pass 0 computes it)."""
    lab = ".Lpm_rp"
    o.align()
    o.label(f"{lab}0")
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    o("xorl %esi, %esi")
    for c in range(8):  # block 0's digits, the old limb in each
        W = lambda k: ACC10[(c + k) % 10]
        o("movq (%rdi,%rsi,4), %rdx")
        o(f"addq {W(0)}, %rdx")
        o(f"mulxq {ps('MU0', 1)}, %rdx, %rax")
        o(f"movq %rdx, {PUBUF + 8 * c + 8}(%rsp)")
        pass_group(o, c, None, None, 1, c > 0, True, load_v=False)  # q p[0, 8), the old limb
        o("addq $2, %rsi")
    o(f"jmp {lab}_d8")
    o.align()
    o.label(f"{lab}n")                        # a middle pass: from column 8, digits of the next block
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    o("movl $16, %esi")
    o.label(f"{lab}_d8")
    for c in range(8, 16):
        redc_qgroup_column(o, c % 10, c - 8)
    o(f"cmpq {ps('N2', 1)}, %rsi")
    o(f"je {lab}_x6")
    o(f"jmp {lab}_o6")
    o.align()
    o.label(f"{lab}l")                        # the last pass: from column 8, no digits
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    o("movl $16, %esi")
    o(f"jmp {lab}_o8")
    o.align()
    for rho in range(10):
        o.label(f"{lab}_o{rho}")
        redc_qgroup_column(o, rho, None)
        if (rho + 1) % 2 == 0:  # n is even: a pass ends at an even rotation
            o(f"cmpq {ps('N2', 1)}, %rsi")
            o(f"je {lab}_x{(rho + 1) % 10}")
    o(f"jmp {lab}_o0")
    for rho in range(0, 10, 2):  # positions 8s + n .. 8s + n + 8; CARRY in at the second, out above
        W = lambda k: ACC10[(rho + k) % 10]
        for last in (False, True):
            o.label(f"{lab}_{'y' if last else 'x'}{rho}")
            if not last:
                o(f"cmpq $0, {ps('LAST', 1)}")
                o(f"jne {lab}_y{rho}")
            o("xorl %eax, %eax")
            for k in range(8):
                if k == 1:
                    o(f"adoxq {ps('CARRY', 1)}, {W(k)}")
                elif k > 1:
                    o(f"adoxq %rax, {W(k)}")
                o(f"adcxq {8 * k}(%rdi,%rsi,4), {W(k)}")
                o(f"movq {W(k)}, {8 * k}(%rdi,%rsi,4)")
            o(f"adoxq %rax, {W(8)}")
            if last:  # position 2n: the limb above the result
                o(f"adcxq %rax, {W(8)}")
                o(f"movq {W(8)}, {ps('TOP', 1)}")
            else:
                o(f"adcxq 64(%rdi,%rsi,4), {W(8)}")
                o(f"movq {W(8)}, 64(%rdi,%rsi,4)")
                o("movl $0, %ecx")
                o("adcxq %rax, %rcx")
                o("adoxq %rax, %rcx")
                o(f"movq %rcx, {ps('CARRY', 1)}")
            o("ret")


def emit_redc_passes(o, lab):
    """r = T[0, 2n) beta^-n mod P by the REDC passes, then the final
    subtraction (depth 0; the frame holds p_c at PFIX + 16c + 8, and ZERO,
    CARRY and LAST are 0)."""
    o(f"movq {ps('T', 0)}, %rdi")
    o("call .Lpm_rp0")
    o(f"movq $1, {ps('S', 0)}")
    o.label(f"{lab}_s")
    for k in range(8):  # Q_s: the digits the pass before computed
        o(f"movq {PQBUF + 8 * k}(%rsp), %rcx")
        o(f"movq %rcx, {PUBUF + 8 * k}(%rsp)")
    o(f"movq {ps('S', 0)}, %rax")
    o("shlq $6, %rax")
    o(f"movq {ps('T', 0)}, %rdi")
    o("addq %rax, %rdi")
    o("shrq $3, %rax")
    o("addq $8, %rax")
    o(f"cmpq {ps('N', 0)}, %rax")
    o(f"jae {lab}_last")
    o("call .Lpm_rpn")
    o(f"incq {ps('S', 0)}")
    o(f"jmp {lab}_s")
    o.label(f"{lab}_last")
    o(f"movq $1, {ps('LAST', 0)}")
    o("call .Lpm_rpl")
    emit_pass_final(o, lab, ps("TOP", 0))


def redc_pass_function(o, name):
    """(r, c, p, mu0, n): n = 8m in [16, 512]; c (2n limbs) is T and is destroyed."""
    lab = ".Lpm_rf"
    begin_function(o, name)
    o(f"leaq {PFIX}(,%r8,8), %r10")
    o("leaq (%r10,%r8,8), %r10")               # PFIX + 16 n (the p_c of the interleaved layout)
    o("subq %r10, %rsp")
    o(f"movq %r10, {ps('SIZE', 0)}")
    o(f"movq $0, {ps('ZERO', 0)}")
    o(f"movq $0, {ps('CARRY', 0)}")
    o(f"movq $0, {ps('LAST', 0)}")
    o(f"movq %rdi, {ps('R', 0)}")
    o(f"movq %rsi, {ps('T', 0)}")
    o(f"movq %rdx, {ps('P', 0)}")
    o(f"movq %rcx, {ps('MU0', 0)}")
    o(f"movq %r8, {ps('N', 0)}")
    o("leaq (%r8,%r8), %r10")
    o(f"movq %r10, {ps('N2', 0)}")
    o("xorl %r10d, %r10d")
    o.label(f"{lab}_cp")
    o("movq (%rdx,%r10,8), %r11")
    o("movq %r10, %r9")
    o("shlq $4, %r9")
    o(f"movq %r11, {PFIX + 8}(%rsp,%r9)")
    o("incq %r10")
    o("cmpq %r8, %r10")
    o(f"jne {lab}_cp")
    emit_redc_passes(o, lab)
    o(f"addq {ps('SIZE', 0)}, %rsp")
    end_function(o, name)


# The Montgomery square in passes (n = 8m in [SQR_PASS_MIN, PASS_MAX]; the
# smaller n = 8m are unrolled): the triangle sum_{i<j} a_i a_j beta^(i+j)
# in one pass per 8-limb strip u = a[8s, 8s+8), one group per column
# j = 8s+1 .. n-1 (v = a_j, the window at position 8s + j; the columns
# j < 8s + 8 are partial, u_0 .. u_(j-8s-1) only); then
# T = 2 T + sum a_i^2 beta^(2i) in one loop; then the REDC passes above.
# Cost: n (n - 1) / 2 + n limb products for a^2, n^2 + n for REDC.
#
# The triangle's window is the generic one of 9 registers (8 positions and
# the register the top product's hi goes to), which takes 2 flag operations
# fewer per column than pass_group's 10.
SQR_PASS_MIN = 32
ACC9 = ACC10[:9]


def sqr_pass_routine(o):
    """.Lpm_sp (depth 1): triangle pass s; rdi = T + 8 (8s + n), r15 = the
    copy of a at its end (a_j at r15 + 16 (j - n)), rsi = 2 (8s + 1 - n);
    UBUF = a[8s, 8s+8).  Adds u_k a_j beta^(8s+k+j) for 8s + k < j < n to T
    (the old limb of each position on the CF chain) and stores the positions
    8s + n .. 8s + n + 7 (no pass before reached them)."""
    lab = ".Lpm_sp"
    z = ps("ZERO", 1)
    o.align()
    o.label(lab)
    for r in ACC9:
        o(f"xorl {d32(r)}, {d32(r)}")
    for i in range(7):  # partial column i: u_0 .. u_i times a_j, j = 8s + 1 + i
        W = lambda k: ACC9[(i + k) % 9]
        # W(8) held the position stored two columns ago; W(i + 1 ..) are zero
        # (the window then is below beta^(i+1): the column's sum fits W(0 .. i+1))
        o(f"xorl {d32(W(8))}, {d32(W(8))}")
        o("movq (%r15,%rsi,8), %rdx")
        o(f"adcxq (%rdi,%rsi,4), {W(0)}")
        for k in range(i):
            o(f"mulxq {PUBUF + 8 * k + 8}(%rsp), %rax, %rcx")
            product_adds(o, "%rax", W(k), "%rcx", W(k + 1))
        o(f"mulxq {PUBUF + 8 * i + 8}(%rsp), %rax, {W(i + 1)}")
        o(f"adoxq %rax, {W(i)}")
        o(f"adcxq {z}, {W(i + 1)}")
        o(f"adoxq {z}, {W(i + 1)}")
        o(f"movq {W(0)}, (%rdi,%rsi,4)")
        o("addq $2, %rsi")
    o(f"je {lab}_x7")  # the last pass has no full column
    o(f"jmp {lab}_c7")
    o.align()
    for rho in range(9):
        W = lambda k: ACC9[(rho + k) % 9]
        o.label(f"{lab}_c{rho}")
        o("movq (%r15,%rsi,8), %rdx")
        o("xorl %eax, %eax")
        o(f"adcxq (%rdi,%rsi,4), {W(0)}")
        for k in range(7):
            o(f"mulxq {PUBUF + 8 * k + 8}(%rsp), %rax, %rcx")
            product_adds(o, "%rax", W(k), "%rcx", W(k + 1))
        o(f"mulxq {PUBUF + 56 + 8}(%rsp), %rax, {W(8)}")
        o(f"adoxq %rax, {W(7)}")
        o(f"adcxq {z}, {W(8)}")
        o(f"adoxq {z}, {W(8)}")
        o(f"movq {W(0)}, (%rdi,%rsi,4)")
        o("addq $2, %rsi")
        o(f"je {lab}_x{(rho + 1) % 9}")
    o(f"jmp {lab}_c0")
    for rho in range(9):
        o.label(f"{lab}_x{rho}")
        for k in range(8):
            o(f"movq {ACC9[(rho + k) % 9]}, {8 * k}(%rdi)")
        o("ret")


def sqr_pass_function(o, name):
    """(r, a, p, mu0, n, t): n = 8m in [SQR_PASS_MIN, PASS_MAX], t = 2n + 1
    limbs; r may equal a (it is written last)."""
    lab = ".Lpm_sf"
    begin_function(o, name)
    o(f"leaq {PFIX}(,%r8,8), %r10")
    o("leaq (%r10,%r8,8), %r10")               # PFIX + 16 n: a_c, p_c interleaved
    o("subq %r10, %rsp")
    o(f"movq %r10, {ps('SIZE', 0)}")
    for name_, src in [("ZERO", "$0"), ("CARRY", "$0"), ("LAST", "$0"), ("R", "%rdi"), ("A", "%rsi"),
                       ("P", "%rdx"), ("MU0", "%rcx"), ("N", "%r8"), ("T", "%r9")]:
        o(f"movq {src}, {ps(name_, 0)}")
    o("leaq (%r8,%r8), %r10")
    o(f"movq %r10, {ps('N2', 0)}")
    o("leaq (%r9,%r8,8), %rdi")               # T + n
    o("xorl %r10d, %r10d")
    o.label(f"{lab}_cp")                       # the copies; T[0, 2n) = 0
    o("movq %r10, %rax")
    o("shlq $4, %rax")
    o("movq (%rsi,%r10,8), %r11")
    o(f"movq %r11, {PFIX}(%rsp,%rax)")
    o("movq (%rdx,%r10,8), %r11")
    o(f"movq %r11, {PFIX + 8}(%rsp,%rax)")
    o("movq $0, (%r9,%r10,8)")
    o("movq $0, (%rdi,%r10,8)")
    o("incq %r10")
    o("cmpq %r8, %r10")
    o(f"jne {lab}_cp")
    o(f"movq $0, {ps('S', 0)}")
    o.label(f"{lab}_s")                        # triangle pass S
    o(f"movq {ps('S', 0)}, %rax")
    o("shlq $6, %rax")
    o(f"movq {ps('A', 0)}, %rsi")
    o("addq %rax, %rsi")
    for k in range(8):
        o(f"movq {8 * k}(%rsi), %rcx")
        o(f"movq %rcx, {PUBUF + 8 * k}(%rsp)")
    o(f"movq {ps('N', 0)}, %rcx")
    o(f"movq {ps('T', 0)}, %rdi")
    o("addq %rax, %rdi")
    o("leaq (%rdi,%rcx,8), %rdi")             # T + 8 (8s + n)
    o("shrq $2, %rax")
    o("subq %rcx, %rax")
    o("subq %rcx, %rax")
    o("leaq 2(%rax), %rsi")                    # 2 (8s + 1 - n)
    o(f"leaq {PFIX}(%rsp), %r15")              # the copy of a (an address: the same one call deeper)
    o("shlq $4, %rcx")
    o("addq %rcx, %r15")
    o("call .Lpm_sp")
    o(f"movq {ps('S', 0)}, %rax")
    o("incq %rax")
    o(f"movq %rax, {ps('S', 0)}")
    o("shlq $3, %rax")
    o(f"cmpq {ps('N', 0)}, %rax")
    o(f"jb {lab}_s")
    # T = 2 T + sum a_i^2 beta^(2i), 4 limbs of a a step: CF doubles, OF adds
    # the squares (T < beta^(2n) / 2 before: nothing carries out); lea and
    # jrcxz leave both flags alone
    o(f"movq {ps('A', 0)}, %rsi")
    o(f"movq {ps('T', 0)}, %rdi")
    o(f"movq {ps('N', 0)}, %rcx")
    o("shrq $2, %rcx")
    o("xorl %eax, %eax")
    o.label(f"{lab}_dg")
    for q in range(4):
        o(f"movq {8 * q}(%rsi), %rdx")
        o("mulxq %rdx, %rax, %r10")
        o(f"movq {16 * q}(%rdi), %r8")
        o(f"movq {16 * q + 8}(%rdi), %r9")
        o("adcxq %r8, %r8")
        o("adcxq %r9, %r9")
        o("adoxq %rax, %r8")
        o("adoxq %r10, %r9")
        o(f"movq %r8, {16 * q}(%rdi)")
        o(f"movq %r9, {16 * q + 8}(%rdi)")
    o("leaq 32(%rsi), %rsi")
    o("leaq 64(%rdi), %rdi")
    o("leaq -1(%rcx), %rcx")
    o(f"jrcxz {lab}_dgx")
    o(f"jmp {lab}_dg")
    o.label(f"{lab}_dgx")
    emit_redc_passes(o, lab + "r")
    o(f"addq {ps('SIZE', 0)}, %rsp")
    end_function(o, name)


ARG_REGS = ["%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9"]


def function(o, name, args, sections, unrolled=None, looped=None, looped_min=1):
    """A System V function: args[i] lists the slots argument i goes to.
    unrolled: (register of n, table) - a tail jump to the unrolled kernel of
    n when the table has one (same leading arguments); looped: (register of
    n, function) - a tail jump to the passes when n = 8m in [looped_min,
    PASS_MAX] beyond the unrolled sizes."""
    function_label(o, name)
    if unrolled:
        nreg, table = unrolled
        o(f"cmpq ${max(SMALL_SIZES)}, {nreg}")
        o(f"ja .Lpm_{table}_generic")
        o(f"leaq .Lpm_tab_{table}(%rip), %rax")
        o(f"movslq (%rax,{nreg},4), %r10")
        o("addq %rax, %r10")
        o("jmp *%r10")
        o.label(f".Lpm_{table}_generic")
        o("endbr64")
    if looped:
        nreg, target = looped
        o(f"testq $7, {nreg}")
        o(f"jnz .Lpm_{target}_no")
        o(f"cmpq ${PASS_MAX}, {nreg}")
        o(f"ja .Lpm_{target}_no")
        if not unrolled:
            o(f"cmpq ${looped_min}, {nreg}")
            o(f"jb .Lpm_{target}_no")
        o(f"jmp {target}")
        o.label(f".Lpm_{target}_no")
    for r in CALLEE_SAVED:
        o(f"pushq {r}")
    o(f"subq ${FRAME}, %rsp")
    o(f"movq $0, {slot('ZERO', 0)}")
    for i, targets in enumerate(args):
        if i < 6:
            src = ARG_REGS[i]
        else:
            o(f"movq {FRAME + 56 + 8 * (i - 6)}(%rsp), %rax")
            src = "%rax"
        for t in targets:
            o(f"movq {src}, {slot(t, 0)}")
    for sec in sections:
        sec(o, name[len("parmod_"):])
    o(f"addq ${FRAME}, %rsp")
    end_function(o, name)


def dispatch_function(o, name, nreg, passes, other, looped_min):
    """A function of no code of its own: a tail jump to `passes` when n (in
    nreg) = 8m in [looped_min, PASS_MAX], else to `other` (same arguments)."""
    function_label(o, name)
    o(f"testq $7, {nreg}")
    o(f"jnz {other}")
    o(f"cmpq ${PASS_MAX}, {nreg}")
    o(f"ja {other}")
    o(f"cmpq ${looped_min}, {nreg}")
    o(f"jb {other}")
    o(f"jmp {passes}")
    o.lines.append(f"\t.size {name}, .-{name}")


def unrolled_dispatch_function(o, kind, nreg):
    """parmod_montgomery_<kind>_adx_unrolled: the arguments of
    parmod_montgomery_<kind>_adx; a tail jump to the unrolled kernel of n
    (in nreg) for n in TUNED_SIZES or SMALL_SIZES, else to that entry point."""
    name = f"parmod_montgomery_{kind}_adx_unrolled"
    function_label(o, name)
    for n in TUNED_SIZES:
        o(f"cmpq ${n}, {nreg}")
        o(f"je parmod_montgomery_{kind}_adx_{n}")
    o(f"jmp parmod_montgomery_{kind}_adx")
    o.lines.append(f"\t.size {name}, .-{name}")


HEADER = """\
// GENERATED by src/limbs/gen_window_adx.py - do not edit; regenerate with
//   python3 src/limbs/gen_window_adx.py > src/limbs/window_adx_asm.cpp
// (tests/limbs checks that this file equals the generator's output).
//
// Montgomery product, square and REDC, and the plain product and square, on
// mulx/adcx/adox register windows; contracts in limbs/window_adx.hpp,
// the method in the generator's docstring.  x86-64 System V (ELF) only.
#include "limbs/window_adx.hpp"

#if PARMOD_WINDOW_ADX_ASM
// clang-format off
__asm__(R"PARMOD_ASM(
"""

FOOTER = """)PARMOD_ASM");
// clang-format on
#endif

namespace parmod::limbs {

bool window_adx_unrolled(std::size_t n) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return UNROLLED_TEST;
#else
  (void)n;
  return false;
#endif
}

bool window_adx_unrolled_tuned(std::size_t n) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return TUNED_TEST;
#else
  (void)n;
  return false;
#endif
}

}  // namespace parmod::limbs
"""


HEADER_CT = """\
// GENERATED by src/limbs/gen_window_adx.py --constant-time - do not edit;
// regenerate with
//   python3 src/limbs/gen_window_adx.py --constant-time > src/consttime/montgomery_adx_ct_asm.cpp
// (tests/consttime checks that this file equals the generator's output).
//
// The Montgomery product and square of limbs/window_adx_asm.cpp with the
// final subtraction as a masked select: the instructions and addresses
// depend on n only.  Contracts in consttime/montgomery_adx_ct.hpp.
#include "consttime/montgomery_adx_ct.hpp"

#if PARMOD_WINDOW_ADX_ASM
// clang-format off
__asm__(R"PARMOD_ASM(
"""

FOOTER_CT = """)PARMOD_ASM");
// clang-format on
#endif
"""


# --- the instruction streams of bench/mulx_stream.hpp (--stream) -------------
#
# Not kernels: loops that compute nothing anyone reads, for timing.  The
# column stream is the steady column of .Lpm_pass (the same pass_group calls,
# rotation, store, index step and exit test) over 10 columns again and
# again: b, p, the strip and the quotient digits in the frame as the passes
# keep them, T at rdi.  The product stream clears the flags before each limb
# product, so its mulx, adox and adcx join no chain.

STREAM_COLUMNS = 10  # one rotation of the window; 16 limb products a column
STREAM_PRODUCTS = 16 * STREAM_COLUMNS  # limb products per loop of either stream
STREAM_SIZE = PFIX + 16 * STREAM_COLUMNS  # the frame: slots, UBUF, QBUF, b and p interleaved


def stream_routine(o, lab):
    """<lab> (depth 1): LAST loops of the passes' steady column over
    STREAM_COLUMNS columns (N2 = 2 STREAM_COLUMNS), rdi = T."""
    o.align()
    o.label(lab)
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    o("xorl %esi, %esi")
    for rho in range(STREAM_COLUMNS):
        pass_column(o, lab, rho, f"{lab}_x")
    o(f"jmp {lab}_c0")
    o.label(f"{lab}_x")
    o("xorl %esi, %esi")
    o(f"decq {ps('LAST', 1)}")
    o(f"jne {lab}_c0")
    o("ret")


def stream_column_function(o, name, routine):
    """(src, t, loops): src 16 + 2 STREAM_COLUMNS limbs (the strip, the
    digits, then b_c, p_c interleaved), t 2 STREAM_COLUMNS + 2 limbs,
    loops >= 1; runs the stream routine `routine`."""
    begin_function(o, name)
    o(f"subq ${STREAM_SIZE}, %rsp")
    o(f"movq $0, {ps('ZERO', 0)}")
    for k in range(8):
        o(f"movq {8 * k}(%rdi), %rax")
        o(f"movq %rax, {PUBUF + 8 * k}(%rsp)")
        o(f"movq {64 + 8 * k}(%rdi), %rax")
        o(f"movq %rax, {PQBUF + 8 * k}(%rsp)")
    for j in range(2 * STREAM_COLUMNS):
        o(f"movq {128 + 8 * j}(%rdi), %rax")
        o(f"movq %rax, {PFIX + 8 * j}(%rsp)")
    o(f"movq %rdx, {ps('LAST', 0)}")
    o(f"movq ${2 * STREAM_COLUMNS}, {ps('N2', 0)}")
    o("movq %rsi, %rdi")
    o(f"call {routine}")
    o(f"addq ${STREAM_SIZE}, %rsp")
    end_function(o, name)


def stream_product_function(o, name):
    """(u, loops): u 8 limbs, loops >= 1; rdx = u_0 times u_k."""
    lab = ".Lpm_products"
    begin_function(o, name)
    for r in ACC10:
        o(f"xorl {d32(r)}, {d32(r)}")
    o("movq (%rdi), %rdx")
    o.align()
    o.label(lab)
    for t in range(STREAM_PRODUCTS):
        o("xorl %eax, %eax")
        o(f"mulxq {8 * (t % 8)}(%rdi), %rax, %rcx")
        o(f"adoxq %rax, {ACC10[(2 * t) % 10]}")
        o(f"adcxq %rcx, {ACC10[(2 * t + 1) % 10]}")
    o("decq %rsi")
    o(f"jne {lab}")
    end_function(o, name)


HEADER_STREAM = """\
// GENERATED by src/limbs/gen_window_adx.py --stream - do not edit;
// regenerate with
//   python3 src/limbs/gen_window_adx.py --stream > bench/mulx_stream_asm.cpp
// (tests/bench checks that this file equals the generator's output).
//
// The instruction streams of bench/mulx_stream.hpp: the register-window
// kernels' steady column and independent limb products, for timing only.
#include "mulx_stream.hpp"

#if PARMOD_WINDOW_ADX_ASM
// clang-format off
__asm__(R"PARMOD_ASM(
"""

FOOTER_STREAM = """)PARMOD_ASM");
// clang-format on
#endif

// The loops above run STREAM_PRODUCTS limb products each (the generator's constant).
static_assert(parmod::bench::kMulxStreamProducts == STREAM_PRODUCTS_VALUE, "regenerate bench/mulx_stream_asm.cpp");
"""


def main_stream():
    o = Out()
    o.lines.append("\t.text")
    global HI_FIRST
    for hi_first, tag in ((True, "hi"), (False, "lo")):
        HI_FIRST = hi_first
        stream_routine(o, f".Lpm_stream_{tag}")
        stream_column_function(o, f"parmod_bench_mulx_column_stream_{tag}_first", f".Lpm_stream_{tag}")
    HI_FIRST = True
    stream_product_function(o, "parmod_bench_mulx_product_stream")
    print(HEADER_STREAM + "\n".join(o.lines) + "\n" + FOOTER_STREAM.replace("STREAM_PRODUCTS_VALUE", str(STREAM_PRODUCTS)),
          end="")


def main():
    global CT
    if sys.argv[1:] == ["--stream"]:
        main_stream()
        return
    if sys.argv[1:] not in ([], ["--constant-time"]):
        sys.exit("usage: gen_window_adx.py [--constant-time | --stream]")
    CT = sys.argv[1:] == ["--constant-time"]
    o = Out()
    o.lines.append("\t.text")
    for w in range(1, 9):
        window_routine(o, w)
    for w in range(1, 9):
        digit_routine(o, w)
    final_routine(o)
    diag_routine(o)
    widths_table(o, "mul", lambda w: f".Lpm_w{w}_mul")
    widths_table(o, "rest", lambda w: f".Lpm_w{w}_rest")
    widths_table(o, "sqr", lambda w: f".Lpm_w{w}_sqr")
    widths_table(o, "d", lambda w: f".Lpm_d{w}")
    for kind in ["mul", "sqr"]:  # n -> the unrolled kernel, or the generic one
        o.lines.append("\t.p2align 2")
        o.label(f".Lpm_tab_{kind}small")
        for n in range(max(SMALL_SIZES) + 1):
            target = f"parmod_montgomery_{kind}_adx_{n}" if n in SMALL_SIZES else f".Lpm_{kind}small_generic"
            o(f".long {target}-.Lpm_tab_{kind}small")
    pass_routine(o)
    pass_function(o, "parmod_montgomery_mul_adx_passes")
    redc_pass_routine(o)
    if not CT:
        redc_pass_function(o, "parmod_montgomery_redc_adx_passes")
    assert all(n in SMALL_SIZES for n in range(8, SQR_PASS_MIN, 8))  # the entry tries SMALL_SIZES first
    sqr_pass_routine(o)
    sqr_pass_function(o, "parmod_montgomery_sqr_adx_passes")
    function(o, "parmod_montgomery_mul_adx", [["R"], ["A"], ["B"], ["P"], ["MU0"], ["N", "NB"], ["T"]],
             [section_mont_mul], unrolled=("%r9", "mulsmall"), looped=("%r9", "parmod_montgomery_mul_adx_passes"))
    function(o, "parmod_montgomery_sqr_adx", [["R"], ["A"], ["P"], ["MU0"], ["N"], ["T"]],
             [section_square, section_redc], unrolled=("%r8", "sqrsmall"),
             looped=("%r8", "parmod_montgomery_sqr_adx_passes"))
    if not CT:
        function(o, "parmod_montgomery_redc_adx_columns", [["R"], ["T"], ["P"], ["MU0"], ["N"]], [section_redc])
        dispatch_function(o, "parmod_montgomery_redc_adx", "%r8", "parmod_montgomery_redc_adx_passes",
                          "parmod_montgomery_redc_adx_columns", 16)
        function(o, "parmod_mul_adx", [["T"], ["A"], ["N"], ["B"], ["NB"]], [section_product])
        function(o, "parmod_sqr_adx", [["T"], ["A"], ["N"]], [section_square])
    unrolled_dispatch_function(o, "mul", "%r9")
    unrolled_dispatch_function(o, "sqr", "%r8")
    for n in SMALL_SIZES + TUNED_SIZES:
        small_mul(o, n)
        small_sqr(o, n)
    global CLOSE_FROM_SLOT
    CLOSE_FROM_SLOT = True
    small_zero_slot_entry(o, "mul", "%r9")
    small_zero_slot_entry(o, "sqr", "%r8")
    for n in SMALL_SIZES:
        small_mul(o, n)
        small_sqr(o, n)
    CLOSE_FROM_SLOT = False
    if CT:
        text = "\n".join(o.lines).replace("parmod_montgomery_", "parmod_ct_montgomery_")
        print(HEADER_CT + text + "\n" + FOOTER_CT, end="")
        return
    runs, start = [], None  # SMALL_SIZES as ranges
    for n in range(min(SMALL_SIZES), max(SMALL_SIZES) + 2):
        if n in SMALL_SIZES and start is None:
            start = n
        if n not in SMALL_SIZES and start is not None:
            runs.append(f"(n >= {start} && n <= {n - 1})" if n - 1 > start else f"n == {start}")
            start = None
    footer = FOOTER.replace("UNROLLED_TEST", " || ".join(runs))
    footer = footer.replace("TUNED_TEST", " || ".join(f"n == {n}" for n in TUNED_SIZES))
    print(HEADER + "\n".join(o.lines) + "\n" + footer, end="")


if __name__ == "__main__":
    main()
