//===- PrintSchedules.cpp - graphc --print-schedules ----------------------===//

#include "PrintSchedules.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::graph;

/// `file:line:col` of a location, the file without its directory.
static std::string where(Location loc) {
  auto file = dyn_cast<FileLineColLoc>(loc);
  if (!file)
    return "?";
  return llvm::formatv("{0}:{1}:{2}",
                       llvm::sys::path::filename(file.getFilename().getValue()),
                       file.getLine(), file.getColumn());
}

static std::string countText(const ScheduleCount &count) {
  return count.isArgv() ? llvm::formatv("argv[{0}]", count.argvIndex).str()
                        : std::to_string(count.value);
}

namespace {
/// One option as printed: its name, value, and the call that sets it.
struct Option {
  StringRef name, call;
  std::string value, defaultValue;
};
} // namespace

static SmallVector<Option> optionsOf(ScheduleAttr schedule) {
  ScheduleAttr::Options o = schedule.getOptions();
  ScheduleAttr::Options d =
      ScheduleAttr::getDefault(schedule.getContext()).getOptions();
  auto segments = [](const ScheduleAttr::Options &s) {
    return s.segmentsArgv ? llvm::formatv("argv[{0}]", s.segmentsArgv).str()
                          : std::to_string(s.segments);
  };
  return {
      {"direction", "configApplyDirection",
       stringifyDirection(o.direction).str(),
       stringifyDirection(d.direction).str()},
      {"parallel", "configApplyParallelization",
       stringifyParallelization(o.parallel).str(),
       stringifyParallelization(d.parallel).str()},
      {"grain", "configApplyParallelization", std::to_string(o.grain),
       std::to_string(d.grain)},
      {"frontier", "configApplyDenseVertexSet",
       stringifyFrontierLayout(o.frontier).str(),
       stringifyFrontierLayout(d.frontier).str()},
      {"frontier_sets", "configApplyDenseVertexSet",
       stringifyFrontierSets(o.frontierSets).str(),
       stringifyFrontierSets(d.frontierSets).str()},
      {"segments", "configApplyNumSSG", segments(o), segments(d)},
      {"segment_strategy", "configApplyNumSSG",
       stringifySegmentStrategy(o.segmentStrategy).str(),
       stringifySegmentStrategy(d.segmentStrategy).str()},
      {"numa", "configApplyNUMA", stringifyNumaMode(o.numa).str(),
       stringifyNumaMode(d.numa).str()},
      {"priority_update", "configApplyPriorityUpdate",
       stringifyPriorityUpdate(o.priorityUpdate).str(),
       stringifyPriorityUpdate(d.priorityUpdate).str()},
      {"delta", "configApplyPriorityUpdateDelta", countText(o.delta),
       countText(d.delta)},
      {"fusion_threshold", "configBucketMergeThreshold",
       countText(o.fusionThreshold), countText(d.fusionThreshold)},
      {"open_buckets", "configNumOpenBuckets", countText(o.openBuckets),
       countText(d.openBuckets)},
  };
}

void graphc::printSchedules(ModuleOp module,
                            ArrayRef<graphit::ScheduleCall> calls,
                            llvm::raw_ostream &os) {
  module.walk([&](Operation *op) {
    auto label = op->getAttrOfType<StringAttr>("label");
    if (!label)
      return;
    auto schedule = op->getAttrOfType<ScheduleAttr>("schedule");
    if (!schedule)
      schedule = ScheduleAttr::getDefault(op->getContext());
    os << where(op->getLoc()) << ": '" << label.getValue() << "' ("
       << op->getName() << ")\n";
    for (const Option &option : optionsOf(schedule)) {
      const graphit::ScheduleCall *setBy = nullptr;
      for (const graphit::ScheduleCall &call : calls)
        if (call.name == option.call && !call.args.empty() &&
            call.args[0].str == label.getValue())
          setBy = &call;
      std::string source = setBy ? where(setBy->loc) + " " + setBy->name
                           : option.value == option.defaultValue
                               ? std::string("default")
                               : std::string("implied by the other options");
      os << llvm::formatv("  {0,-17} {1,-24} {2}\n", option.name, option.value,
                          source);
    }
  });
}
