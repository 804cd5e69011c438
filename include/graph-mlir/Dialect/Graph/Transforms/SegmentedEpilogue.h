//===- SegmentedEpilogue.h - where segments run an epilogue ---*- C++ -*-===//
//
// The `segmented-epilogue` option of graph-fuse-epilogue, the graph-to-llvm
// pipeline and graphc.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_SEGMENTEDEPILOGUE_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_SEGMENTEDEPILOGUE_H

#include "llvm/Support/CommandLine.h"

namespace mlir::graph {

/// Whether a vertex loop after a pull over plain segments (not spread over
/// sockets) fuses into the pull's last segment or keeps a pass of its own.
enum class SegmentedEpilogue {
  /// In the last segment when that adds no per-vertex stream to it
  /// (FuseEpilogue.cpp says why).
  Auto,
  /// Always in the last segment.
  LastSegment,
  /// Never: the loop stays a pass of its own.
  OwnLoop,
};

/// The option's values, as every option spelling it lists them.
inline llvm::cl::ValuesClass segmentedEpilogueValues() {
  return llvm::cl::values(
      clEnumValN(SegmentedEpilogue::Auto, "auto",
                 "in the last segment only when the loop accesses no "
                 "per-vertex data but the vector the pull reduces into"),
      clEnumValN(SegmentedEpilogue::LastSegment, "last-segment",
                 "always in the last segment"),
      clEnumValN(SegmentedEpilogue::OwnLoop, "own-loop",
                 "never: the loop keeps a pass of its own"));
}

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_SEGMENTEDEPILOGUE_H
