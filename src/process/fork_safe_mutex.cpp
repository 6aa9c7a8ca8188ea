#include "process/fork_safe_mutex.hpp"

#include <pthread.h>

#include <stdexcept>

namespace parmod::process {

// The registry: an intrusive list of the registered mutexes, guarded by its
// own plain mutex, which the prepare handler takes first (so that a mutex
// registering itself during a fork is either in the list or waits).
struct Registry {
  static constexpr int kMaxChildFns = 8;
  static constexpr int kMaxLocks = 64;
  std::mutex lock;
  ForkSafeMutex* head = nullptr;
  int count = 0;
  void (*child_fns[kMaxChildFns])() = {};
  int child_fn_count = 0;
  ForkSafeMutex* taken[kMaxLocks] = {};  // prepare's order, for the release
  int ntaken = 0;

  static Registry& get() {
    static Registry r;
    static std::once_flag installed;
    std::call_once(installed, [] { pthread_atfork(prepare, parent, child); });
    return r;
  }
  static void prepare() {
    Registry& r = get();
    r.lock.lock();
    // Ascending rank; among equal ranks, registration order (insertion sort,
    // a handful of entries, no allocation).
    r.ntaken = 0;
    for (ForkSafeMutex* m = r.head; m && r.ntaken < kMaxLocks; m = m->next_) {
      int i = r.ntaken++;
      while (i > 0 && r.taken[i - 1]->rank_ > m->rank_) {
        r.taken[i] = r.taken[i - 1];
        --i;
      }
      r.taken[i] = m;
    }
    for (int i = 0; i < r.ntaken; ++i) r.taken[i]->m_.lock();
  }
  static void release() {
    Registry& r = get();
    for (int i = r.ntaken; i-- > 0;) r.taken[i]->m_.unlock();
    r.ntaken = 0;
    r.lock.unlock();
  }
  static void parent() { release(); }
  static void child() {
    // The forking thread took every lock in prepare; it is the only thread
    // here and releases them (glibc's normal mutexes allow it).
    release();
    Registry& r = get();
    for (int i = 0; i < r.child_fn_count; ++i) r.child_fns[i]();
  }
};

void ForkSafeMutex::lock() {
  if (!registered_.load(std::memory_order_acquire)) {
    Registry& r = Registry::get();
    std::lock_guard<std::mutex> g(r.lock);
    if (!registered_.load(std::memory_order_relaxed)) {
      if (r.count >= Registry::kMaxLocks) throw std::logic_error("parmod: too many fork-safe mutexes");
      next_ = r.head;
      r.head = this;
      ++r.count;
      registered_.store(true, std::memory_order_release);
    }
  }
  m_.lock();
}

void at_fork_child(void (*fn)()) {
  Registry& r = Registry::get();
  std::lock_guard<std::mutex> g(r.lock);
  for (int i = 0; i < r.child_fn_count; ++i)
    if (r.child_fns[i] == fn) return;
  if (r.child_fn_count >= Registry::kMaxChildFns) throw std::logic_error("parmod: too many fork handlers");
  r.child_fns[r.child_fn_count++] = fn;
}

int fork_safe_mutex_count() noexcept {
  Registry& r = Registry::get();
  std::lock_guard<std::mutex> g(r.lock);
  return r.count;
}

}  // namespace parmod::process
