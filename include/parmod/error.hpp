// parmod/error.hpp - the exceptions of the C++ API and the field templates.
//
// Every exception that leaves a public parmod function (parmod.hpp, the field
// headers) is a parmod::Error: the library turns std::bad_alloc into
// OutOfMemory and any other failure into the matching subclass (or
// Error(ErrorCode::internal) for a bug) at the API boundary.
#pragma once

#include <stdexcept>
#include <string>

namespace parmod {

// Error codes, shared with the C API (parmod.h).
enum class ErrorCode {
  ok = 0,
  invalid_argument = 1,
  division_by_zero = 2,
  not_invertible = 3,
  unsupported_algorithm = 4,
  out_of_memory = 5,
  internal = 6,
};

// Base of every exception parmod throws.
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& what) : std::runtime_error(what), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};
// A malformed argument (bad thread count, unknown name, ...).
struct InvalidArgument : Error {
  explicit InvalidArgument(const std::string& w) : Error(ErrorCode::invalid_argument, w) {}
};
// Modulus 0.
struct DivisionByZero : Error {
  explicit DivisionByZero(const std::string& w) : Error(ErrorCode::division_by_zero, w) {}
};
// Negative exponent with a base that has no inverse modulo m.
struct NotInvertible : Error {
  explicit NotInvertible(const std::string& w) : Error(ErrorCode::not_invertible, w) {}
};
// The algorithm cannot take this modulus (Montgomery with an even modulus).
struct UnsupportedAlgorithm : Error {
  explicit UnsupportedAlgorithm(const std::string& w) : Error(ErrorCode::unsupported_algorithm, w) {}
};
// An allocation failed; nothing was changed.
struct OutOfMemory : Error {
  explicit OutOfMemory(const std::string& w) : Error(ErrorCode::out_of_memory, w) {}
};

// The one exception the field templates (parmod/field/) throw for bad input
// is InvalidArgument.

}  // namespace parmod
