// api/boundary.hpp - api::guarded: what may leave a public C++ function.
#pragma once

#include <new>
#include <stdexcept>
#include <string>

#include "parmod/error.hpp"

namespace parmod::api {

// The API boundary: runs f and lets only parmod::Error out.  Allocation
// failure (std::bad_alloc, std::length_error) becomes OutOfMemory,
// std::invalid_argument and std::out_of_range (a number string gmpxx cannot
// parse, an index) InvalidArgument, any other exception Error(internal).
// Every public function runs its body inside it.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw OutOfMemory("out of memory");
  } catch (const std::length_error&) {
    throw OutOfMemory("out of memory (a size beyond the allocator's limit)");
  } catch (const std::invalid_argument& e) {
    throw InvalidArgument(e.what());
  } catch (const std::out_of_range& e) {
    throw InvalidArgument(e.what());
  } catch (const std::exception& e) {
    throw Error(ErrorCode::internal, std::string("parmod internal error: ") + e.what());
  } catch (...) {
    throw Error(ErrorCode::internal, "parmod internal error: unknown exception");
  }
}

}  // namespace parmod::api
