//===- GraphIt.cpp - GraphIt frontend entry points ------------------------===//

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Frontend/GraphIt/MLIRGen.h"
#include "graph-mlir/Frontend/GraphIt/Parser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::graph::graphit;

void mlir::graph::graphit::registerGraphItDialects(DialectRegistry &registry) {
  registry.insert<GraphDialect, func::FuncDialect, arith::ArithDialect,
                  scf::SCFDialect, math::MathDialect, memref::MemRefDialect>();
}

FailureOr<Schedule> mlir::graph::graphit::parseGraphItSchedule(
    llvm::SourceMgr &sourceMgr, unsigned bufferId, MLIRContext *context) {
  FailureOr<std::vector<ScheduleCall>> calls =
      parseScheduleCalls(sourceMgr, bufferId, context);
  if (failed(calls))
    return failure();
  return Schedule{std::move(*calls)};
}

OwningOpRef<ModuleOp> mlir::graph::graphit::importGraphIt(
    llvm::SourceMgr &sourceMgr, MLIRContext *context,
    const Schedule *scheduleOverride, ScheduleTarget target) {
  DialectRegistry registry;
  registerGraphItDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadAllAvailableDialects();

  std::unique_ptr<Program> program =
      parseProgram(sourceMgr, sourceMgr.getMainFileID(), context);
  if (!program)
    return nullptr;
  FailureOr<ProgramInfo> info = analyze(*program, context);
  if (failed(info))
    return nullptr;
  FailureOr<ResolvedSchedule> schedule = resolveSchedule(
      scheduleOverride ? scheduleOverride->calls : program->schedule, *program,
      *info, context, target);
  if (failed(schedule))
    return nullptr;
  return generateMLIR(*program, *schedule, context);
}

void mlir::graph::graphit::registerImportGraphItTranslation() {
  static llvm::cl::opt<ScheduleTarget> target(
      "graphit-target",
      llvm::cl::desc("the target whose GraphIt schedules --import-graphit "
                     "applies"),
      llvm::cl::values(
          clEnumValN(ScheduleTarget::CPU, "cpu",
                     "GraphIt's CPU schedules (program->configApply...)"),
          clEnumValN(ScheduleTarget::GPU, "gpu",
                     "GraphIt's GPU schedules (applyGPUSchedule)")),
      llvm::cl::init(ScheduleTarget::CPU));
  TranslateToMLIRRegistration registration(
      "import-graphit", "import a GraphIt program (.gt) as graph IR",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        return importGraphIt(sourceMgr, context, nullptr, target);
      },
      registerGraphItDialects);
}
