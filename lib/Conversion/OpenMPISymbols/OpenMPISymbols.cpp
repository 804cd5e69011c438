//===- OpenMPISymbols.cpp - OpenMPI's reduction operation names -----------===//
//
// Renames the LLVM globals MLIR's MPI lowering declares for OpenMPI's
// predefined reduction operations to the names libmpi exports. See the pass
// description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::graph {
#define GEN_PASS_DEF_FIXOPENMPIREDUCTIONSYMBOLS
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "fix-openmpi-reduction-symbols"

namespace {
struct FixOpenMPIReductionSymbolsPass
    : graph::impl::FixOpenMPIReductionSymbolsBase<
          FixOpenMPIReductionSymbolsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // MPI_OP_NULL and MPI_REPLACE have other names; these are the rest.
    static constexpr StringLiteral operations[] = {
        "max", "min", "sum",  "prod", "land",   "band",
        "lor", "bor", "lxor", "bxor", "minloc", "maxloc"};
    for (StringRef operation : operations) {
      std::string wrong = ("ompi_mpi_" + operation).str();
      std::string right = ("ompi_mpi_op_" + operation).str();
      auto global = symbols.lookup<LLVM::GlobalOp>(wrong);
      if (!global)
        continue;
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": renaming " << wrong << " to "
                              << right << "\n");
      if (symbols.lookup(right)) {
        if (failed(SymbolTable::replaceAllSymbolUses(
                global, StringAttr::get(&getContext(), right), module)))
          return signalPassFailure();
        symbols.erase(global);
      } else if (failed(symbols.rename(global, right))) {
        return signalPassFailure();
      }
    }
  }
};
} // namespace
