// runtime/cost_table.hpp - estimated costs of the limb operations the task
// graphs are made of: M(m, n) (an m x n product), the low half product, and
// additions.  Two sources:
//  - the paper's quadratic model (Giorgi, Imbert, Izard 2011, section 4.3,
//    Theorem 5: M(m, n) = m n, so M(n1 + n2, n) = M(n1, n) + M(n2, n)),
//    with additions free: for the scheduler tests against Tables 3 and 4;
//  - a table measured on this machine (`parmod tune` step "costs"), with
//    built-in defaults measured on an AMD EPYC (2 cores) so that an untuned
//    library still plans sensibly; tune stores it in the tuning table
//    (config/tuning_table.hpp) under costs.mul_ns and costs.add_ns_per_limb.
// Costs are in nanoseconds for the measured table, in limb products for the
// model.  Thread-safe to read; set_measured_costs replaces the process-wide
// table (call it before plans are built).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace parmod::runtime {

class CostTable {
 public:
  // The paper's quadratic model.
  static CostTable quadratic();
  // The process-wide measured table (built-in defaults until tuned).
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
    double mullo_ratio = 0.6;
  };
  const Points& points() const noexcept { return pts_; }

 private:
  bool model_ = true;
  Points pts_;
  double square(std::size_t s) const noexcept;  // interpolated M(s, s)
};

// Replaces the measured table of this process (from `parmod tune`).
void set_measured_costs(const CostTable::Points& p);
// Serialises p as the tuning-table value of costs.mul_ns ("s:ns,...").
std::string format_cost_points(const CostTable::Points& p);
// Measures the table now (about 0.3 s): M(s, s) by GMP mpn_mul_n at s = 1, 2,
// 4, ..., 8192 limbs, mpn_add_n per limb (mullo/mul keeps its default 0.65).  Returns the points.
CostTable::Points measure_costs();

}  // namespace parmod::runtime
