// Python int <-> mpz_class through bytes/limbs (never decimal strings).
#pragma once

#include <Python.h>
#include <gmpxx.h>

namespace parmod_py {

// The gmpy2.mpz type when gmpy2 is importable (set once by parmod/__init__.py
// through _core._set_mpz_type), else nullptr.  Borrowed for the process life.
extern PyObject* g_mpz_type;

// Converts an int (bool included), a gmpy2.mpz or any object with __index__
// into `out`.  Sets *is_mpz when obj is a gmpy2.mpz.  On a non-integer sets
// a TypeError naming `func` and `arg` and returns false (a Python error is
// set); the GIL must be held.
bool to_mpz(PyObject* obj, const char* func, const char* arg, mpz_class& out, bool* is_mpz);

// A new reference to an int (or a gmpy2.mpz when as_mpz and gmpy2 is
// present) with the value v; nullptr with a Python error set on failure.
PyObject* from_mpz(const mpz_class& v, bool as_mpz);

// The two halves on their own, for measuring (parmod._core._roundtrip).
bool long_to_mpz(PyObject* pylong, mpz_class& out);  // pylong: exact PyLong (or subclass)
PyObject* mpz_to_long(const mpz_class& v);

}  // namespace parmod_py
