// tune/steps.hpp - the steps of `parmod tune`, one file each (tune/tune_*.cpp).
#pragma once

#include "tune.hpp"

namespace parmod::tune {

Step mul_step();     // tune_mul.cpp: the integer product kernels and thresholds
Step modmul_step();  // tune_modmul.cpp: REDC, the algorithm per size
Step powm_step();    // tune_powm.cpp: exponentiation thresholds
Step costs_step();   // tune_costs.cpp: the scheduler's cost table, multipartite k

}  // namespace parmod::tune
