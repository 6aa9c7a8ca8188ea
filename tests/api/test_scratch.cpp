// Tests of api/scratch.cpp: a lease reuses the thread's buffer, a nested lease
// gets its own, and under AddressSanitizer only the leased limbs of the reused
// buffer may be touched (check/poison.hpp), so a layer that uses more scratch
// than its caller leased for it stops there.
#include "api/scratch.hpp"

#include <gtest/gtest.h>

#include "parmod/detail/sanitizers.h"

namespace parmod::test {
namespace {

TEST(ScratchLease, ReusesTheThreadBufferAndNestsApart) {
  limb_t* first = nullptr;
  {
    api::ScratchLease a(100);
    first = a.get();
    a.get()[99] = 1;
    api::ScratchLease nested(10);
    EXPECT_NE(nested.get(), first);
    nested.get()[9] = 2;
  }
  api::ScratchLease b(50);
  EXPECT_EQ(b.get(), first);
  b.get()[49] = 3;
}

#if defined(PARMOD_UNDER_ASAN)
TEST(ScratchLease, UseBeyondTheLeasedLimbsStopsUnderAsan) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  { api::ScratchLease big(64); }  // the thread's buffer now holds 64 limbs
  EXPECT_DEATH(
      {
        api::ScratchLease small(8);
        volatile limb_t* p = small.get();
        p[7] = 1;  // the last leased limb: fine
        p[8] = 1;  // beyond the lease, inside the buffer
      },
      "use-after-poison");
}
#endif

}  // namespace
}  // namespace parmod::test
