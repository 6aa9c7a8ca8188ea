// api/scratch.hpp - per-thread scratch memory for the API calls.
//
// An operation asks once for all the limbs its layers need; the buffer is kept
// per thread and reused, so a steady stream of calls allocates nothing.  A
// nested lease on the same thread (not expected) gets a fresh buffer.
#pragma once

#include <cstddef>
#include <memory>

#include "limbs/limbs.hpp"

namespace parmod::api {

class ScratchLease {
 public:
  // Throws std::bad_alloc when the limbs cannot be had.
  explicit ScratchLease(std::size_t limbs);
  ~ScratchLease();
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;
  limb_t* get() const noexcept { return ptr_; }

 private:
  limb_t* ptr_ = nullptr;
  std::unique_ptr<limb_t[]> own_;  // used when the thread's buffer is taken
  bool thread_buffer_ = false;
};

}  // namespace parmod::api
