// parmod.Field(p) and parmod.FieldElement: F_p for experiments, over the C API
// of parmod_field.h (a runtime-sized context dispatching to Fp<2>..Fp<8>).
//
// A Field owns one parmod_field_t; an element holds its parmod_fe (Montgomery
// form) and a reference to its Field, which keeps the context alive.  Both are
// immutable, so they may be shared between threads (free-threaded builds
// included).  Every operation is one C call from Python: this is the slow path
// the issue allows.  pow, inverse and sqrt (a few hundred multiplications)
// release the GIL; the single-multiplication operators do not (releasing
// would cost more than the product).
#include "field.hpp"

#include <gmpxx.h>
#include <nanobind/stl/string.h>
#include <parmod_field.h>

#include <string>

#include "convert.hpp"
#include "docs.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace parmod_py {
namespace {

PyObject* g_not_invertible = nullptr;  // parmod.NotInvertibleError

// mpz_probab_prime_p repetitions: GMP runs BPSW, then reps - 24 Miller-Rabin
// rounds (GMP's manual suggests 15..50).
constexpr int kPrimeReps = 30;

[[noreturn]] void throw_set() { throw nb::python_error(); }

// Maps a C API result code; the calls here only fail on memory (or a bug).
void check(int rc) {
  if (rc == PARMOD_OK) return;
  if (rc == PARMOD_ERR_OUT_OF_MEMORY) {
    PyErr_NoMemory();
  } else {
    PyErr_Format(PyExc_RuntimeError, "parmod field: internal error: %s", parmod_strerror(rc));
  }
  throw_set();
}

struct PyField {
  parmod_field_t ctx = nullptr;
  mpz_class p;
  std::string p_hex;  // "0x..." for messages and repr
  size_t bits = 0;
  int limbs = 0;
  size_t nbytes = 0;
  bool p3mod4 = false;
  parmod_fe zero{}, one{};

  PyField() = default;
  PyField(const PyField&) = delete;
  PyField& operator=(const PyField&) = delete;
  ~PyField() {
    if (ctx) parmod_field_clear(ctx);
  }
};

struct PyFieldElement {
  nb::object field;  // the parmod.Field (owns f's context)
  const PyField* f;
  parmod_fe v;
};

bool same_field(const PyField* a, const PyField* b) { return a == b || a->p == b->p; }

const PyFieldElement& elem(nb::handle h) { return *nb::inst_ptr<PyFieldElement>(h); }

nb::object make(const PyFieldElement& like, const parmod_fe& v) {
  return nb::cast(PyFieldElement{like.field, like.f, v}, nb::rv_policy::move);
}

nb::object not_implemented() { return nb::borrow(Py_NotImplemented); }

bool is_int_like(nb::handle h) { return PyLong_Check(h.ptr()) || PyIndex_Check(h.ptr()); }

// x mod p as an element; TypeError naming func/arg for a non-integer.
parmod_fe from_int(const PyField* f, nb::handle x, const char* func, const char* arg) {
  mpz_class v;
  bool mp = false;
  if (!to_mpz(x.ptr(), func, arg, v, &mp)) throw_set();
  parmod_fe r;
  check(parmod_field_set_mpz(f->ctx, &r, v.get_mpz_t()));
  return r;
}

mpz_class value(const PyField* f, const parmod_fe& a) {
  mpz_class r;
  check(parmod_field_get_mpz(f->ctx, r.get_mpz_t(), &a));
  return r;
}

bool equal(const PyField* f, const parmod_fe& a, const parmod_fe& b) {
  int eq = 0;
  check(parmod_field_equal(f->ctx, &eq, &a, &b));
  return eq != 0;
}

nb::object to_int(const mpz_class& v) {
  PyObject* r = from_mpz(v, /*as_mpz=*/false);
  if (!r) throw_set();
  return nb::steal(r);
}

[[noreturn]] void different_fields(const PyField* a, const PyField* b, const char* what) {
  PyErr_Format(PyExc_TypeError, "%s: elements of different fields (p = %s and p = %s)", what, a->p_hex.c_str(),
               b->p_hex.c_str());
  throw_set();
}

// The other operand of a binary operator as an element of self's field:
// false for a type the operator does not take (the caller returns
// NotImplemented), TypeError for an element of another field.
bool operand(const PyFieldElement& self, nb::handle other, parmod_fe& out, const char* what) {
  if (nb::isinstance<PyFieldElement>(other)) {
    const PyFieldElement& o = elem(other);
    if (!same_field(self.f, o.f)) different_fields(self.f, o.f, what);
    out = o.v;
    return true;
  }
  if (!is_int_like(other)) return false;
  out = from_int(self.f, other, what, "other");
  return true;
}

// ---------------------------------------------------------------------------
// Field
// ---------------------------------------------------------------------------

void field_init(PyField* self, nb::handle p) {
  mpz_class pv;
  bool mp = false;
  if (!to_mpz(p.ptr(), "Field", "p", pv, &mp)) throw_set();
  const size_t bits = pv != 0 ? mpz_sizeinbase(pv.get_mpz_t(), 2) : 0;  // of |p|
  if (pv <= 0 || bits < 65 || bits > 512 || mpz_even_p(pv.get_mpz_t())) {
    const char* kind = pv < 0 ? "negative" : pv == 0 ? "zero" : mpz_even_p(pv.get_mpz_t()) ? "even" : "odd";
    PyErr_Format(PyExc_ValueError,
                 "Field() argument 'p' must be an odd prime of 65 to 512 bits (2 to 8 64-bit limbs), "
                 "not a %zu-bit %s integer",
                 bits, kind);
    throw_set();
  }
  int prime;
  {
    nb::gil_scoped_release release;
    prime = mpz_probab_prime_p(pv.get_mpz_t(), kPrimeReps);
  }
  if (!prime) {
    PyErr_Format(PyExc_ValueError, "Field() argument 'p' is not prime (a %zu-bit composite, by GMP's mpz_probab_prime_p)",
                 bits);
    throw_set();
  }
  parmod_field_t ctx = nullptr;
  check(parmod_field_init(&ctx, pv.get_mpz_t(), PARMOD_FIELD_AUTO));
  PyField* f = new (self) PyField();
  f->ctx = ctx;
  f->p = pv;
  f->p_hex = "0x" + pv.get_str(16);
  f->bits = bits;
  f->limbs = parmod_field_limbs(ctx);
  f->nbytes = parmod_field_byte_length(ctx);
  f->p3mod4 = mpz_fdiv_ui(pv.get_mpz_t(), 4) == 3;
  check(parmod_field_set_ui(ctx, &f->zero, 0));
  check(parmod_field_set_ui(ctx, &f->one, 1));
}

// Methods take self typed (nanobind checks it, also for unbound calls like
// parmod.Field.element(5, 3)); nb::find gives back the Python object.
nb::object field_element(const PyField& self, nb::handle x) {
  const PyField* f = &self;
  parmod_fe v;
  if (nb::isinstance<PyFieldElement>(x)) {
    const PyFieldElement& o = elem(x);
    if (!same_field(f, o.f)) different_fields(f, o.f, "Field.element()");
    v = o.v;
  } else {
    v = from_int(f, x, "Field.element", "x");
  }
  return nb::cast(PyFieldElement{nb::find(self), f, v}, nb::rv_policy::move);
}

nb::object field_from_bytes(const PyField& self, nb::handle data) {
  const PyField* f = &self;
  Py_buffer view;
  if (PyObject_GetBuffer(data.ptr(), &view, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "Field.from_bytes() argument 'data' must be a bytes-like object, not %.200s",
                 Py_TYPE(data.ptr())->tp_name);
    throw_set();
  }
  parmod_fe v;
  const size_t len = (size_t)view.len;
  int rc = len == f->nbytes ? parmod_field_set_bytes(f->ctx, &v, (const unsigned char*)view.buf, len)
                            : PARMOD_ERR_INVALID_ARGUMENT;
  PyBuffer_Release(&view);
  if (rc == PARMOD_ERR_INVALID_ARGUMENT) {
    if (len != f->nbytes)
      PyErr_Format(PyExc_ValueError, "Field.from_bytes(): expected exactly %zu bytes, got %zu", f->nbytes, len);
    else
      PyErr_SetString(PyExc_ValueError, "Field.from_bytes(): the value is not below p");
    throw_set();
  }
  check(rc);
  return nb::cast(PyFieldElement{nb::find(self), f, v}, nb::rv_policy::move);
}

nb::object field_eq(const PyField& self, nb::handle other) {
  if (!nb::isinstance<PyField>(other)) return not_implemented();
  return nb::bool_(self.p == nb::inst_ptr<PyField>(other)->p);
}

// ---------------------------------------------------------------------------
// FieldElement
// ---------------------------------------------------------------------------

using BinaryFn = int (*)(parmod_field_t, parmod_fe*, const parmod_fe*, const parmod_fe*);

nb::object binary(const PyFieldElement& s, nb::handle other, BinaryFn fn, bool reflected, const char* what) {
  parmod_fe o, r;
  if (!operand(s, other, o, what)) return not_implemented();
  check(reflected ? fn(s.f->ctx, &r, &o, &s.v) : fn(s.f->ctx, &r, &s.v, &o));
  return make(s, r);
}

nb::object divide(const PyFieldElement& s, nb::handle other, bool reflected) {
  parmod_fe o, r, inv;
  if (!operand(s, other, o, reflected ? "FieldElement.__rtruediv__" : "FieldElement.__truediv__"))
    return not_implemented();
  const parmod_fe& num = reflected ? o : s.v;
  const parmod_fe& den = reflected ? s.v : o;
  int rc;
  {
    nb::gil_scoped_release release;
    rc = parmod_field_inv(s.f->ctx, &inv, &den);
  }
  if (rc == PARMOD_ERR_NOT_INVERTIBLE) {
    PyErr_SetString(PyExc_ZeroDivisionError, "division by zero in the field");
    throw_set();
  }
  check(rc);
  check(parmod_field_mul(s.f->ctx, &r, &num, &inv));
  return make(s, r);
}

// a**e for 0 <= e < p - 1: left-to-right binary over the C API (no GIL).
int pow_nonneg(const PyField* f, parmod_fe& r, const parmod_fe& a, const mpz_class& e) {
  parmod_fe x = f->one;
  int rc = 0;
  for (size_t i = mpz_sizeinbase(e.get_mpz_t(), 2); i-- > 0;) {
    rc |= parmod_field_sqr(f->ctx, &x, &x);
    if (mpz_tstbit(e.get_mpz_t(), i)) rc |= parmod_field_mul(f->ctx, &x, &x, &a);
  }
  r = x;
  return rc == 0 ? PARMOD_OK : PARMOD_ERR_INTERNAL;
}

nb::object element_pow(const PyFieldElement& s, nb::handle e, nb::handle mod) {
  if (!mod.is_none()) {
    PyErr_SetString(PyExc_TypeError,
                    "pow() 3rd argument not allowed for FieldElement (it is already reduced mod p)");
    throw_set();
  }
  if (!is_int_like(e) || nb::isinstance<PyFieldElement>(e)) return not_implemented();
  mpz_class ev;
  bool mp = false;
  if (!to_mpz(e.ptr(), "FieldElement.__pow__", "e", ev, &mp)) throw_set();
  const PyField* f = s.f;
  if (equal(f, s.v, f->zero)) {
    if (ev < 0) {
      PyErr_SetString(g_not_invertible, "base is not invertible for the given modulus");
      throw_set();
    }
    return make(s, ev == 0 ? f->one : f->zero);
  }
  // a != 0: a**(p-1) = 1 (p prime), so any e, negative too, reduces mod p-1.
  mpz_class pm1 = f->p - 1, er;
  mpz_fdiv_r(er.get_mpz_t(), ev.get_mpz_t(), pm1.get_mpz_t());
  parmod_fe r;
  int rc;
  {
    nb::gil_scoped_release release;
    rc = pow_nonneg(f, r, s.v, er);
  }
  check(rc);
  return make(s, r);
}

nb::object element_inverse(const PyFieldElement& s) {
  parmod_fe r;
  int rc;
  {
    nb::gil_scoped_release release;
    rc = parmod_field_inv(s.f->ctx, &r, &s.v);
  }
  if (rc == PARMOD_ERR_NOT_INVERTIBLE) {
    PyErr_SetString(g_not_invertible, "FieldElement.inverse(): 0 has no inverse");
    throw_set();
  }
  check(rc);
  return make(s, r);
}

nb::object element_sqrt(const PyFieldElement& s) {
  if (!s.f->p3mod4) {
    PyErr_SetString(PyExc_ValueError, "FieldElement.sqrt() needs p = 3 mod 4 (this field has p = 1 mod 4)");
    throw_set();
  }
  parmod_fe r;
  int rc;
  {
    nb::gil_scoped_release release;
    rc = parmod_field_sqrt(s.f->ctx, &r, &s.v);
  }
  if (rc == PARMOD_ERR_NOT_INVERTIBLE) return nb::none();  // not a square
  check(rc);
  return make(s, r);
}

nb::object element_eq(const PyFieldElement& s, nb::handle other) {
  parmod_fe o;
  if (nb::isinstance<PyFieldElement>(other)) {
    const PyFieldElement& x = elem(other);
    if (!same_field(s.f, x.f)) return nb::bool_(false);
    o = x.v;
  } else if (is_int_like(other)) {
    o = from_int(s.f, other, "FieldElement.__eq__", "other");
  } else {
    return not_implemented();
  }
  return nb::bool_(equal(s.f, s.v, o));
}

nb::object element_unary(const PyFieldElement& s, bool negate) {
  if (!negate) return nb::find(s);
  parmod_fe r;
  check(parmod_field_neg(s.f->ctx, &r, &s.v));
  return make(s, r);
}

nb::bytes element_to_bytes(const PyFieldElement& s) {
  unsigned char buf[64];
  check(parmod_field_get_bytes(s.f->ctx, buf, s.f->nbytes, &s.v));
  return nb::bytes(buf, s.f->nbytes);
}

Py_ssize_t element_hash(const PyFieldElement& s) {
  nb::object v = to_int(value(s.f, s.v));
  Py_hash_t h = PyObject_Hash(v.ptr());
  if (h == -1 && PyErr_Occurred()) throw_set();
  return (Py_ssize_t)h;
}

std::string element_repr(const PyFieldElement& s) {
  return "parmod.Field(" + s.f->p_hex + ")(" + value(s.f, s.v).get_str() + ")";
}

}  // namespace

void register_field(nb::module_& m, PyObject* not_invertible_error) {
  g_not_invertible = not_invertible_error;

  nb::class_<PyField>(m, "Field", doc::Field)
      .def("__init__", &field_init, "p"_a.none(), nb::sig("def __init__(self, p: int) -> None"))
      .def("__call__", &field_element, "x"_a.none(),
           nb::sig("def __call__(self, x: int | FieldElement) -> FieldElement"), doc::field_element)
      .def("element", &field_element, "x"_a.none(),
           nb::sig("def element(self, x: int | FieldElement) -> FieldElement"), doc::field_element)
      .def("from_bytes", &field_from_bytes, "data"_a.none(),
           nb::sig("def from_bytes(self, data: bytes | bytearray | memoryview) -> FieldElement"),
           doc::field_from_bytes)
      .def_prop_ro(
          "p", [](const PyField& f) { return to_int(f.p); }, nb::sig("def p(self) -> int"), "The prime p.")
      .def_prop_ro(
          "bits", [](const PyField& f) { return f.bits; }, nb::sig("def bits(self) -> int"),
          "p.bit_length() (65..512).")
      .def_prop_ro(
          "limbs", [](const PyField& f) { return f.limbs; }, nb::sig("def limbs(self) -> int"),
          "64-bit limbs N of the Fp<N> underneath (2..8).")
      .def_prop_ro(
          "byte_length", [](const PyField& f) { return f.nbytes; }, nb::sig("def byte_length(self) -> int"),
          "Bytes of to_bytes / from_bytes: (bits + 7) // 8.")
      .def("__eq__", &field_eq, "other"_a.none(), nb::sig("def __eq__(self, other: object) -> bool"))
      .def("__hash__", [](const PyField& f) {
        Py_hash_t h = PyObject_Hash(to_int(f.p).ptr());
        if (h == -1 && PyErr_Occurred()) throw_set();
        return (Py_ssize_t)h;
      })
      .def("__repr__", [](const PyField& f) { return "parmod.Field(" + f.p_hex + ")"; })
      .def("__reduce__", [](const PyField& f) {  // pickle, copy
        return nb::make_tuple(nb::find(f).type(), nb::make_tuple(to_int(f.p)));
      });

  auto bin = [](BinaryFn fn, bool reflected, const char* what) {
    return [fn, reflected, what](const PyFieldElement& self, nb::handle other) {
      return binary(self, other, fn, reflected, what);
    };
  };
  nb::class_<PyFieldElement>(m, "FieldElement", doc::FieldElement)
      .def("__add__", bin(parmod_field_add, false, "FieldElement.__add__"), "other"_a.none(),
           nb::sig("def __add__(self, other: FieldElement | int) -> FieldElement"))
      .def("__radd__", bin(parmod_field_add, true, "FieldElement.__radd__"), "other"_a.none(),
           nb::sig("def __radd__(self, other: int) -> FieldElement"))
      .def("__sub__", bin(parmod_field_sub, false, "FieldElement.__sub__"), "other"_a.none(),
           nb::sig("def __sub__(self, other: FieldElement | int) -> FieldElement"))
      .def("__rsub__", bin(parmod_field_sub, true, "FieldElement.__rsub__"), "other"_a.none(),
           nb::sig("def __rsub__(self, other: int) -> FieldElement"))
      .def("__mul__", bin(parmod_field_mul, false, "FieldElement.__mul__"), "other"_a.none(),
           nb::sig("def __mul__(self, other: FieldElement | int) -> FieldElement"))
      .def("__rmul__", bin(parmod_field_mul, true, "FieldElement.__rmul__"), "other"_a.none(),
           nb::sig("def __rmul__(self, other: int) -> FieldElement"))
      .def("__truediv__", [](const PyFieldElement& s, nb::handle o) { return divide(s, o, false); }, "other"_a.none(),
           nb::sig("def __truediv__(self, other: FieldElement | int) -> FieldElement"))
      .def("__rtruediv__", [](const PyFieldElement& s, nb::handle o) { return divide(s, o, true); }, "other"_a.none(),
           nb::sig("def __rtruediv__(self, other: int) -> FieldElement"))
      .def("__pow__", &element_pow, "e"_a.none(), "mod"_a.none() = nb::none(),
           nb::sig("def __pow__(self, e: int, mod: None = None) -> FieldElement"))
      .def("__rpow__", [](const PyFieldElement&, nb::handle) { return not_implemented(); }, "other"_a.none())
      .def("__neg__", [](const PyFieldElement& s) { return element_unary(s, true); })
      .def("__pos__", [](const PyFieldElement& s) { return element_unary(s, false); })
      .def("__eq__", &element_eq, "other"_a.none(), nb::sig("def __eq__(self, other: object) -> bool"))
      .def("__hash__", &element_hash)
      .def("__bool__", [](const PyFieldElement& s) { return !equal(s.f, s.v, s.f->zero); })
      .def("__int__", [](const PyFieldElement& s) { return to_int(value(s.f, s.v)); },
           nb::sig("def __int__(self) -> int"))
      .def("__repr__", &element_repr)
      .def("__reduce__",  // pickle, copy: the field called on the value
           [](const PyFieldElement& s) { return nb::make_tuple(s.field, nb::make_tuple(to_int(value(s.f, s.v)))); })
      .def("__str__", [](const PyFieldElement& s) { return value(s.f, s.v).get_str(); })
      .def("inverse", &element_inverse, nb::sig("def inverse(self) -> FieldElement"), doc::field_element_inverse)
      .def("sqrt", &element_sqrt, nb::sig("def sqrt(self) -> FieldElement | None"), doc::field_element_sqrt)
      .def("to_bytes", &element_to_bytes, nb::sig("def to_bytes(self) -> bytes"), doc::field_element_to_bytes)
      .def_prop_ro(
          "field", [](const PyFieldElement& s) { return s.field; }, nb::sig("def field(self) -> Field"),
          "The Field this element belongs to.");
}

}  // namespace parmod_py
