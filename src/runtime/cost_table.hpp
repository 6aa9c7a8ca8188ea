// runtime/cost_table.hpp - estimated costs of the limb operations the task
// graphs are made of: M(m, n) (an m x n product), the low half product, and
// additions.  Two sources:
//  - the paper's quadratic model (Giorgi, Imbert, Izard 2011, section 4.3,
//    Theorem 5: M(m, n) = m n, so M(n1 + n2, n) = M(n1, n) + M(n2, n)),
//    with additions free: for the scheduler tests against Tables 3 and 4;
//  - the measured table: the tuning keys costs.mul_ns and
//    costs.add_ns_per_limb (config/tuning.hpp; `parmod tune` step "costs"
//    measures them, the rows of config/tuning_rows.cpp give defaults).
// Costs are in nanoseconds for the measured table, in limb products for the
// model.  A CostTable is a copy: thread-safe to read.
#pragma once

#include <cstddef>
#include <vector>

namespace parmod::runtime {

class CostTable {
 public:
  // The paper's quadratic model.
  static CostTable quadratic();
  // The measured table of the current tuning snapshot.
  static CostTable measured();

  // M(m, n) for m, n >= 1 (0 if either is 0).
  double mul(std::size_t m, std::size_t n) const noexcept;
  // The low n limbs of an n x n product.
  double mullo(std::size_t n) const noexcept;
  // Adding n limbs into an accumulator (with carry propagation).
  double add(std::size_t n) const noexcept;
  bool is_model() const noexcept { return model_; }

  // Measured points: square products M(s, s) in ns at sizes s (ascending),
  // ns per limb of an addition, mullo/mul ratio.
  struct Points {
    std::vector<std::size_t> sizes;
    std::vector<double> square_ns;
    double add_ns_per_limb = 0.25;
    double mullo_ratio = 0.65;  // not measured
  };
  const Points& points() const noexcept { return pts_; }

 private:
  bool model_ = true;
  Points pts_;
  double square(std::size_t s) const noexcept;  // interpolated M(s, s)
};


}  // namespace parmod::runtime
