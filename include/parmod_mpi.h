/* parmod_mpi.h - parmod across the processes of an MPI communicator (Open MPI;
 * built with -DPARMOD_WITH_MPI=ON, link with -lparmod_mpi -lparmod -lgmp and MPI).
 *
 * Collective calls: every rank of comm calls them in the same order with the
 * same inputs, and every rank gets the whole result.  Results equal those of
 * the single-process calls of parmod.h (Python semantics: negative operands
 * reduced, the result has the sign of m, negative exponents via inverses).
 * Each rank runs its share on its own thread team (parmod.h's thread rule).
 *
 * Errors: each rank checks its own inputs and work; the ranks then agree
 * (a collective exchange of status before any exchange of data), so an error
 * on any rank - bad input there, no inverse in its block, allocation failure -
 * returns the same code on every rank: the error of the lowest failing rank.
 * Ranks that disagree on the counts get PARMOD_ERR_INVALID_ARGUMENT.  On error
 * no result operand is changed.  MPI must be initialised; comm == MPI_COMM_NULL
 * gives PARMOD_ERR_INVALID_ARGUMENT on the calling rank without communicating.
 * MPI is called only from the calling thread (MPI_THREAD_FUNNELED suffices
 * when that thread initialised MPI); parmod's own threads never call MPI.
 */
#ifndef PARMOD_MPI_H
#define PARMOD_MPI_H

#include <gmp.h>
#include <mpi.h>
#include <stddef.h>

#include "parmod.h"

#ifdef __cplusplus
extern "C" {
#endif

/* parmod_powm_list over the ranks: r[i] = bases[i or 0]^exps[i or 0] mod m for
 * i < count (bases_count and exps_count each 1 or count).  The items are cut
 * into contiguous blocks of equal cost (cost of an item: the exponent's bits
 * + 1; the modulus is common to the list), one block per rank, each run by
 * parmod_powm_list; the results are gathered in order to every rank. */
int parmod_mpi_powm_list(mpz_t *r, size_t count, const mpz_t *bases, size_t bases_count,
                         const mpz_t *exps, size_t exps_count, const mpz_t m, MPI_Comm comm);

/* r = b^e mod m, the exponent split across the ranks as Lara et al. (JCSS 2012,
 * Alg. 2): |e| cut at the balanced points of eq. (13) for k = min(ranks,
 * optimal k of eq. 18) factors with the tuned phi (parmod::exponent_split_phi,
 * "powm.phi_percent"), rank i computing (b^(2^lo_i))^(e bits [lo_i, hi_i)),
 * the factors multiplied up a binomial reduction tree to rank 0 and
 * broadcast. */
int parmod_mpi_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m, MPI_Comm comm);

/* r = prod(bases[i]^exps[i]) mod m for i < count, as parmod_multi_powm: the
 * bases cut into contiguous chunks of equal cost (exponent bits + 1), one
 * chunk per rank (Topcuoglu, Kaya, Savas: chunks multi-exponentiated
 * independently), the chunk products multiplied up a reduction tree. */
int parmod_mpi_multi_powm(mpz_t r, size_t count, const mpz_t *bases, const mpz_t *exps,
                          const mpz_t m, MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* PARMOD_MPI_H */
