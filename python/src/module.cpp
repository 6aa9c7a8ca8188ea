// parmod._core: the nanobind extension behind the `parmod` Python package.
//
// Every function converts its Python arguments to mpz_class with the GIL held
// (TypeError for non-integers, naming the argument), validates them, then
// releases the GIL once for the whole computation (a list call included) and
// converts the results back after taking it again.  Semantics are those of
// pow(b, e, m) and (a * b) % m; see parmod/__init__.py for the public docs.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <parmod/parmod.hpp>

#include <climits>
#include <cmath>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "convert.hpp"
#include "docs.hpp"
#include "field.hpp"

namespace nb = nanobind;
using namespace nb::literals;
using parmod_py::from_mpz;
using parmod_py::to_mpz;
namespace doc = parmod_py::doc;

namespace {

PyObject* ZeroModulusError = nullptr;    // (ValueError, ZeroDivisionError)
PyObject* NotInvertibleError = nullptr;  // (ValueError,)

[[noreturn]] void throw_set() { throw nb::python_error(); }

mpz_class get_int(nb::handle h, const char* func, const char* arg, bool& any_mpz) {
  mpz_class v;
  if (!to_mpz(h.ptr(), func, arg, v, &any_mpz)) throw_set();
  return v;
}

nb::object make_int(const mpz_class& v, bool as_mpz) {
  PyObject* r = from_mpz(v, as_mpz);
  if (!r) throw_set();
  return nb::steal(r);
}

// threads=None -> 0 (the default rule); a positive int otherwise.
int get_threads(nb::handle h, const char* func) {
  if (h.is_none()) return 0;
  if (!PyIndex_Check(h.ptr())) {
    PyErr_Format(PyExc_TypeError, "%s() argument 'threads' must be a positive int or None, not %.200s",
                 func, Py_TYPE(h.ptr())->tp_name);
    throw_set();
  }
  nb::object idx = nb::steal(PyNumber_Index(h.ptr()));
  if (!idx.is_valid()) throw_set();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(idx.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw_set();
  if (overflow || v <= 0 || v > INT_MAX) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'threads' must be None or an int from 1 to %d, not %R",
                 func, INT_MAX, idx.ptr());
    throw_set();
  }
  return (int)v;
}

parmod::Algorithm get_algorithm(nb::handle h, const char* func) {
  if (!PyUnicode_Check(h.ptr())) {
    PyErr_Format(PyExc_TypeError, "%s() argument 'algorithm' must be str, not %.200s", func,
                 Py_TYPE(h.ptr())->tp_name);
    throw_set();
  }
  Py_ssize_t len = 0;
  const char* s = PyUnicode_AsUTF8AndSize(h.ptr(), &len);
  if (!s) throw_set();
  try {
    // A name with an embedded NUL is no name (not its prefix).
    if (std::strlen(s) != static_cast<std::size_t>(len)) throw parmod::InvalidArgument("NUL in the name");
    return parmod::algorithm_from_name(s);
  } catch (const parmod::Error&) {
    std::string names = "'auto'";  // and the algorithm table's names
    const auto rows = parmod::algorithms();
    for (std::size_t i = 0; i < rows.size(); ++i)
      names += std::string(i + 1 == rows.size() ? " or '" : ", '") + rows[i].name + "'";
    PyErr_Format(PyExc_ValueError, "%s() argument 'algorithm' must be %s, not %R", func, names.c_str(), h.ptr());
    throw_set();
  }
}

// m == 0 -> ZeroModulusError; an algorithm that needs an odd modulus (the
// table's odd_only) with an even m -> ValueError.
void check_modulus(const mpz_class& m, parmod::Algorithm alg, const char* func) {
  if (m == 0) {
    PyErr_Format(ZeroModulusError, "%s() argument 'm' (the modulus) cannot be 0", func);
    throw_set();
  }
  if (parmod::algorithm_info(alg).odd_only && mpz_even_p(m.get_mpz_t())) {
    PyErr_Format(PyExc_ValueError, "%s(): algorithm='%s' needs an odd modulus, argument 'm' is even", func,
                 parmod::algorithm_name(alg));
    throw_set();
  }
}

// powmod_sec / Modulus.pow_sec: an odd modulus and e >= 0, as mpz_powm_sec.
void check_sec_args(const mpz_class& m, const mpz_class& e, const char* func) {
  if (mpz_even_p(m.get_mpz_t())) {
    PyErr_Format(PyExc_ValueError, "%s() needs an odd modulus 'm' (as GMP's mpz_powm_sec)", func);
    throw_set();
  }
  if (e < 0) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'e' must be >= 0", func);
    throw_set();
  }
}

// Runs f with the GIL released; maps parmod's C++ exceptions to Python ones.
// bad_index >= 0 (set by list calls) names the element that failed.
template <class F>
auto compute(const char* func, F&& f, const Py_ssize_t* bad_index = nullptr) -> decltype(f()) {
  try {
    nb::gil_scoped_release release;
    return f();
  } catch (const parmod::NotInvertible&) {
    if (bad_index && *bad_index >= 0)
      PyErr_Format(NotInvertibleError, "base is not invertible for the given modulus (element %zd)",
                   *bad_index);
    else
      PyErr_SetString(NotInvertibleError, "base is not invertible for the given modulus");
  } catch (const parmod::DivisionByZero&) {
    PyErr_Format(ZeroModulusError, "%s() argument 'm' (the modulus) cannot be 0", func);
  } catch (const parmod::UnsupportedAlgorithm& e) {
    PyErr_Format(PyExc_ValueError, "%s(): the algorithm cannot take this modulus 'm': %s", func,
                 e.what());
  } catch (const parmod::InvalidArgument& e) {
    PyErr_Format(PyExc_ValueError, "%s(): %s", func, e.what());
  } catch (const parmod::OutOfMemory&) {
    PyErr_NoMemory();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const parmod::Error& e) {
    PyErr_Format(PyExc_RuntimeError, "%s(): parmod internal error: %s", func, e.what());
  }
  throw_set();
}

// ---------------------------------------------------------------------------
// Free functions
// ---------------------------------------------------------------------------

nb::object powmod(nb::handle b, nb::handle e, nb::handle m, nb::handle threads, nb::handle algorithm) {
  const char* f = "powmod";
  bool mp = false;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp), mv = get_int(m, f, "m", mp);
  int t = get_threads(threads, f);
  parmod::Algorithm alg = get_algorithm(algorithm, f);
  check_modulus(mv, alg, f);
  mpz_class r = compute(f, [&] {
    if (t == 0) return parmod::powm(bv, ev, mv, alg);
    return parmod::Modulus(mv, alg, t).pow(bv, ev);
  });
  return make_int(r, mp);
}

nb::object mulmod(nb::handle a, nb::handle b, nb::handle m, nb::handle threads, nb::handle algorithm) {
  const char* f = "mulmod";
  bool mp = false;
  mpz_class av = get_int(a, f, "a", mp), bv = get_int(b, f, "b", mp), mv = get_int(m, f, "m", mp);
  int t = get_threads(threads, f);
  parmod::Algorithm alg = get_algorithm(algorithm, f);
  check_modulus(mv, alg, f);
  mpz_class r = compute(f, [&] {
    if (t == 0) return parmod::mulmod(av, bv, mv, alg);
    return parmod::Modulus(mv, alg, t).mul(av, bv);
  });
  return make_int(r, mp);
}

nb::object mul(nb::handle a, nb::handle b, nb::handle threads) {
  const char* f = "mul";
  bool mp = false;
  mpz_class av = get_int(a, f, "a", mp), bv = get_int(b, f, "b", mp);
  int t = get_threads(threads, f);
  mpz_class r = compute(f, [&] { return parmod::mul(av, bv, t); });
  return make_int(r, mp);
}

// The items of an iterable as mpz_class, with the GIL held.
std::vector<mpz_class> get_int_list(nb::handle seq, const char* func, const char* arg, bool& mp) {
  nb::object fast = nb::steal(PySequence_Fast(seq.ptr(), ""));
  if (!fast.is_valid()) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw_set();  // the iterator's own error
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be an iterable of integers, not %.200s",
                 func, arg, Py_TYPE(seq.ptr())->tp_name);
    throw_set();
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.ptr());
  std::vector<mpz_class> out((size_t)n);
  std::string name;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = PySequence_Fast_GET_ITEM(fast.ptr(), i);
    if (PyLong_Check(item)) {
      if (!parmod_py::long_to_mpz(item, out[(size_t)i])) throw_set();
      continue;
    }
    name = std::string(arg) + "[" + std::to_string(i) + "]";
    if (!to_mpz(item, func, name.c_str(), out[(size_t)i], &mp)) throw_set();
  }
  return out;
}

nb::list make_int_list(const std::vector<mpz_class>& v, bool mp) {
  PyObject* list = PyList_New((Py_ssize_t)v.size());
  if (!list) throw_set();
  nb::list result = nb::steal<nb::list>(list);
  for (size_t i = 0; i < v.size(); ++i) {
    PyObject* item = from_mpz(v[i], mp);
    if (!item) throw_set();
    PyList_SET_ITEM(list, (Py_ssize_t)i, item);
  }
  return result;
}

nb::list powmod_base_list(nb::handle bases, nb::handle e, nb::handle m, nb::handle threads,
                          nb::handle algorithm) {
  const char* f = "powmod_base_list";
  bool mp = false;
  std::vector<mpz_class> bv = get_int_list(bases, f, "bases", mp);
  mpz_class ev = get_int(e, f, "e", mp), mv = get_int(m, f, "m", mp);
  int t = get_threads(threads, f);
  parmod::Algorithm alg = get_algorithm(algorithm, f);
  check_modulus(mv, alg, f);
  std::vector<mpz_class> out(bv.size());
  Py_ssize_t bad = -1;
  compute(
      f,
      [&] {
        parmod::Modulus mod(mv, alg, t);
        try {
          out = mod.pow_list(bv, {ev});  // the items spread over the thread team
        } catch (const parmod::NotInvertible&) {
          for (size_t i = 0; i < bv.size(); ++i) {  // find the element to name in the error
            bad = (Py_ssize_t)i;
            out[i] = mod.pow(bv[i], ev);
          }
        }
        bad = -1;
      },
      &bad);
  return make_int_list(out, mp);
}

nb::object multi_powmod(nb::handle bases, nb::handle exps, nb::handle m) {
  const char* f = "multi_powmod";
  bool mp = false;
  std::vector<mpz_class> bv = get_int_list(bases, f, "bases", mp), ev = get_int_list(exps, f, "exps", mp);
  mpz_class mv = get_int(m, f, "m", mp);
  if (bv.size() != ev.size()) {
    PyErr_Format(PyExc_ValueError, "%s(): bases and exps must have the same length (%zd != %zd)", f,
                 (Py_ssize_t)bv.size(), (Py_ssize_t)ev.size());
    throw nb::python_error();
  }
  check_modulus(mv, parmod::Algorithm::automatic, f);
  mpz_class r = compute(f, [&] { return parmod::multi_powm(bv, ev, mv); });
  return make_int(r, mp);
}

nb::dict multipartite_counts(nb::handle kh) {
  if (!PyIndex_Check(kh.ptr())) {
    PyErr_Format(PyExc_TypeError, "multipartite_counts() argument 'k' must be an integer, not %.200s",
                 Py_TYPE(kh.ptr())->tp_name);
    throw nb::python_error();
  }
  int overflow = 0;
  nb::object ki = nb::steal(PyNumber_Index(kh.ptr()));
  if (!ki.is_valid()) throw nb::python_error();
  const long k = PyLong_AsLongAndOverflow(ki.ptr(), &overflow);
  if (k == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow || k < 2 || k > (1 << 15)) {
    PyErr_Format(PyExc_ValueError, "multipartite_counts(): k must be in [2, 32768], not %R", kh.ptr());
    throw nb::python_error();
  }
  const parmod::MultipartiteCounts c = parmod::multipartite_counts(static_cast<int>(k));
  nb::dict d;
  d["pmr_calls"] = c.pmr_calls;
  d["pbr_calls"] = c.pbr_calls;
  d["first_pbr_weight"] = c.first_pbr_weight;
  d["unreduced_products"] = c.unreduced_products;
  d["grouped_pmr_calls"] = c.grouped_pmr_calls;
  d["grouped_pbr_calls"] = c.grouped_pbr_calls;
  return d;
}

nb::list powmod_exp_list(nb::handle b, nb::handle exps, nb::handle m, nb::handle threads,
                         nb::handle algorithm) {
  const char* f = "powmod_exp_list";
  bool mp = false;
  mpz_class bv = get_int(b, f, "b", mp);
  std::vector<mpz_class> ev = get_int_list(exps, f, "exps", mp);
  mpz_class mv = get_int(m, f, "m", mp);
  int t = get_threads(threads, f);
  parmod::Algorithm alg = get_algorithm(algorithm, f);
  check_modulus(mv, alg, f);
  std::vector<mpz_class> out(ev.size());
  Py_ssize_t bad = -1;
  compute(
      f,
      [&] {
        parmod::Modulus mod(mv, alg, t);
        try {
          out = mod.pow_list({bv}, ev);  // the items spread over the thread team
        } catch (const parmod::NotInvertible&) {
          for (size_t i = 0; i < ev.size(); ++i) {  // find the element to name in the error
            bad = (Py_ssize_t)i;
            out[i] = mod.pow(bv, ev[i]);
          }
        }
        bad = -1;
      },
      &bad);
  return make_int_list(out, mp);
}

nb::object powmod_sec(nb::handle b, nb::handle e, nb::handle m) {
  const char* f = "powmod_sec";
  bool mp = false;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp), mv = get_int(m, f, "m", mp);
  check_modulus(mv, parmod::Algorithm::automatic, f);
  check_sec_args(mv, ev, f);
  return make_int(compute(f, [&] { return parmod::powm_sec(bv, ev, mv); }), mp);
}

nb::object powmod_crt(nb::handle b, nb::handle e, nb::handle factors) {
  const char* f = "powmod_crt";
  bool mp = false;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp);
  std::vector<mpz_class> fv = get_int_list(factors, f, "factors", mp);
  if (fv.empty()) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'factors' must not be empty", f);
    throw_set();
  }
  for (size_t i = 0; i < fv.size(); ++i) {
    if (fv[i] < 2) {
      PyErr_Format(PyExc_ValueError, "%s() argument 'factors[%zu]' must be >= 2", f, i);
      throw_set();
    }
  }
  // The pairwise coprimality check (k^2 / 2 gcds) runs in C++ with the GIL
  // released: InvalidArgument -> ValueError.
  return make_int(compute(f, [&] { return parmod::powm_crt(bv, ev, fv); }), mp);
}

// Zeroes the limbs of a copy of a secret before GMP frees it.
void wipe_secret(mpz_class& x) noexcept {
  const auto n = static_cast<mp_size_t>(mpz_size(x.get_mpz_t()));
  if (n) {
    explicit_bzero(mpz_limbs_modify(x.get_mpz_t(), n), static_cast<std::size_t>(n) * sizeof(mp_limb_t));
    mpz_limbs_finish(x.get_mpz_t(), 0);
  }
}

nb::object powmod_sec_crt(nb::handle b, nb::handle e, nb::handle factors) {
  const char* f = "powmod_sec_crt";
  bool mp = false;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp);
  std::vector<mpz_class> fv = get_int_list(factors, f, "factors", mp);
  struct Wipe {
    mpz_class* b;
    mpz_class* e;
    std::vector<mpz_class>* f;
    ~Wipe() {
      wipe_secret(*b), wipe_secret(*e);
      for (auto& x : *f) wipe_secret(x);
    }
  } wipe{&bv, &ev, &fv};
  if (fv.size() != 2) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'factors' must hold two primes [p, q], not %zu integers", f,
                 fv.size());
    throw_set();
  }
  for (size_t i = 0; i < 2; ++i) {
    if (fv[i] < 3 || mpz_even_p(fv[i].get_mpz_t())) {
      PyErr_Format(PyExc_ValueError, "%s() argument 'factors[%zu]' must be an odd prime", f, i);
      throw_set();
    }
  }
  if (ev < 0) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'e' must be >= 0", f);
    throw_set();
  }
  mpz_class r = compute(f, [&] { return parmod::powm_sec_crt(bv, ev, fv[0], fv[1]); });
  nb::object out = make_int(r, mp);
  wipe_secret(r);
  return out;
}

// A finite float from a real number argument (int, float, __float__, __index__;
// not complex, which has a __float__ that raises up to CPython 3.9).
double get_real(nb::handle h, const char* func, const char* arg) {
  if (PyComplex_Check(h.ptr()) ||
      (!PyFloat_Check(h.ptr()) && !PyLong_Check(h.ptr()) && !PyIndex_Check(h.ptr()) &&
       !(Py_TYPE(h.ptr())->tp_as_number && Py_TYPE(h.ptr())->tp_as_number->nb_float))) {
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be a real number, not %.200s", func, arg,
                 Py_TYPE(h.ptr())->tp_name);
    throw_set();
  }
  double v = PyFloat_AsDouble(h.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    // An int too large for a float is out of range (ValueError, as documented);
    // other errors (__float__'s own) pass through.
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) throw_set();
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "%s() argument '%s' is out of range (too large for a float)", func, arg);
    throw_set();
  }
  if (!std::isfinite(v)) {
    PyErr_Format(PyExc_ValueError, "%s() argument '%s' must be finite, not %R", func, arg, h.ptr());
    throw_set();
  }
  return v;
}

// More partition points than this is a mistake (k is at most about 2 n_bits,
// reached for a huge phi), not a request worth a list of that size.
constexpr double kMaxPartitionPoints = double(1 << 20);

nb::tuple partition_points(nb::handle n_bits, nb::handle phi) {
  const char* f = "partition_points";
  const double n = get_real(n_bits, f, "n_bits"), ph = get_real(phi, f, "phi");
  if (!(n >= 1)) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'n_bits' must be >= 1, not %R", f, n_bits.ptr());
    throw_set();
  }
  if (!(ph > 0)) {
    PyErr_Format(PyExc_ValueError, "%s() argument 'phi' must be > 0, not %R", f, phi.ptr());
    throw_set();
  }
  // The C++ computes k = round(gamma + 1/2) (Lara et al., eq. 18) and casts it
  // to unsigned; check first that it is finite and of a sane size (it is not
  // for a phi so large that phi / (2 + phi) rounds to 1, or a huge n_bits).
  const double lambda = ph / (2.0 + ph);
  const double gamma = std::log(1.0 / (1.0 + 2.0 * n * (1.0 - lambda))) / std::log(lambda);
  const double k = std::round(gamma + 0.5);
  if (!(lambda < 1) || !std::isfinite(k) || k > kMaxPartitionPoints) {
    PyErr_Format(PyExc_ValueError,
                 "%s(): n_bits=%R and phi=%R give more than 2**20 partition points (or none computable)",
                 f, n_bits.ptr(), phi.ptr());
    throw_set();
  }
  parmod::PartitionPoints p = compute(f, [&] { return parmod::partition_points(n, ph); });
  nb::list points;
  for (double x : p.points) points.append(nb::float_(x));
  return nb::make_tuple(nb::int_((size_t)p.k), points);
}

void set_num_threads(nb::handle n) {
  if (n.is_none()) {
    parmod::set_num_threads(0);
    return;
  }
  parmod::set_num_threads(get_threads(n, "set_num_threads"));
}

// ---------------------------------------------------------------------------
// Modulus
// ---------------------------------------------------------------------------

struct PyModulus {
  parmod::Modulus mod;
  bool is_mpz;  // built from a gmpy2.mpz: results are mpz too
  mpz_class abs_m;
};

void check_range(const PyModulus& self, const mpz_class& a, const char* func, const char* arg) {
  if (a < 0 || a >= self.abs_m) {
    PyErr_Format(PyExc_ValueError, "%s() argument '%s' must be in range(0, abs(m))", func, arg);
    throw_set();
  }
}

void modulus_init(PyModulus* self, nb::handle m, nb::handle threads, nb::handle algorithm) {
  const char* f = "Modulus";
  bool mp = false;
  mpz_class mv = get_int(m, f, "m", mp);
  int t = get_threads(threads, f);
  parmod::Algorithm alg = get_algorithm(algorithm, f);
  check_modulus(mv, alg, f);
  parmod::Modulus built = compute(f, [&] { return parmod::Modulus(mv, alg, t); });
  new (self) PyModulus{std::move(built), mp, abs(mv)};
}

nb::object modulus_mul(const PyModulus& self, nb::handle a, nb::handle b) {
  const char* f = "Modulus.mul";
  bool mp = self.is_mpz;
  mpz_class av = get_int(a, f, "a", mp), bv = get_int(b, f, "b", mp);
  return make_int(compute(f, [&] { return self.mod.mul(av, bv); }), mp);
}

nb::object modulus_sqr(const PyModulus& self, nb::handle a) {
  const char* f = "Modulus.sqr";
  bool mp = self.is_mpz;
  mpz_class av = get_int(a, f, "a", mp);
  return make_int(compute(f, [&] { return self.mod.sqr(av); }), mp);
}

nb::object modulus_pow(const PyModulus& self, nb::handle b, nb::handle e) {
  const char* f = "Modulus.pow";
  bool mp = self.is_mpz;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp);
  return make_int(compute(f, [&] { return self.mod.pow(bv, ev); }), mp);
}

nb::object modulus_pow_sec(const PyModulus& self, nb::handle b, nb::handle e) {
  const char* f = "Modulus.pow_sec";
  bool mp = self.is_mpz;
  mpz_class bv = get_int(b, f, "b", mp), ev = get_int(e, f, "e", mp);
  check_sec_args(self.abs_m, ev, f);
  return make_int(compute(f, [&] { return self.mod.pow_sec(bv, ev); }), mp);
}

// A table bigger than this (in limbs) is refused: at window 1 the table of a
// FixedBase holds max_exponent_bits * limbs(m) limbs, which a large
// max_exponent_bits would make as big as the machine's memory.
constexpr double kMaxFixedBaseTableLimbs = double(1 << 27);  // 1 GiB

struct PyFixedBase {
  parmod::FixedBase table;
  bool is_mpz;  // the modulus or g was a gmpy2.mpz: results are mpz too
  size_t modulus_bits;
  bool negative_modulus;
};

PyFixedBase modulus_fixed_base(const PyModulus& self, nb::handle g, nb::handle max_exponent_bits) {
  const char* f = "Modulus.fixed_base";
  bool mp = self.is_mpz;
  mpz_class gv = get_int(g, f, "g", mp);
  size_t bits = 0;  // 0: the modulus size
  if (!max_exponent_bits.is_none()) {
    bool ignored = false;  // an mpz here does not make the results mpz
    mpz_class v = get_int(max_exponent_bits, f, "max_exponent_bits", ignored);
    if (v <= 0 || !v.fits_ulong_p() ||
        v.get_d() * (double)self.mod.limbs() > kMaxFixedBaseTableLimbs) {
      PyErr_Format(PyExc_ValueError,
                   "%s() argument 'max_exponent_bits' must be a positive int (at most 2**27 // limbs(m) = %zu) "
                   "or None",
                   f, (size_t)(kMaxFixedBaseTableLimbs / (double)self.mod.limbs()));
      throw_set();
    }
    bits = v.get_ui();
  }
  parmod::FixedBase t = compute(f, [&] { return self.mod.fixed_base(gv, bits); });
  return PyFixedBase{std::move(t), mp, (size_t)mpz_sizeinbase(self.abs_m.get_mpz_t(), 2), self.mod.value() < 0};
}

nb::object fixed_base_pow(const PyFixedBase& self, nb::handle e) {
  const char* f = "FixedBase.pow";
  bool mp = self.is_mpz;
  mpz_class ev = get_int(e, f, "e", mp);
  return make_int(compute(f, [&] { return self.table.pow(ev); }), mp);
}

std::string fixed_base_repr(const PyFixedBase& self) {
  return std::string("<parmod.FixedBase for a ") + (self.negative_modulus ? "negative " : "") +
         std::to_string(self.modulus_bits) + "-bit modulus, max_exponent_bits=" +
         std::to_string(self.table.max_exponent_bits()) + ", window=" + std::to_string(self.table.window()) + ">";
}

nb::object modulus_to_mont(const PyModulus& self, nb::handle a) {
  const char* f = "Modulus.to_mont";
  bool mp = self.is_mpz;
  mpz_class av = get_int(a, f, "a", mp);
  return make_int(compute(f, [&] { return self.mod.to_mont(av); }), mp);
}

nb::object modulus_mont_mul(const PyModulus& self, nb::handle a, nb::handle b) {
  const char* f = "Modulus.mont_mul";
  bool mp = self.is_mpz;
  mpz_class av = get_int(a, f, "a", mp), bv = get_int(b, f, "b", mp);
  check_range(self, av, f, "a");
  check_range(self, bv, f, "b");
  return make_int(compute(f, [&] { return self.mod.mont_mul(av, bv); }), mp);
}

nb::object modulus_from_mont(const PyModulus& self, nb::handle a) {
  const char* f = "Modulus.from_mont";
  bool mp = self.is_mpz;
  mpz_class av = get_int(a, f, "a", mp);
  check_range(self, av, f, "a");
  return make_int(compute(f, [&] { return self.mod.from_mont(av); }), mp);
}

std::string modulus_describe(const PyModulus& self, nb::handle e) {
  const char* f = "Modulus.describe";
  bool mp = self.is_mpz;
  const mpz_class ev = e.is_none() ? mpz_class(0) : get_int(e, f, "e", mp);
  return compute(f, [&] { return self.mod.describe(ev); });
}

// The algorithm table as a list of dicts (parmod/algorithms.def).
nb::list algorithms() {
  nb::list out;
  for (const parmod::AlgorithmInfo& row : parmod::algorithms()) {
    nb::dict d;
    d["name"] = row.name;
    d["odd_only"] = row.odd_only;
    d["representation"] = row.representation;
    d["description"] = row.description;
    out.append(d);
  }
  return out;
}

std::string modulus_repr(const PyModulus& self) {
  const mpz_class& v = self.mod.value();
  size_t bits = mpz_sizeinbase(self.abs_m.get_mpz_t(), 2);
  std::string value;
  if (bits <= 128) {
    value = v.get_str();  // small: show it (decimal is fine at this size)
  } else {
    value = (v < 0 ? "-<" : "<") + std::to_string(bits) + "-bit modulus>";
  }
  return "parmod.Modulus(" + value + ", threads=" + std::to_string(self.mod.threads()) +
         ", algorithm='" + parmod::algorithm_name(self.mod.algorithm()) + "')";
}

// ---------------------------------------------------------------------------
// Helpers for the benchmark (conversion cost) and for __init__.py
// ---------------------------------------------------------------------------

void set_mpz_type(nb::handle t) {
  if (!t.is_none() && !PyType_Check(t.ptr())) throw nb::type_error("_set_mpz_type(): expected a type");
  PyObject* old = parmod_py::g_mpz_type;
  parmod_py::g_mpz_type = t.is_none() ? nullptr : t.inc_ref().ptr();
  Py_XDECREF(old);
}

// int -> mpz only (the result is dropped): the input conversion's cost.
void convert_in(nb::handle x) {
  bool mp = false;
  mpz_class v = get_int(x, "_convert_in", "x", mp);
  (void)v;
}

// int -> mpz -> int: both conversions, no arithmetic.
nb::object roundtrip(nb::handle x) {
  bool mp = false;
  mpz_class v = get_int(x, "_roundtrip", "x", mp);
  return make_int(v, mp);
}

}  // namespace

NB_MODULE(_core, m) {
  m.doc() = "parmod's compiled core; use the `parmod` package, which re-exports it.";

  {
    nb::object bases = nb::make_tuple(nb::handle(PyExc_ValueError), nb::handle(PyExc_ZeroDivisionError));
    ZeroModulusError = PyErr_NewExceptionWithDoc(
        "parmod.ZeroModulusError",
        "The modulus is 0.  A ValueError (as pow(b, e, 0) raises) and a ZeroDivisionError\n"
        "(as (a * b) % 0 raises), so either `except` clause catches it.",
        bases.ptr(), nullptr);
    if (!ZeroModulusError) throw_set();
    NotInvertibleError = PyErr_NewExceptionWithDoc(
        "parmod.NotInvertibleError",
        "A negative exponent with a base that has no inverse modulo m (a ValueError, as pow raises).",
        PyExc_ValueError, nullptr);
    if (!NotInvertibleError) throw_set();
    m.attr("ZeroModulusError") = nb::handle(ZeroModulusError);
    m.attr("NotInvertibleError") = nb::handle(NotInvertibleError);
  }

  parmod_py::register_field(m, NotInvertibleError);  // parmod.Field, parmod.FieldElement (field.cpp)

  m.def("powmod", &powmod, "b"_a.none(), "e"_a.none(), "m"_a.none(), nb::kw_only(), "threads"_a.none() = nb::none(),
        "algorithm"_a.none() = "auto",
        nb::sig("def powmod(b: int, e: int, m: int, *, threads: int | None = None, "
                "algorithm: str = 'auto') -> int"),
        doc::powmod);
  m.def("mulmod", &mulmod, "a"_a.none(), "b"_a.none(), "m"_a.none(), nb::kw_only(), "threads"_a.none() = nb::none(),
        "algorithm"_a.none() = "auto",
        nb::sig("def mulmod(a: int, b: int, m: int, *, threads: int | None = None, "
                "algorithm: str = 'auto') -> int"),
        doc::mulmod);
  m.def("mul", &mul, "a"_a.none(), "b"_a.none(), nb::kw_only(), "threads"_a.none() = nb::none(),
        nb::sig("def mul(a: int, b: int, *, threads: int | None = None) -> int"), doc::mul);
  m.def("powmod_base_list", &powmod_base_list, "bases"_a.none(), "e"_a.none(), "m"_a.none(), nb::kw_only(),
        "threads"_a.none() = nb::none(), "algorithm"_a.none() = "auto",
        nb::sig("def powmod_base_list(bases: Iterable[int], e: int, m: int, *, "
                "threads: int | None = None, algorithm: str = 'auto') -> list[int]"),
        doc::powmod_base_list);
  m.def("powmod_exp_list", &powmod_exp_list, "b"_a.none(), "exps"_a.none(), "m"_a.none(), nb::kw_only(),
        "threads"_a.none() = nb::none(), "algorithm"_a.none() = "auto",
        nb::sig("def powmod_exp_list(b: int, exps: Iterable[int], m: int, *, "
                "threads: int | None = None, algorithm: str = 'auto') -> list[int]"),
        doc::powmod_exp_list);
  m.def("multi_powmod", &multi_powmod, "bases"_a.none(), "exps"_a.none(), "m"_a.none(),
        nb::sig("def multi_powmod(bases: Iterable[int], exps: Iterable[int], m: int) -> int"), doc::multi_powmod);
  m.def("multipartite_counts", &multipartite_counts, "k"_a,
        nb::sig("def multipartite_counts(k: int) -> dict[str, int]"), doc::multipartite_counts);
  m.def("powmod_sec", &powmod_sec, "b"_a.none(), "e"_a.none(), "m"_a.none(),
        nb::sig("def powmod_sec(b: int, e: int, m: int) -> int"),
        doc::powmod_sec);
  m.def("powmod_sec_crt", &powmod_sec_crt, "b"_a.none(), "e"_a.none(), "factors"_a.none(),
        nb::sig("def powmod_sec_crt(b: int, e: int, factors: Iterable[int]) -> int"),
        doc::powmod_sec_crt);
  m.def("powmod_crt", &powmod_crt, "b"_a.none(), "e"_a.none(), "factors"_a.none(),
        nb::sig("def powmod_crt(b: int, e: int, factors: Iterable[int]) -> int"),
        doc::powmod_crt);
  m.def("partition_points", &partition_points, "n_bits"_a.none(), "phi"_a.none(),
        nb::sig("def partition_points(n_bits: float, phi: float) -> tuple[int, list[float]]"),
        doc::partition_points);
  m.def("set_num_threads", &set_num_threads, "n"_a.none(),
        nb::sig("def set_num_threads(n: int | None) -> None"),
        doc::set_num_threads);
  m.def("get_num_threads", &parmod::get_num_threads,
        doc::get_num_threads);
  m.def("algorithms", &algorithms, nb::sig("def algorithms() -> list[dict[str, object]]"), doc::algorithms);

  nb::class_<PyModulus>(m, "Modulus", doc::Modulus)
      .def("__init__", &modulus_init, "m"_a.none(), nb::kw_only(), "threads"_a.none() = nb::none(),
           "algorithm"_a.none() = "auto",
           nb::sig("def __init__(self, m: int, *, threads: int | None = None, "
                   "algorithm: str = 'auto') -> None"))
      .def("mul", &modulus_mul, "a"_a.none(), "b"_a.none(), nb::sig("def mul(self, a: int, b: int) -> int"),
           doc::mod_mul)
      .def("sqr", &modulus_sqr, "a"_a.none(), nb::sig("def sqr(self, a: int) -> int"), doc::mod_sqr)
      .def("pow", &modulus_pow, "b"_a.none(), "e"_a.none(), nb::sig("def pow(self, b: int, e: int) -> int"),
           doc::mod_pow)
      .def("pow_sec", &modulus_pow_sec, "b"_a.none(), "e"_a.none(),
           nb::sig("def pow_sec(self, b: int, e: int) -> int"), doc::mod_pow_sec)
      .def("fixed_base", &modulus_fixed_base, "g"_a.none(), "max_exponent_bits"_a.none() = nb::none(),
           nb::sig("def fixed_base(self, g: int, max_exponent_bits: int | None = None) -> FixedBase"),
           doc::mod_fixed_base)
      .def("to_mont", &modulus_to_mont, "a"_a.none(), nb::sig("def to_mont(self, a: int) -> int"),
           doc::mod_to_mont)
      .def("mont_mul", &modulus_mont_mul, "a"_a.none(), "b"_a.none(),
           nb::sig("def mont_mul(self, a: int, b: int) -> int"),
           doc::mod_mont_mul)
      .def("from_mont", &modulus_from_mont, "a"_a.none(), nb::sig("def from_mont(self, a: int) -> int"),
           doc::mod_from_mont)
      .def_prop_ro(
          "value", [](const PyModulus& s) { return make_int(s.mod.value(), s.is_mpz); },
          nb::sig("def value(self) -> int"), "m as given (sign kept).")
      .def_prop_ro(
          "algorithm", [](const PyModulus& s) { return std::string(parmod::algorithm_name(s.mod.algorithm())); },
          nb::sig("def algorithm(self) -> str"),
          "The algorithm of the representation: a name from parmod.algorithms(), never 'automatic'.")
      .def_prop_ro(
          "threads", [](const PyModulus& s) { return s.mod.threads(); },
          nb::sig("def threads(self) -> int"), "Threads this modulus may use.")
      .def_prop_ro(
          "limbs", [](const PyModulus& s) { return (size_t)s.mod.limbs(); },
          nb::sig("def limbs(self) -> int"), "64-bit words in abs(m).")
      .def_prop_ro(
          "bits", [](const PyModulus& s) { return (size_t)mpz_sizeinbase(s.abs_m.get_mpz_t(), 2); },
          nb::sig("def bits(self) -> int"), "abs(m).bit_length().")
      .def("describe", &modulus_describe, "e"_a.none() = nb::none(),
           nb::sig("def describe(self, e: int | None = None) -> str"), doc::mod_describe)
      .def("__repr__", &modulus_repr);

  nb::class_<PyFixedBase>(m, "FixedBase", doc::FixedBase)
      .def("pow", &fixed_base_pow, "e"_a.none(), nb::sig("def pow(self, e: int) -> int"), doc::fixed_base_pow)
      .def_prop_ro(
          "max_exponent_bits", [](const PyFixedBase& s) { return (size_t)s.table.max_exponent_bits(); },
          nb::sig("def max_exponent_bits(self) -> int"),
          "Exponents of up to this many bits use the table; longer or negative ones fall back to Modulus.pow.")
      .def_prop_ro(
          "window", [](const PyFixedBase& s) { return s.table.window(); }, nb::sig("def window(self) -> int"),
          "The window w in bits: one table multiplication per w bits of the exponent.")
      .def("__repr__", &fixed_base_repr);

  m.def("_set_mpz_type", &set_mpz_type, "t"_a.none());
  m.def("_convert_in", &convert_in, "x"_a.none());
  m.def("_roundtrip", &roundtrip, "x"_a.none());
  m.attr("__version__") = parmod::version();
}
