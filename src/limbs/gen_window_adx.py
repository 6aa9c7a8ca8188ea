#!/usr/bin/env python3
"""Generates src/limbs/window_adx_asm.cpp: Montgomery product, square and
REDC on mulx/adcx/adox for any limb count n >= 1, and the plain product and
square they are built from, as x86-64 System V functions in one file-scope
assembly block (declared in limbs/window_adx.hpp).

Usage: python3 src/limbs/gen_window_adx.py > src/limbs/window_adx_asm.cpp

The register window.  For an operand strip u of w <= 8 limbs (copied to the
stack frame) and a stream v_0, v_1, ... (one limb per column, in rdx),
column c adds u v_c to the w + 1 accumulator registers that hold the
positions c .. c + w of t:

    movq  (v_end, i, 8), %rdx      i runs from -columns up to 0
    xorl  %eax, %eax               clears CF and OF: the flag chains of one
    adcxq (t_end, i, 8), A_0       column do not wait for the last one's
    mulxq u_k(%rsp), %rax, %rcx    k = 0 .. w-2
    adoxq %rax, A_k                lo on the OF chain
    adcxq %rcx, A_(k+1)            hi on the CF chain
    mulxq u_(w-1)(%rsp), %rax, A_w the top product's hi goes straight into
    adoxq %rax, A_(w-1)            the free register
    adcxq zero, A_w ; adoxq zero, A_w
    movq  A_0, (t_end, i, 8)       position c is final
    incq  i ; je tail
The window value plus the old limb t_c plus u v_c is below beta^(w+1), so
neither chain carries out of A_w.  The registers rotate by one position per
column: the loop is w + 1 columns long, each column may leave to one of
w + 1 tails, which store the last w positions (or add them, with a carry in
and out, for REDC).  Per limb product: mulx, adox, adcx; per column of w
products: 9 more instructions.

Built on it:
  product   T = a b: strips of a (the n mod 8 narrow one first), each
            against all of b; later strips add the earlier ones' limbs as
            their old limbs.  T[0, bn) is zeroed first.
  square    the off-diagonal triangle by strips of a against the limbs after
            the strip (w - 1 partial columns first for the pairs inside the
            strip), then T = 2 T + sum a_i^2 beta^(2i).
  REDC      a block of w digits: w columns with u = P[0, w) whose stream is
            the digits themselves, q_c = A_0 mu0 mod beta computed in the
            column (mulx, flags untouched) once the column's old limb is in
            A_0 (Montgomery 1985, word by word); the digits go to the frame
            (Q) and so does the window (S).  Then the columns P[w, n) with
            u = Q, starting from S, and the tail adds the top w positions
            with the carry of the block before; the last block's carry is
            the limb above beta^2n.  One conditional subtraction of P.
  Montgomery product: the REDC of block s needs the product only below
            its top; the product strip of block s + 1 is placed between the
            digit columns of block s (a chain of dependent multiplications:
            q_c -> q_c P -> q_(c+1)) and its remaining columns, so the out of
            order core fills the digits' latency with the strip's products.

Registers: rdx multiplier; rax lo, rcx hi; rdi t_end, r15 v_end, rsi the
index i; the window rbx rbp r8 .. r14 (w + 1 of them).  All 15 registers, so
the functions are written out in full (prologue, stack frame, internal
calls to the width-w routines) rather than as inline assembly.
"""

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
            o(f"adoxq {LO}, {A(k)}")
            o(f"adcxq {HI}, {A(k + 1)}")
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


def final_routine(o):
    """FIN (depth 1): r[0, n) = R + CARRY beta^n - P if that is >= 0, else R,
    for R = T + n (r may equal R)."""
    o.align()
    o.label(".Lpm_fin")
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

    def copy_to(self, bufname, src_slot, off_slot, count_slot):
        # bufname[0, W) = src[O, O + W) (W limbs; both slots hold limb counts)
        o, l = self.o, self.lab(f"cp{self.n}")
        self.n += 1
        o(f"movq {slot(src_slot, 0)}, %rsi")
        if off_slot:
            o(f"movq {slot(off_slot, 0)}, %rax")
            o("leaq (%rsi,%rax,8), %rsi")
        o(f"movq {slot(count_slot, 0)}, %rcx")
        o(f"leaq {buf(bufname, 0, 0)}, %rdi")
        o.label(l)
        o("movq (%rsi), %rax")
        o("movq %rax, (%rdi)")
        o("leaq 8(%rsi), %rsi")
        o("leaq 8(%rdi), %rdi")
        o("decq %rcx")
        o(f"jne {l}")

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
        l = self.lab(f"q{self.n}")
        self.n += 1
        o(f"movq {slot('W', 0)}, %rcx")
        o(f"leaq {buf('QBUF', 0, 0)}, %rsi")
        o(f"leaq {buf('UBUF', 0, 0)}, %rdi")
        o.label(l)
        o("movq (%rsi), %rax")
        o("movq %rax, (%rdi)")
        o("leaq 8(%rsi), %rsi")
        o("leaq 8(%rdi), %rdi")
        o("decq %rcx")
        o(f"jne {l}")
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
    s.next_block()
    o(f"movq {slot('O', 0)}, %rax")
    o(f"cmpq {slot('N', 0)}, %rax")
    o(f"jb {s.lab('loop')}")


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
    s.next_block()
    o(f"movq {slot('O', 0)}, %rax")
    o(f"cmpq {slot('N', 0)}, %rax")
    o(f"jb {s.lab('loop')}")
    o("call .Lpm_dg")


def section_redc(o, fn):
    """The REDC of T[0, 2N) into R: blocks one after the other, then FIN."""
    s = Sec(o, fn + "_r")
    s.redc_setup()
    o.label(s.lab("loop"))
    s.digits()
    s.rest()
    s.next_block()
    o(f"movq {slot('O', 0)}, %rax")
    o(f"cmpq {slot('N', 0)}, %rax")
    o(f"jb {s.lab('loop')}")
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
    s.next_block()
    o(f"movq {slot('O', 0)}, %rax")
    o(f"cmpq {slot('N', 0)}, %rax")
    o(f"jb {s.lab('loop')}")
    o("call .Lpm_fin")


ARG_REGS = ["%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9"]


def function(o, name, args, sections):
    """A System V function: args[i] lists the slots argument i goes to."""
    o.lines.append("")
    o.lines.append(f"\t.globl {name}")
    o.lines.append(f"\t.hidden {name}")
    o.lines.append(f"\t.type {name}, @function")
    o.align(5)
    o.label(name)
    o("endbr64")
    for r in ["%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"]:
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
    for r in ["%r15", "%r14", "%r13", "%r12", "%rbp", "%rbx"]:
        o(f"popq {r}")
    o("ret")
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
"""


def main():
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
    function(o, "parmod_montgomery_mul_adx", [["R"], ["A"], ["B"], ["P"], ["MU0"], ["N", "NB"], ["T"]],
             [section_mont_mul])
    function(o, "parmod_montgomery_sqr_adx", [["R"], ["A"], ["P"], ["MU0"], ["N"], ["T"]],
             [section_square, section_redc])
    function(o, "parmod_montgomery_redc_adx", [["R"], ["T"], ["P"], ["MU0"], ["N"]], [section_redc])
    function(o, "parmod_mul_adx", [["T"], ["A"], ["N"], ["B"], ["NB"]], [section_product])
    function(o, "parmod_sqr_adx", [["T"], ["A"], ["N"]], [section_square])
    print(HEADER + "\n".join(o.lines) + "\n" + FOOTER, end="")


if __name__ == "__main__":
    main()
