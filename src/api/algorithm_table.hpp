// api/algorithm_table.hpp - the algorithm table (parmod/algorithms.def) with
// each row's engine factory: where the API layer turns an Algorithm into an
// engine bound to a modulus.  The public side (names, C constants, odd_only,
// representation, description) is parmod::algorithms() in parmod.hpp.
#pragma once

#include "modmul/engine.hpp"
#include "parmod/parmod.hpp"

namespace parmod::api {

struct AlgorithmRow {
  AlgorithmInfo info;
  const modmul::EngineFactory* factory;  // no_engine_factory for automatic
};

// The row of a; throws InvalidArgument for a value outside the table.
const AlgorithmRow& algorithm_row(Algorithm a);

// Why row a cannot take P (P > 0) on this CPU, or null when it can; null for
// automatic (which takes every P).
const char* algorithm_rejects(Algorithm a, const mpz_class& P);

}  // namespace parmod::api
