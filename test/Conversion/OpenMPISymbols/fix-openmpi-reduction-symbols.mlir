// RUN: graph-opt %s --fix-openmpi-reduction-symbols --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-to-llvm --fix-openmpi-reduction-symbols --split-input-file | FileCheck %s --check-prefix=LOWERED

// OpenMPI's predefined reduction operations are ompi_mpi_op_<name> in libmpi;
// the declarations MLIR's MPI lowering makes, and their uses, are renamed.
// CHECK-LABEL: module
// CHECK-NOT:   @ompi_mpi_sum
// CHECK:       llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK:       llvm.mlir.global external @ompi_mpi_int32_t()
// CHECK:       llvm.func @reduce
// CHECK:       llvm.mlir.addressof @ompi_mpi_op_sum : !llvm.ptr
module {
  llvm.mlir.global external @ompi_mpi_sum() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
  llvm.mlir.global external @ompi_mpi_int32_t() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_datatype_t", opaque>
  llvm.func @reduce() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @ompi_mpi_sum : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
}

// -----

// Where the right name is declared too, the uses move to it.
// CHECK-LABEL: module
// CHECK-NOT:   @ompi_mpi_max(
// CHECK:       llvm.mlir.global external @ompi_mpi_op_max()
// CHECK:       llvm.mlir.addressof @ompi_mpi_op_max : !llvm.ptr
// CHECK-NOT:   @ompi_mpi_max
module {
  llvm.mlir.global external @ompi_mpi_max() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
  llvm.mlir.global external @ompi_mpi_op_max() {addr_space = 0 : i32} : !llvm.struct<"ompi_predefined_op_t", opaque>
  llvm.func @reduce() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @ompi_mpi_max : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
}

// -----

// From mpi.allreduce, as graph-to-llvm{distributed=1} lowers it.
// LOWERED-LABEL: module
// LOWERED:     llvm.mlir.global external @ompi_mpi_op_min()
// LOWERED:     llvm.mlir.addressof @ompi_mpi_op_min
// LOWERED:     llvm.call @MPI_Allreduce
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @reduce(%buf: memref<1xi32>) {
    %w = mpi.comm_world : !mpi.comm
    mpi.allreduce(%buf, %buf, MPI_MIN, %w) : memref<1xi32>, memref<1xi32>
    return
  }
}
