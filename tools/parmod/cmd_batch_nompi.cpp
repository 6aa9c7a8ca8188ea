// tools/parmod/cmd_batch_nompi.cpp - `batch --mpi` in a parmod built without
// MPI (-DPARMOD_WITH_MPI=OFF): a usage error (one line, exit status 2).
#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {

int cmd_batch_mpi(const Options&) {
  throw UsageError("batch --mpi: this parmod was built without MPI (cmake -DPARMOD_WITH_MPI=ON)");
}

}  // namespace parmod::cli
