//===- GuardIterations.cpp - a return point in each parallel iteration ----===//
//
// Wraps the iterations of the parallel loops of an export library's code
// that can fail inside the runtime in a setjmp guard, so that such a
// failure ends its iteration and the call rather than the process. See the
// pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GUARDPARALLELITERATIONS
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "guard-parallel-iterations"

namespace {
/// Runtime functions that never end a parallel iteration: they cannot fail,
/// or they defer their failures inside an export call's parallel regions
/// (rt_fail_or_defer in the runtime) and return a safe value.
bool returnsInParallel(StringRef callee) {
  static const llvm::StringSet<> names = {
      "graphrt_index_error",      "graphrt_pq_push",
      "graphrt_pq_changed",       "graphrt_pq_count",
      "graphrt_pq_overflow",      "_mlir_ciface_graphrt_pq_take_local",
      "graphrt_common_neighbors", "graphrt_num_vertices",
      "graphrt_print_str",        "graphrt_print_bool",
      "graphrt_print_f64",        "graphrt_print_i64",
      "graphrt_print_u64",
  };
  return names.contains(callee);
}

/// Whether an iteration of `loop` can fail inside the runtime: it allocates
/// memory or calls a runtime function other than those above. (Calls of
/// other functions, the program's externs, do not reach the runtime.)
bool mayFailInRuntime(omp::LoopNestOp loop) {
  WalkResult found = loop.getRegion().walk([](Operation *op) {
    if (isa<memref::AllocOp>(op))
      return WalkResult::interrupt();
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return WalkResult::advance();
    StringRef callee = call.getCallee();
    bool runtime = callee.starts_with("graphrt_") ||
                   callee.starts_with("_mlir_ciface_graphrt_");
    return runtime && !returnsInParallel(callee) ? WalkResult::interrupt()
                                                 : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// The declaration of `name` in `module`, added with `type` if missing.
func::FuncOp declare(ModuleOp module, StringRef name, FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto decl = func::FuncOp::create(b, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}

/// Runs the iteration's ops, all but its terminator, under
/// `if (_setjmp(*graphrt_iteration_guard()) == 0)`, then
/// `graphrt_iteration_done()`.
void guard(omp::LoopNestOp loop, func::FuncOp guardFn, func::FuncOp setjmpFn,
           func::FuncOp doneFn) {
  Block &body = loop.getRegion().front();
  Location loc = loop.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(&body);
  Value env = func::CallOp::create(b, loc, guardFn).getResult(0);
  Value jumped = func::CallOp::create(b, loc, setjmpFn, env).getResult(0);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, jumped, zero);
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  Block *then = ifFirst.thenBlock();
  then->getOperations().splice(then->begin(), body.getOperations(),
                               std::next(ifFirst->getIterator()),
                               body.getTerminator()->getIterator());
  b.setInsertionPoint(body.getTerminator());
  func::CallOp::create(b, loc, doneFn);
}

struct GuardParallelIterationsPass
    : graph::impl::GuardParallelIterationsBase<GuardParallelIterationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<omp::LoopNestOp> loops;
    module.walk([&](omp::LoopNestOp loop) {
      if (isa<omp::WsloopOp>(loop->getParentOp()) && mayFailInRuntime(loop))
        loops.push_back(loop);
    });
    if (loops.empty())
      return;
    MLIRContext *context = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type i32 = IntegerType::get(context, 32);
    func::FuncOp guardFn = declare(module, "graphrt_iteration_guard",
                                   FunctionType::get(context, {}, {ptr}));
    func::FuncOp doneFn = declare(module, "graphrt_iteration_done",
                                  FunctionType::get(context, {}, {}));
    func::FuncOp setjmpFn =
        declare(module, "_setjmp", FunctionType::get(context, {ptr}, {i32}));
    // The call returns again, at the longjmp: LLVM must know.
    setjmpFn->setAttr(
        "passthrough",
        ArrayAttr::get(context, {StringAttr::get(context, "returns_twice")}));
    for (omp::LoopNestOp loop : loops) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": guarding the iterations of "
                              << loop.getLoc() << "\n");
      guard(loop, guardFn, setjmpFn, doneFn);
    }
  }
};
} // namespace
