//===- Passes.td - conversions out of the graph dialect ----*- tablegen -*-===//

#ifndef GRAPH_CONVERSION_PASSES_TD
#define GRAPH_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGraphToSCF : Pass<"convert-graph-to-scf", "ModuleOp"> {
  let summary = "Lower the remaining graph ops to scf, omp, memref, llvm, arith and libgraphrt calls";
  let description = [{
    Runs after the passes that lower traversals (`graph-segment`,
    `graph-lower-priority`, `graph-lower-direction`, `graph-numa`): a
    `graph.edgeset.apply` left is an error at the op naming the pass that
    lowers it. Despite its name it produces several dialects, all lowered
    further by `graph-to-llvm`:

    - `func.call`s of the libgraphrt runtime (`runtime/include/graph_rt.h`),
      declared as private `func.func`s on first use (those returning arrays
      with `llvm.emit_c_interface`). Edgesets, vertex sets, lists, strings,
      segments and priority queues become `!llvm.ptr` handles of it.
    - `memref`: per-vertex vectors become `memref<?xT>` (a field of records a
      strided view of their bytes, a vector of rows `memref<?xKxT>`), bools
      stored as `i8` 0/1 so that atomics apply to them; `memref.alloc` and
      `memref.dealloc` at the end of the defining block; `graph.reduce`
      becomes load-combine-store, or `memref.atomic_rmw` when marked
      `atomic`; `graph.vector.cas`, union-find links and floored adds become
      `memref.generic_atomic_rmw`.
    - `scf` and `omp`: `graph.vertexset.apply`, `graph.vertexset.filter`,
      `graph.parallel_for` and vector fills become loops (`omp.parallel`
      with chunks claimed from a shared counter, or `omp.wsloop` when
      static, unless scheduled serial); whole-vector reductions
      `scf.parallel` + `scf.reduce`; index checks `scf.if`; union-find
      `scf.while`.
    - `llvm`: string constants and printed texts become constant
      `llvm.mlir.global`s; `graph.global` program state becomes external
      `llvm.mlir.global` slots read and written with `llvm.load` and
      `llvm.store` (a memref slot holds its descriptor struct, converted with
      `builtin.unrealized_conversion_cast`); `graph.vector.export` stores the
      data pointer in an external global.

    `func.func @main()` becomes `@graphrt_user_main`, which the runtime's
    `main` calls after recording the program arguments.

    With `recoverable-errors` (export libraries), an error generated code
    reports inside an OpenMP region must not end the client's process, and
    a thread of the region cannot leave it: a failed `graph.check_index`
    calls `graphrt_index_error`, which then returns (deferring the error),
    and goes on with index 0, and a `graphrt_export_poll` call after every
    outermost `omp.parallel` fails the export call there.
  }];
  let options = [
    Option<"recoverableErrors", "recoverable-errors", "bool", "false",
           "errors in OpenMP regions are deferred to the region's end "
           "(export libraries)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
}

def ConvertGPULaunchToSCF : Pass<"convert-gpu-launch-to-scf", "ModuleOp"> {
  let summary = "Run every gpu.launch on the host: its blocks as an scf.parallel, its threads as scf.for loops";
  let description = [{
    Lowers the `gpu.launch` kernels of `graphc --target=gpu-host`, so that
    the kernels a GPU build would run on the device run on the CPU instead,
    from the same IR. Each `gpu.launch` becomes

    ```mlir
    scf.parallel (%bx, %by, %bz) = (0, 0, 0) to (%gx, %gy, %gz) step (1, 1, 1) {
      scf.for %tz = 0 to %sz step 1 {
        scf.for %ty = 0 to %sy step 1 {
          scf.for %tx = 0 to %sx step 1 {
            <the launch body>
    ```

    (the blocks in parallel, through `convert-scf-to-openmp`; the threads of
    a block one after another). The body's block and thread ids and sizes,
    and the `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim`
    and `gpu.global_id` ops in it, become the loop indices and the launch
    sizes. Subgroups have 32 lanes, formed from the linear thread index as
    on NVIDIA GPUs: `gpu.lane_id`, `gpu.subgroup_id`, `gpu.subgroup_size`
    and `gpu.num_subgroups` follow from it. A body with several blocks runs
    in an `scf.execute_region`. In a body with `memref.alloca`, each thread
    saves the stack pointer first (`llvm.intr.stacksave`) and restores it at
    its end (`llvm.intr.stackrestore`), so that its allocations are freed
    then rather than piling up on the host thread's stack (scf.for bodies
    are allocation scopes, but their lowering frees nothing, and
    canonicalization folds a `memref.alloca_scope` there away).

    Running a block's threads one after another is correct only for
    kernels whose threads do not wait for or exchange values with each
    other. The pass fails with one error at the first op that cannot run
    that way, naming it: thread synchronization and cross-thread operations
    (`gpu.barrier`, `gpu.shuffle`, `gpu.rotate`, `gpu.subgroup_broadcast`,
    `gpu.subgroup_reduce`, `gpu.all_reduce`, `gpu.subgroup_mma_*`), shared
    memory (workgroup attributions, `gpu.dynamic_shared_memory` and its
    size operand), private attributions, thread-block clusters, async
    launches, a `gpu.launch` inside a kernel, and any other `gpu` op (for
    instance outlined kernels: `gpu.module`, `gpu.launch_func`). A module
    without `gpu` ops is left unchanged; afterwards it has none, and no
    `gpu.container_module` attribute. A `graph.group_reduce` folds each
    thread's value into its block's slot of an array allocated before the
    grid's loops; the group's last thread runs its body.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def ConvertGridPhasesToGPU : Pass<"convert-grid-phases-to-gpu", "ModuleOp"> {
  let summary = "Run the grid phases of fused kernels on a GPU: strided loops and a global barrier";
  let description = [{
    For `graphc --target=gpu`, before the kernels are outlined: in the
    `gpu.launch` of a fused loop (graph-lower-gpu's kernel fusion), each
    `graph.grid_phase blocks(%n) threads(%m)` becomes loops in which block
    `b` of the launch runs the phase's blocks `b`, `b + gridDim.x`, ... and
    thread `t` its threads `t`, `t + blockDim.x`, ..., so that any grid the
    runtime could make co-resident runs the phase whole; each
    `graph.grid_barrier %state` becomes a barrier of the whole grid in
    global memory: `gpu.barrier` (the block), then thread 0 of each block,
    between two `membar.gl` fences (`nvvm.memory.barrier`), reads the
    generation (`state[1]`), counts its block in (`state[0]`, atomic add),
    and either, last to come, resets the count and advances the generation,
    or waits until the generation changes; then `gpu.barrier` again. All
    blocks must be resident at once: libgraphrt launches these kernels
    (named `graph_grid_*`) cooperatively, with at most as many blocks as
    fit on the GPU. Each `graph.gpu_cooperative` becomes a call of
    libgraphrt's `graphrt_gpu_cooperative`. In any kernel, each
    `graph.group_reduce` becomes a butterfly of `gpu.shuffle xor` over the
    warp and, for a group of a whole block, the warps' totals in shared
    memory (a workgroup attribution of the launch) between two
    `gpu.barrier`s; its body runs on the group's first thread.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def ReplaceLibdeviceCalls
    : Pass<"replace-libdevice-calls", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Compile the math functions of GPU kernels without CUDA's libdevice";
  let description = [{
    `convert-gpu-to-nvvm` makes every math operation of a kernel
    (`math.sqrt`, `math.absf`, `math.floor`, ..., `arith.minnumf`) a call of
    CUDA's libdevice (`__nv_sqrt`, `__nv_fabsf`, ...), which ships with the
    CUDA toolkit: without it, the PTX declares them `.extern` and the driver
    cannot load it. Those whose libdevice function is one IEEE operation
    that NVPTX compiles to one instruction or a few become the LLVM
    intrinsic (`llvm.intr.sqrt`, `llvm.intr.fabs`, ...): `sqrt`, `fabs`,
    `floor`, `ceil`, `trunc`, `rint`, `round`, `fma`, `copysign`, `fmin`,
    `fmax` (f32 and f64), and their unused declarations go. Any other
    libdevice call (`__nv_log`, `__nv_pow`, `__nv_exp`, `__nv_sin`, ...)
    is an error at its location (the math operation's) naming it.

    Runs on each `gpu.module` after `convert-gpu-to-nvvm`, in
    `graph-to-llvm{target=gpu}`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def FixOpenMPIReductionSymbols
    : Pass<"fix-openmpi-reduction-symbols", "ModuleOp"> {
  let summary = "Name OpenMPI's predefined reduction operations as libmpi does";
  let description = [{
    MLIR 22's lowering of the `mpi` dialect for OpenMPI declares the
    predefined reduction operations (`MPI_SUM`, `MPI_MAX`, ...) as
    `ompi_mpi_sum`, `ompi_mpi_max`, ..., but OpenMPI's `mpi.h` and `libmpi`
    name them `ompi_mpi_op_sum`, `ompi_mpi_op_max`, ... (the datatypes and
    `ompi_mpi_comm_world` are right). This pass renames those LLVM globals
    and their uses, so that a program with `mpi.allreduce` links. It runs
    after the conversion to LLVM in `graph-to-llvm{distributed=1}` and is a
    no-op on modules without them.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GuardParallelIterations
    : Pass<"guard-parallel-iterations", "ModuleOp"> {
  let summary = "Let a failure inside a parallel loop of an export call end "
                "only its iteration";
  let description = [{
    In an export library, an error ends the call with its status instead of
    the process (a `longjmp` to the binding's recovery point), but a thread
    of an OpenMP region cannot leave the region early. The runtime
    functions a traversal calls there defer their failures and go on with a
    safe value (see `graph_rt.h`); anything else that can fail inside the
    runtime (an allocation, a vertex set or list operation) needs a point
    to return to. This pass gives one to every iteration of an `omp.wsloop`
    loop nest, or of a dynamic loop's chunk (an `scf.for` marked
    `graph.team_chunk`), whose body can fail so: the iteration runs under
    `_setjmp(*graphrt_iteration_guard())` and ends with
    `graphrt_iteration_done()`; an error in it is deferred and longjmps to
    the guard, which skips the rest of the iteration, and the call fails
    after the loop (`graphrt_export_poll`). Loops whose bodies only call
    runtime functions that defer (traversals: index checks, priority-queue
    updates, common neighbours) or cannot fail stay as they are, so
    traversal loops pay nothing.

    Runs in `graph-to-llvm{library=1}` after `convert-scf-to-openmp`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // GRAPH_CONVERSION_PASSES_TD
