// Python int <-> mpz_class.
//
// Both directions copy the magnitude once, straight between CPython's digit
// array and GMP's limb array.
//
// CPython 3.9-3.13 (30-bit digits, not the limited API): the digit array
// itself is repacked, 30-bit digits into 64-bit limbs through a 128-bit
// accumulator and back (_PyLong_New for the result).  The layout is the one
// cpython/longintrepr.h describes: up to 3.11 the sign and digit count are
// ob_size; from 3.12 they are long_value.lv_tag (count << 3, sign in the low
// two bits: 0 positive, 1 zero, 2 negative).  Those versions' byte
// conversions (_PyLong_AsByteArray, _PyLong_FromByteArray, and 3.13's
// PyLong_AsNativeBytes / PyLong_FromUnsignedNativeBytes over them) go byte by
// byte (docs/bench/zen5/python_conversion.md has the measurements).
//
// Other versions (3.14+, whose layout this file does not know, and 15-bit
// digit builds) take the documented byte route, as little-endian bytes
// written straight into mpz_limbs_write()'s limbs and read from
// mpz_limbs_read()'s: PyLong_AsNativeBytes / PyLong_FromUnsignedNativeBytes
// (3.13+), else _PyLong_AsByteArray / _PyLong_FromByteArray.
// Negative values go through their magnitude.  gmpy2.mpz values cross as int
// (mpz.__index__ and mpz(int), both limb-based inside gmpy2).
#include "convert.hpp"

#include <bit>
#include <climits>
#include <cstring>

static_assert(std::endian::native == std::endian::little,
              "parmod's Python conversion assumes a little-endian machine");
static_assert(sizeof(mp_limb_t) == 8 && sizeof(long) == 8, "64-bit limbs and long expected");

namespace parmod_py {

PyObject* g_mpz_type = nullptr;

namespace {

#if PY_VERSION_HEX < 0x030E0000 && PyLong_SHIFT == 30 && !defined(Py_LIMITED_API)
#define PARMOD_PY_LONG_DIGITS 1
static_assert(sizeof(digit) == 4, "30-bit CPython digits are 32-bit words");

// The digits of a PyLong and its sign, in the layout of this CPython version.
struct DigitView {
  const digit* d;
  std::size_t nd;
  bool negative;
};

DigitView digits_of(PyObject* v) {
  PyLongObject* l = reinterpret_cast<PyLongObject*>(v);
#if PY_VERSION_HEX >= 0x030C0000
  const uintptr_t tag = l->long_value.lv_tag;
  return {l->long_value.ob_digit, static_cast<std::size_t>(tag >> _PyLong_NON_SIZE_BITS),
          (tag & _PyLong_SIGN_MASK) == 2};
#else
  const Py_ssize_t size = Py_SIZE(v);
  return {l->ob_digit, static_cast<std::size_t>(size < 0 ? -size : size), size < 0};
#endif
}

digit* digits_of_new(PyLongObject* r) {
#if PY_VERSION_HEX >= 0x030C0000
  return r->long_value.ob_digit;
#else
  return r->ob_digit;
#endif
}

// Makes r (fresh from _PyLong_New(nd), nd > 0, so positive) negative.
void set_negative(PyLongObject* r, std::size_t nd) {
#if PY_VERSION_HEX >= 0x030C0000
  r->long_value.lv_tag = (static_cast<uintptr_t>(nd) << _PyLong_NON_SIZE_BITS) | 2;
#else
  Py_SET_SIZE(r, -static_cast<Py_ssize_t>(nd));
#endif
}

// out = the int v (a PyLong with more than one limb's worth or any sign):
// its nd digits of 30 bits repacked into ceil(30 nd / 64) limbs.
void digits_to_mpz(PyObject* v, mpz_class& out) {
  const DigitView view = digits_of(v);
  const std::size_t nd = view.nd;
  const digit* d = view.d;
  const std::size_t nlimbs = (30 * nd + 63) / 64;
  if (nlimbs == 0) {
    out = 0;
    return;
  }
  mpz_ptr z = out.get_mpz_t();
  mp_limb_t* w = mpz_limbs_write(z, static_cast<mp_size_t>(nlimbs));
  unsigned __int128 acc = 0;
  unsigned have = 0;
  std::size_t j = 0;
  for (std::size_t i = 0; i < nd; ++i) {
    acc |= static_cast<unsigned __int128>(d[i]) << have;
    have += 30;
    if (have >= 64) {
      w[j++] = static_cast<mp_limb_t>(acc);
      acc >>= 64;
      have -= 64;
    }
  }
  if (have > 0) w[j++] = static_cast<mp_limb_t>(acc);
  while (j < nlimbs) w[j++] = 0;
  const mp_size_t n = static_cast<mp_size_t>(nlimbs);
  mpz_limbs_finish(z, view.negative ? -n : n);  // normalizes
}

// A new int with the value of z (at least two limbs): the limbs repacked into
// ceil(bits / 30) digits, the top one nonzero as CPython requires.
PyObject* mpz_to_digits(mpz_srcptr z) {
  const std::size_t n = mpz_size(z);
  const std::size_t nd = (mpz_sizeinbase(z, 2) + 29) / 30;
  PyLongObject* r = _PyLong_New(static_cast<Py_ssize_t>(nd));
  if (!r) return nullptr;
  const mp_limb_t* w = mpz_limbs_read(z);
  digit* d = digits_of_new(r);
  unsigned __int128 acc = 0;
  unsigned have = 0;
  std::size_t j = 0;
  for (std::size_t i = 0; i < nd; ++i) {
    if (have < 30 && j < n) {
      acc |= static_cast<unsigned __int128>(w[j++]) << have;
      have += 64;
    }
    d[i] = static_cast<digit>(acc) & PyLong_MASK;
    acc >>= 30;
    have = have >= 30 ? have - 30 : 0;
  }
  if (mpz_sgn(z) < 0) set_negative(r, nd);
  return reinterpret_cast<PyObject*>(r);
}
#endif

struct Ref {  // owning PyObject*
  PyObject* p;
  explicit Ref(PyObject* o) : p(o) {}
  ~Ref() { Py_XDECREF(p); }
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
};

// Magnitude of a nonnegative PyLong into out.
bool magnitude_to_mpz(PyObject* v, mpz_class& out) {
#if PY_VERSION_HEX >= 0x030D0000
  Py_ssize_t nbytes = PyLong_AsNativeBytes(
      v, nullptr, 0, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
  if (nbytes < 0) return false;
#else
  size_t nbits = _PyLong_NumBits(v);
  if (nbits == (size_t)-1 && PyErr_Occurred()) return false;
  Py_ssize_t nbytes = (Py_ssize_t)((nbits + 7) / 8);
#endif
  if (nbytes == 0) {
    out = 0;
    return true;
  }
  mp_size_t nlimbs = (mp_size_t)((nbytes + 7) / 8);
  mpz_ptr z = out.get_mpz_t();
  mp_limb_t* d = mpz_limbs_write(z, nlimbs);
  d[nlimbs - 1] = 0;  // the bytes may not fill the top limb
#if PY_VERSION_HEX >= 0x030D0000
  Py_ssize_t r = PyLong_AsNativeBytes(
      v, d, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
  if (r < 0) return false;
#else
  if (_PyLong_AsByteArray((PyLongObject*)v, (unsigned char*)d, (size_t)nbytes,
                          /*little_endian=*/1, /*is_signed=*/0) < 0)
    return false;
#endif
  mpz_limbs_finish(z, nlimbs);  // normalizes
  return true;
}

}  // namespace

bool long_to_mpz(PyObject* v, mpz_class& out) {
  int overflow = 0;
  long small = PyLong_AsLongAndOverflow(v, &overflow);  // long is 64-bit here
  if (!overflow) {
    if (small == -1 && PyErr_Occurred()) return false;
    mpz_set_si(out.get_mpz_t(), small);
    return true;
  }
#ifdef PARMOD_PY_LONG_DIGITS
  digits_to_mpz(v, out);
  return true;
#endif
#if PY_VERSION_HEX >= 0x030E0000
  int sign;
  if (PyLong_GetSign(v, &sign) < 0) return false;
#else
  int sign = _PyLong_Sign(v);
#endif
  if (sign >= 0) return magnitude_to_mpz(v, out);
  Ref neg(PyNumber_Negative(v));
  if (!neg.p) return false;
  if (!magnitude_to_mpz(neg.p, out)) return false;
  mpz_neg(out.get_mpz_t(), out.get_mpz_t());
  return true;
}

PyObject* mpz_to_long(const mpz_class& v) {
  mpz_srcptr z = v.get_mpz_t();
  size_t n = mpz_size(z);
  if (n == 0) return PyLong_FromLong(0);
  if (n == 1) {
    unsigned long long x = mpz_getlimbn(z, 0);
    if (mpz_sgn(z) > 0) return PyLong_FromUnsignedLongLong(x);
    if (x <= (unsigned long long)LLONG_MAX) return PyLong_FromLongLong(-(long long)x);
  }
#ifdef PARMOD_PY_LONG_DIGITS
  return mpz_to_digits(z);
#endif
  const mp_limb_t* d = mpz_limbs_read(z);
#if PY_VERSION_HEX >= 0x030D0000
  PyObject* mag = PyLong_FromUnsignedNativeBytes(d, n * sizeof(mp_limb_t),
                                                 Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
  PyObject* mag = _PyLong_FromByteArray((const unsigned char*)d, n * sizeof(mp_limb_t),
                                        /*little_endian=*/1, /*is_signed=*/0);
#endif
  if (!mag || mpz_sgn(z) > 0) return mag;
  PyObject* neg = PyNumber_Negative(mag);
  Py_DECREF(mag);
  return neg;
}

bool to_mpz(PyObject* obj, const char* func, const char* arg, mpz_class& out, bool* is_mpz) {
  if (PyLong_Check(obj)) return long_to_mpz(obj, out);  // int, bool, int subclasses
  if (g_mpz_type && Py_TYPE(obj) == (PyTypeObject*)g_mpz_type) *is_mpz = true;
  if (!PyIndex_Check(obj)) {
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be an integer, not %.200s", func,
                 arg, Py_TYPE(obj)->tp_name);
    return false;
  }
  Ref idx(PyNumber_Index(obj));
  if (!idx.p) return false;
  return long_to_mpz(idx.p, out);
}

PyObject* from_mpz(const mpz_class& v, bool as_mpz) {
  PyObject* r = mpz_to_long(v);
  if (!r || !as_mpz || !g_mpz_type) return r;
  PyObject* m = PyObject_CallOneArg(g_mpz_type, r);
  Py_DECREF(r);
  return m;
}

}  // namespace parmod_py
