//===- PrintSchedules.cpp - graphc --print-schedules ----------------------===//

#include "PrintSchedules.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "llvm/Support/Format.h"
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
      {"async", "configApplyAsync", stringifyAsyncMode(o.async).str(),
       stringifyAsyncMode(d.async).str()},
      {"epilogue", "configApplyEpilogue",
       stringifyEpilogueUpdate(o.epilogue).str(),
       stringifyEpilogueUpdate(d.epilogue).str()},
  };
}

static SmallVector<Option> optionsOf(GpuScheduleAttr schedule) {
  GpuScheduleAttr::Options o = schedule.getOptions();
  GpuScheduleAttr::Options d =
      GpuScheduleAttr::getDefault(schedule.getContext()).getOptions();
  auto threshold = [](const GpuScheduleAttr::Options &s) {
    if (s.hybridThresholdArgv)
      return llvm::formatv("argv[{0}]", s.hybridThresholdArgv).str();
    return s.hybridThreshold
               ? llvm::formatv("{0}", s.hybridThreshold.getValueAsDouble())
                     .str()
               : std::string("none");
  };
  SmallVector<Option> options = {
      {"direction", "configDirection", stringifyGpuDirection(o.direction).str(),
       stringifyGpuDirection(d.direction).str()},
      {"pull_frontier", "configDirection",
       stringifyGpuVertexMap(o.pullFrontier).str(),
       stringifyGpuVertexMap(d.pullFrontier).str()},
      {"frontier_creation", "configFrontierCreation",
       stringifyGpuFrontierCreation(o.frontierCreation).str(),
       stringifyGpuFrontierCreation(d.frontierCreation).str()},
      {"dedup", "configDeduplication", stringifyGpuDedup(o.dedup).str(),
       stringifyGpuDedup(d.dedup).str()},
      {"load_balance", "configLoadBalance",
       stringifyGpuLoadBalance(o.loadBalance).str(),
       stringifyGpuLoadBalance(d.loadBalance).str()},
      {"edge_blocking", "configLoadBalance", std::to_string(o.edgeBlocking),
       std::to_string(d.edgeBlocking)},
      {"kernel_fusion", "configKernelFusion",
       stringifyGpuKernelFusion(o.kernelFusion).str(),
       stringifyGpuKernelFusion(d.kernelFusion).str()},
      {"delta", "configDelta", countText(o.delta), countText(d.delta)},
      {"edges", "configEdgePlacement", stringifyGpuEdgePlacement(o.edges).str(),
       stringifyGpuEdgePlacement(d.edges).str()},
      {"hybrid_threshold", "HybridGPUSchedule", threshold(o), threshold(d)},
  };
  return options;
}

/// The call that last set a GPU option (`option.call`) of the schedule that
/// variable `var` held when calls[end] used it: its own config calls, those
/// of the variable it was copied from, and for a hybrid's `otherwise`
/// options, those of its second schedule.
static const graphit::ScheduleCall *
gpuSource(ArrayRef<graphit::ScheduleCall> calls, size_t end, StringRef var,
          const Option &option, bool otherwise) {
  for (size_t i = end; i-- > 0;) {
    const graphit::ScheduleCall &call = calls[i];
    if (call.var != var)
      continue;
    if (call.kind == graphit::ScheduleCall::Method && call.name == option.call)
      return &call;
    if (call.kind != graphit::ScheduleCall::Declaration)
      continue;
    if (call.isCopy)
      return gpuSource(calls, i, call.args[0].str, option, otherwise);
    if (call.name != "HybridGPUSchedule" || call.args.size() != 4)
      return nullptr;
    if (option.call == call.name)
      return &call;
    return gpuSource(calls, i, call.args[otherwise ? 3 : 2].str, option, false);
  }
  return nullptr;
}

/// One option line; `width` fits the longest name of the schedule.
static void printOption(const Option &option,
                        const graphit::ScheduleCall *setBy, StringRef prefix,
                        size_t width, llvm::raw_ostream &os) {
  std::string source = setBy ? where(setBy->loc) + " " + setBy->name
                       : option.value == option.defaultValue
                           ? std::string("default")
                           : std::string("implied by the other options");
  os << "  " << llvm::left_justify((prefix + option.name).str(), width) << ' '
     << llvm::left_justify(option.value, 24) << ' ' << source << '\n';
}

/// A GPU schedule's options, each with the config call that set it for
/// `label`'s last applyGPUSchedule.
static void printGpuSchedule(GpuScheduleAttr schedule, StringRef label,
                             ArrayRef<graphit::ScheduleCall> calls,
                             llvm::raw_ostream &os) {
  std::optional<size_t> applied;
  for (auto [i, call] : llvm::enumerate(calls))
    if (call.kind == graphit::ScheduleCall::Program &&
        call.name == "applyGPUSchedule" && call.args.size() == 2 &&
        call.args[0].str == label)
      applied = i;
  auto print = [&](GpuScheduleAttr gpu, bool otherwise) {
    for (const Option &option : optionsOf(gpu)) {
      // The otherwise schedule's threshold is that of the hybrid.
      if (otherwise && option.call == "HybridGPUSchedule")
        continue;
      printOption(option,
                  applied
                      ? gpuSource(calls, *applied, calls[*applied].args[1].str,
                                  option, otherwise)
                      : nullptr,
                  otherwise ? "otherwise." : "",
                  // As long as "otherwise.frontier_creation".
                  schedule.isHybrid() ? 27 : 17, os);
    }
  };
  print(schedule, /*otherwise=*/false);
  if (schedule.isHybrid())
    print(schedule.getOtherwise(), /*otherwise=*/true);
}

void graphc::printSchedules(ModuleOp module,
                            ArrayRef<graphit::ScheduleCall> calls,
                            llvm::raw_ostream &os,
                            graphit::ScheduleTarget target) {
  module.walk([&](Operation *op) {
    // A GPU while loop with kernel fusion (graph.kernel_fusion: present,
    // or "split").
    if (Attribute fusion = op->getAttr("graph.kernel_fusion");
        fusion && target == graphit::ScheduleTarget::GPU) {
      auto mode = dyn_cast<StringAttr>(fusion);
      os << where(op->getLoc()) << ": while loop (" << op->getName() << ")\n"
         << "  " << llvm::left_justify("kernel_fusion", 17) << ' '
         << llvm::left_justify(mode ? mode.getValue() : "enabled", 24)
         << " configKernelFusion on the loop's label\n";
    }
    auto label = op->getAttrOfType<StringAttr>("label");
    if (!label)
      return;
    auto schedule = op->getAttrOfType<ScheduleAttr>("schedule");
    os << where(op->getLoc()) << ": '" << label.getValue() << "' ("
       << op->getName() << ")\n";
    if (target == graphit::ScheduleTarget::GPU) {
      if (schedule && schedule.getGpu())
        printGpuSchedule(schedule.getGpu(), label.getValue(), calls, os);
      else
        os << "  no schedule: GPU schedules direct edgeset applies only\n";
      return;
    }
    if (!schedule)
      schedule = ScheduleAttr::getDefault(op->getContext());
    for (const Option &option : optionsOf(schedule)) {
      const graphit::ScheduleCall *setBy = nullptr;
      for (const graphit::ScheduleCall &call : calls)
        if (call.kind == graphit::ScheduleCall::Program &&
            call.name == option.call && !call.args.empty() &&
            call.args[0].str == label.getValue())
          setBy = &call;
      printOption(option, setBy, "", 17, os);
    }
  });
}
