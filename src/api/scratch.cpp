#include "api/scratch.hpp"

#include "check/poison.hpp"

namespace parmod::api {
namespace {

struct ThreadBuffer {
  std::unique_ptr<limb_t[]> data;
  std::size_t capacity = 0;
  bool in_use = false;
};
thread_local ThreadBuffer t_buffer;

// Buffers above this many limbs (8 MiB) are released after the call.
constexpr std::size_t kKeepLimbs = std::size_t(1) << 20;

}  // namespace

ScratchLease::ScratchLease(std::size_t limbs) {
  if (limbs == 0) limbs = 1;
  ThreadBuffer& b = t_buffer;
  if (b.in_use) {
    own_.reset(new limb_t[limbs]);
    ptr_ = own_.get();
    return;
  }
  if (b.capacity < limbs) {
    b.data.reset();
    b.capacity = 0;
    b.data.reset(new limb_t[limbs]);
    b.capacity = limbs;
  }
  b.in_use = true;
  thread_buffer_ = true;
  ptr_ = b.data.get();
  check::poison(ptr_ + limbs, (b.capacity - limbs) * sizeof(limb_t));  // ASan: only the leased limbs
}

ScratchLease::~ScratchLease() {
  if (!thread_buffer_) return;
  ThreadBuffer& b = t_buffer;
  check::unpoison(b.data.get(), b.capacity * sizeof(limb_t));
  b.in_use = false;
  if (b.capacity > kKeepLimbs) {
    b.data.reset();
    b.capacity = 0;
  }
}

}  // namespace parmod::api
