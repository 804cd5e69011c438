//===- GuardIterations.cpp - a return point in each parallel iteration ----===//
//
// Wraps the iterations of the parallel loops of an export library's code
// that can fail inside the runtime in a setjmp guard, so that such a
// failure ends its iteration and the call rather than the process. See the
// pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/Passes.h"

#include "../GraphToSCF/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GUARDPARALLELITERATIONS
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "guard-parallel-iterations"

namespace {
/// Whether an iteration of `loop` can fail inside the runtime: it allocates
/// memory or calls a runtime function that does not return when it fails
/// (RuntimeCalls.def lists those that do). (Calls of
/// other functions, the program's externs, do not reach the runtime.)
bool mayFailInRuntime(Region &loop) {
  WalkResult found = loop.walk([](Operation *op) {
    if (isa<memref::AllocOp>(op))
      return WalkResult::interrupt();
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return WalkResult::advance();
    StringRef callee = call.getCallee();
    if (!callee.starts_with("graphrt_") &&
        !callee.starts_with("_mlir_ciface_graphrt_"))
      return WalkResult::advance();
    std::optional<graph::RuntimeFunction> function =
        graph::lookupRuntimeFunction(callee);
    return function && graph::returnsInParallelRegion(*function)
               ? WalkResult::advance()
               : WalkResult::interrupt();
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
void guard(Operation *loop, func::FuncOp guardFn, func::FuncOp setjmpFn,
           func::FuncOp doneFn) {
  Block &body = loop->getRegion(0).front();
  Location loc = loop->getLoc();
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
    // The loop nests of omp.wsloop loops, and the chunks of dynamic loops
    // whose threads claim them from counters (graph.team_chunk, emitted by
    // OpenMPExecution.cpp).
    SmallVector<Operation *> loops;
    module.walk([&](Operation *op) {
      bool parallel =
          isa<omp::LoopNestOp>(op)
              ? isa<omp::WsloopOp>(op->getParentOp())
              : isa<scf::ForOp>(op) && op->hasAttr("graph.team_chunk");
      if (parallel && mayFailInRuntime(op->getRegion(0)))
        loops.push_back(op);
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
    for (Operation *loop : loops) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": guarding the iterations of "
                              << loop->getLoc() << "\n");
      guard(loop, guardFn, setjmpFn, doneFn);
    }
  }
};
} // namespace
