// RUN: graph-opt %s --convert-gpu-launch-to-scf --split-input-file | FileCheck %s

// A 1-D launch: the blocks an scf.parallel, the threads scf.for loops (x
// innermost), the body inlined with its ids and sizes replaced by the loop
// indices and the launch sizes. The module is no GPU container any more.
// CHECK-LABEL: module {
// CHECK-LABEL: func.func @fill(
// CHECK-SAME:      %[[OUT:.*]]: memref<?xi64>, %[[BLOCKS:.*]]: index, %[[THREADS:.*]]: index)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.parallel (%[[BX:.*]], %[[BY:.*]], %[[BZ:.*]]) = (%[[C0]], %[[C0]], %[[C0]]) to (%[[BLOCKS]], %[[C1]], %[[C1]]) step (%[[STEP]], %[[STEP]], %[[STEP]]) {
// CHECK-NEXT:      scf.for %[[TZ:.*]] = %[[C0]] to %[[C1]] step %[[STEP]] {
// CHECK-NEXT:        scf.for %[[TY:.*]] = %[[C0]] to %[[C1]] step %[[STEP]] {
// CHECK-NEXT:          scf.for %[[TX:.*]] = %[[C0]] to %[[THREADS]] step %[[STEP]] {
// CHECK-NEXT:            %[[FIRST:.*]] = arith.muli %[[BX]], %[[THREADS]] : index
// CHECK-NEXT:            %[[I:.*]] = arith.addi %[[FIRST]], %[[TX]] : index
// CHECK-NEXT:            %[[V:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:            memref.store %[[V]], %[[OUT]][%[[I]]] : memref<?xi64>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NOT:   gpu.
module attributes {gpu.container_module} {
  func.func @fill(%out: memref<?xi64>, %blocks: index, %threads: index) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
      %first = arith.muli %bx, %sx : index
      %i = arith.addi %first, %tx : index
      %v = arith.index_cast %i : index to i64
      memref.store %v, %out[%i] : memref<?xi64>
      gpu.terminator
    }
    return
  }
}

// -----

// A 3-D launch: each dimension's block and thread arguments and sizes.
// CHECK-LABEL: func.func @cube(
// CHECK-SAME:      %[[OUT:.*]]: memref<?x?x?x?x?x?xindex>,
// CHECK-SAME:      %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index, %[[GZ:[^:]*]]: index,
// CHECK-SAME:      %[[SX:[^:]*]]: index, %[[SY:[^:]*]]: index, %[[SZ:[^:]*]]: index)
// CHECK:         scf.parallel (%[[BX:.*]], %[[BY:.*]], %[[BZ:.*]]) = ({{.*}}) to (%[[GX]], %[[GY]], %[[GZ]])
// CHECK-NEXT:      scf.for %[[TZ:.*]] = %{{.*}} to %[[SZ]]
// CHECK-NEXT:        scf.for %[[TY:.*]] = %{{.*}} to %[[SY]]
// CHECK-NEXT:          scf.for %[[TX:.*]] = %{{.*}} to %[[SX]]
// CHECK-NEXT:            memref.store %[[GZ]], %[[OUT]][%[[BX]], %[[BY]], %[[BZ]], %[[TX]], %[[TY]], %[[TZ]]]
// CHECK-NEXT:            memref.store %[[SY]], %[[OUT]][%[[BX]], %[[BY]], %[[BZ]], %[[TX]], %[[TY]], %[[TZ]]]
func.func @cube(%out: memref<?x?x?x?x?x?xindex>, %gx0: index, %gy0: index,
                %gz0: index, %sx0: index, %sy0: index, %sz0: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %gx0, %gy = %gy0, %gz = %gz0)
             threads(%tx, %ty, %tz) in (%sx = %sx0, %sy = %sy0, %sz = %sz0) {
    memref.store %gz, %out[%bx, %by, %bz, %tx, %ty, %tz] : memref<?x?x?x?x?x?xindex>
    memref.store %sy, %out[%bx, %by, %bz, %tx, %ty, %tz] : memref<?x?x?x?x?x?xindex>
    gpu.terminator
  }
  return
}

// -----

// The id ops: thread, block, size and grid ids are the loop indices and the
// sizes; a global id block * size + thread; subgroups have 32 lanes taken
// from the linear thread index (x fastest).
// CHECK-LABEL: func.func @ids(
// CHECK-SAME:      %[[OUT:.*]]: memref<16xindex>,
// CHECK-SAME:      %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index, %[[GZ:[^:]*]]: index,
// CHECK-SAME:      %[[SX:[^:]*]]: index, %[[SY:[^:]*]]: index, %[[SZ:[^:]*]]: index)
// CHECK:         scf.parallel (%[[BX:.*]], %[[BY:.*]], %[[BZ:.*]]) =
// CHECK-NEXT:      scf.for %[[TZ:.*]] = %{{.*}} to %[[SZ]]
// CHECK-NEXT:        scf.for %[[TY:.*]] = %{{.*}} to %[[SY]]
// CHECK-NEXT:          scf.for %[[TX:.*]] = %{{.*}} to %[[SX]]
// CHECK:                 memref.store %[[TY]], %[[OUT]][%{{.*}}]
// CHECK:                 memref.store %[[BZ]], %[[OUT]][%{{.*}}]
// CHECK:                 memref.store %[[SX]], %[[OUT]][%{{.*}}]
// CHECK:                 memref.store %[[GY]], %[[OUT]][%{{.*}}]
// CHECK:                 %[[GFIRST:.*]] = arith.muli %[[BX]], %[[SX]] : index
// CHECK-NEXT:            %[[GLOBAL:.*]] = arith.addi %[[GFIRST]], %[[TX]] : index
// CHECK:                 memref.store %[[GLOBAL]], %[[OUT]][%{{.*}}]
// CHECK:                 %[[ZY:.*]] = arith.muli %[[TZ]], %[[SY]] : index
// CHECK-NEXT:            %[[ROW:.*]] = arith.addi %[[TY]], %[[ZY]] : index
// CHECK-NEXT:            %[[ROWX:.*]] = arith.muli %[[ROW]], %[[SX]] : index
// CHECK-NEXT:            %[[LINEAR:.*]] = arith.addi %[[TX]], %[[ROWX]] : index
// CHECK-NEXT:            %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:            %[[LANE:.*]] = arith.remui %[[LINEAR]], %[[C32]] : index
// CHECK:                 memref.store %[[LANE]], %[[OUT]][%{{.*}}]
// CHECK:                 %[[LINEAR2:.*]] = arith.addi %[[TX]], %{{.*}} : index
// CHECK-NEXT:            %[[C32B:.*]] = arith.constant 32 : index
// CHECK-NEXT:            %[[SUBGROUP:.*]] = arith.divui %[[LINEAR2]], %[[C32B]] : index
// CHECK:                 memref.store %[[SUBGROUP]], %[[OUT]][%{{.*}}]
// CHECK:                 %[[WIDTH:.*]] = arith.constant 32 : index
// CHECK:                 memref.store %[[WIDTH]], %[[OUT]][%{{.*}}]
// CHECK:                 %[[XY:.*]] = arith.muli %[[SX]], %[[SY]] : index
// CHECK-NEXT:            %[[XYZ:.*]] = arith.muli %[[XY]], %[[SZ]] : index
// CHECK-NEXT:            %[[C32C:.*]] = arith.constant 32 : index
// CHECK-NEXT:            %[[COUNT:.*]] = arith.ceildivui %[[XYZ]], %[[C32C]] : index
// CHECK:                 memref.store %[[COUNT]], %[[OUT]][%{{.*}}]
// CHECK-NOT:   gpu.
func.func @ids(%out: memref<16xindex>, %gx0: index, %gy0: index, %gz0: index,
               %sx0: index, %sy0: index, %sz0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %gx0, %gy = %gy0, %gz = %gz0)
             threads(%tx, %ty, %tz) in (%sx = %sx0, %sy = %sy0, %sz = %sz0) {
    %thread = gpu.thread_id y
    memref.store %thread, %out[%c0] : memref<16xindex>
    %block = gpu.block_id z
    memref.store %block, %out[%c1] : memref<16xindex>
    %size = gpu.block_dim x
    memref.store %size, %out[%c2] : memref<16xindex>
    %grid = gpu.grid_dim y
    memref.store %grid, %out[%c3] : memref<16xindex>
    %global = gpu.global_id x
    memref.store %global, %out[%c4] : memref<16xindex>
    %lane = gpu.lane_id
    memref.store %lane, %out[%c5] : memref<16xindex>
    %subgroup = gpu.subgroup_id : index
    memref.store %subgroup, %out[%c6] : memref<16xindex>
    %width = gpu.subgroup_size : index
    memref.store %width, %out[%c7] : memref<16xindex>
    %subgroups = gpu.num_subgroups : index
    memref.store %subgroups, %out[%c8] : memref<16xindex>
    gpu.terminator
  }
  return
}

// -----

// A body with scf.if, atomics and thread-private allocas: each thread
// restores the stack pointer at its end, freeing its allocas.
// CHECK-LABEL: func.func @body(
// CHECK-SAME:      %[[N:[^:]*]]: index)
// CHECK:         scf.parallel
// CHECK:               scf.for %[[TX:[^ ]*]] = %{{.*}} to %[[N]]
// CHECK-NEXT:            %[[STACK:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK:                 %[[MINE:.*]] = memref.alloca() : memref<1xi32>
// CHECK:                 %[[OLD:.*]] = memref.load %{{.*}}[%[[TX]]] : memref<?xi32>
// CHECK:                 scf.if
// CHECK:                   memref.atomic_rmw addi
// CHECK:                   memref.generic_atomic_rmw
// CHECK:                 llvm.intr.stackrestore %[[STACK]] : !llvm.ptr
// CHECK-NEXT:          }
// CHECK-NEXT:        }
func.func @body(%data: memref<?xi32>, %count: memref<1xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %mine = memref.alloca() : memref<1xi32>
    %old = memref.load %data[%tx] : memref<?xi32>
    memref.store %old, %mine[%c0] : memref<1xi32>
    %positive = arith.cmpi sgt, %old, %one : i32
    scf.if %positive {
      %v = memref.load %mine[%c0] : memref<1xi32>
      %prev = memref.atomic_rmw addi %v, %count[%c0] : (i32, memref<1xi32>) -> i32
      %max = memref.generic_atomic_rmw %data[%tx] : memref<?xi32> {
      ^bb0(%current: i32):
        %m = arith.maxsi %current, %prev : i32
        memref.atomic_yield %m : i32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// A body of several blocks (early exit): an scf.execute_region, whose
// gpu.terminators are scf.yields.
// CHECK-LABEL: func.func @blocks(
// CHECK-SAME:      %[[N:[^:]*]]: index, %{{.*}}: index)
// CHECK:               scf.for %[[TX:[^ ]*]] = %{{.*}} to %[[N]]
// CHECK-NEXT:            scf.execute_region {
// CHECK:                   cf.cond_br %{{.*}}, ^[[EXIT:.*]], ^[[STORE:.*]]
// CHECK:                 ^[[EXIT]]:
// CHECK-NEXT:              scf.yield
// CHECK:                 ^[[STORE]]:
// CHECK-NEXT:              memref.store %{{.*}}, %{{.*}}[%[[TX]]]
// CHECK-NEXT:              scf.yield
// CHECK-NEXT:            }
func.func @blocks(%data: memref<?xi32>, %n: index, %limit: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0 : i32
    %out = arith.cmpi uge, %tx, %limit : index
    cf.cond_br %out, ^exit, ^store
  ^exit:
    gpu.terminator
  ^store:
    memref.store %zero, %data[%tx] : memref<?xi32>
    gpu.terminator
  }
  return
}

// -----

// Without gpu ops, nothing changes.
// CHECK-LABEL: func.func @host(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %[[C]], %{{.*}}[%[[C0]]]
// CHECK-NEXT:    return
func.func @host(%data: memref<1xi32>) {
  %c = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  memref.store %c, %data[%c0] : memref<1xi32>
  return
}
