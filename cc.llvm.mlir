module {
  llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
  llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
  llvm.func @graphrt_print_i64(i64) attributes {sym_visibility = "private"}
  llvm.func @graphrt_print_f64(f64) attributes {sym_visibility = "private"}
  llvm.func @graphrt_print_str(!llvm.ptr) attributes {sym_visibility = "private"}
  llvm.mlir.global internal constant @graphrt_text_0("elapsed time: \00") {addr_space = 0 : i32}
  llvm.func @graphrt_timer_stop() -> f64 attributes {sym_visibility = "private"}
  llvm.func private @graphrt_in_neighbors(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {llvm.emit_c_interface, sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.alloca %0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.call @_mlir_ciface_graphrt_in_neighbors(%1, %arg0) : (!llvm.ptr, !llvm.ptr) -> ()
    %2 = llvm.load %1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %2 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_graphrt_in_neighbors(!llvm.ptr, !llvm.ptr) attributes {llvm.emit_c_interface, sym_visibility = "private"}
  llvm.func private @graphrt_in_offsets(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {llvm.emit_c_interface, sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.alloca %0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.call @_mlir_ciface_graphrt_in_offsets(%1, %arg0) : (!llvm.ptr, !llvm.ptr) -> ()
    %2 = llvm.load %1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %2 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_graphrt_in_offsets(!llvm.ptr, !llvm.ptr) attributes {llvm.emit_c_interface, sym_visibility = "private"}
  llvm.func @graphrt_is_symmetric(!llvm.ptr) -> i32 attributes {sym_visibility = "private"}
  llvm.func private @graphrt_out_neighbors(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {llvm.emit_c_interface, sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.alloca %0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.call @_mlir_ciface_graphrt_out_neighbors(%1, %arg0) : (!llvm.ptr, !llvm.ptr) -> ()
    %2 = llvm.load %1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %2 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_graphrt_out_neighbors(!llvm.ptr, !llvm.ptr) attributes {llvm.emit_c_interface, sym_visibility = "private"}
  llvm.func private @graphrt_out_offsets(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {llvm.emit_c_interface, sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.alloca %0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.call @_mlir_ciface_graphrt_out_offsets(%1, %arg0) : (!llvm.ptr, !llvm.ptr) -> ()
    %2 = llvm.load %1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %2 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_graphrt_out_offsets(!llvm.ptr, !llvm.ptr) attributes {llvm.emit_c_interface, sym_visibility = "private"}
  llvm.func @graphrt_timer_start() attributes {sym_visibility = "private"}
  llvm.func @graphrt_atoi_bits(!llvm.ptr, i32) -> i64 attributes {sym_visibility = "private"}
  llvm.func @graphrt_vset_new(i64, i32) -> !llvm.ptr attributes {sym_visibility = "private"}
  llvm.func @graphrt_num_vertices(!llvm.ptr) -> i64 attributes {sym_visibility = "private"}
  llvm.func @graphrt_graph_free(!llvm.ptr) attributes {sym_visibility = "private"}
  llvm.func @graphrt_load(!llvm.ptr, i32, i32) -> !llvm.ptr attributes {sym_visibility = "private"}
  llvm.func @graphrt_argv(i64) -> !llvm.ptr attributes {sym_visibility = "private"}
  llvm.func @graphrt_user_main() {
    %0 = llvm.mlir.addressof @graphrt_text_0 : !llvm.ptr
    %1 = llvm.mlir.constant(false) : i1
    %2 = llvm.mlir.constant(true) : i1
    %3 = llvm.mlir.constant(256 : i64) : i64
    %4 = llvm.mlir.constant(32 : i32) : i32
    %5 = llvm.mlir.constant(2 : i64) : i64
    %6 = llvm.mlir.constant(4096 : i64) : i64
    %7 = llvm.mlir.constant(2 : index) : i64
    %8 = llvm.mlir.constant(1 : index) : i64
    %9 = llvm.mlir.constant(1024 : i64) : i64
    %10 = llvm.mlir.constant(0 : index) : i64
    %11 = llvm.mlir.constant(1 : i32) : i32
    %12 = llvm.mlir.constant(1024 : i32) : i32
    %13 = llvm.mlir.constant(2 : i32) : i32
    %14 = llvm.mlir.constant(0 : i32) : i32
    %15 = llvm.mlir.constant(1 : i64) : i64
    %16 = llvm.call @graphrt_argv(%15) : (i64) -> !llvm.ptr
    %17 = llvm.call @graphrt_load(%16, %14, %14) : (!llvm.ptr, i32, i32) -> !llvm.ptr
    %18 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %19 = llvm.call @graphrt_vset_new(%18, %11) : (i64, i32) -> !llvm.ptr
    %20 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %21 = llvm.mlir.constant(1 : index) : i64
    %22 = llvm.mlir.zero : !llvm.ptr
    %23 = llvm.getelementptr %22[%20] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %24 = llvm.ptrtoint %23 : !llvm.ptr to i64
    %25 = llvm.call @_mlir_memref_to_llvm_alloc(%24) : (i64) -> !llvm.ptr
    %26 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %27 = llvm.insertvalue %25, %26[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %28 = llvm.insertvalue %25, %27[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %29 = llvm.mlir.constant(0 : index) : i64
    %30 = llvm.insertvalue %29, %28[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %31 = llvm.insertvalue %20, %30[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %32 = llvm.insertvalue %21, %31[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    omp.parallel {
      omp.wsloop schedule(static = %6 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%20) step (%8) {
          %132 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %14, %133 : i32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    %33 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %34 = llvm.mlir.constant(1 : index) : i64
    %35 = llvm.mlir.zero : !llvm.ptr
    %36 = llvm.getelementptr %35[%33] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %37 = llvm.ptrtoint %36 : !llvm.ptr to i64
    %38 = llvm.call @_mlir_memref_to_llvm_alloc(%37) : (i64) -> !llvm.ptr
    %39 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %40 = llvm.insertvalue %38, %39[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %41 = llvm.insertvalue %38, %40[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %42 = llvm.mlir.constant(0 : index) : i64
    %43 = llvm.insertvalue %42, %41[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %44 = llvm.insertvalue %33, %43[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %45 = llvm.insertvalue %34, %44[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    omp.parallel {
      omp.wsloop schedule(static = %6 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%33) step (%8) {
          %132 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %14, %133 : i32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    %46 = llvm.call @graphrt_argv(%5) : (i64) -> !llvm.ptr
    %47 = llvm.call @graphrt_atoi_bits(%46, %4) : (!llvm.ptr, i32) -> i64
    %48 = llvm.trunc %47 : i64 to i32
    %49 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %50 = llvm.trunc %49 : i64 to i32
    %51 = llvm.sdiv %50, %12 : i32
    %52 = llvm.add %51, %11 : i32
    llvm.br ^bb1(%14, %14 : i32, i32)
  ^bb1(%53: i32, %54: i32):  // 2 preds: ^bb0, ^bb23
    %55 = llvm.icmp "slt" %53, %48 : i32
    llvm.cond_br %55, ^bb2, ^bb24
  ^bb2:  // pred: ^bb1
    llvm.call @graphrt_timer_start() : () -> ()
    %56 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    omp.parallel {
      omp.wsloop schedule(static = %3 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%56) step (%8) {
          %132 = llvm.trunc %arg0 : i64 to i32
          %133 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %134 = llvm.getelementptr inbounds|nuw %133[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %132, %134 : i32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    llvm.br ^bb3(%14 : i32)
  ^bb3(%57: i32):  // 2 preds: ^bb2, ^bb4
    %58 = llvm.icmp "slt" %57, %13 : i32
    llvm.cond_br %58, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %59 = llvm.intr.smax(%57, %14) : (i32, i32) -> i32
    %60 = llvm.sext %59 : i32 to i64
    %61 = llvm.add %57, %11 : i32
    %62 = llvm.intr.smax(%61, %14) : (i32, i32) -> i32
    %63 = llvm.sext %62 : i32 to i64
    %64 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %65 = llvm.call @graphrt_out_offsets(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %66 = llvm.call @graphrt_out_neighbors(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    omp.parallel {
      omp.wsloop schedule(dynamic = %9 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%64) step (%8) {
          %132 = llvm.add %arg0, %8 : i64
          %133 = llvm.extractvalue %65[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %134 = llvm.getelementptr inbounds|nuw %133[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %135 = llvm.load %134 : !llvm.ptr -> i64
          %136 = llvm.extractvalue %65[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %137 = llvm.getelementptr inbounds|nuw %136[%132] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %138 = llvm.load %137 : !llvm.ptr -> i64
          %139 = llvm.add %135, %60 : i64
          %140 = llvm.intr.umin(%139, %138) : (i64, i64) -> i64
          %141 = llvm.add %135, %63 : i64
          %142 = llvm.intr.umin(%141, %138) : (i64, i64) -> i64
          llvm.br ^bb1(%140 : i64)
        ^bb1(%143: i64):  // 2 preds: ^bb0, ^bb14
          %144 = llvm.icmp "slt" %143, %142 : i64
          llvm.cond_br %144, ^bb2, ^bb15
        ^bb2:  // pred: ^bb1
          %145 = llvm.extractvalue %66[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %146 = llvm.getelementptr inbounds|nuw %145[%143] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %147 = llvm.load %146 : !llvm.ptr -> i32
          %148 = llvm.sext %147 : i32 to i64
          %149 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %150 = llvm.getelementptr inbounds|nuw %149[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %151 = llvm.load %150 : !llvm.ptr -> i32
          %152 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %153 = llvm.getelementptr inbounds|nuw %152[%148] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %154 = llvm.load %153 : !llvm.ptr -> i32
          llvm.br ^bb3(%151, %154 : i32, i32)
        ^bb3(%155: i32, %156: i32):  // 2 preds: ^bb2, ^bb13
          %157 = llvm.icmp "ne" %155, %156 : i32
          llvm.cond_br %157, ^bb4, ^bb11
        ^bb4:  // pred: ^bb3
          %158 = llvm.intr.smax(%155, %156) : (i32, i32) -> i32
          %159 = llvm.intr.smin(%155, %156) : (i32, i32) -> i32
          %160 = llvm.sext %158 : i32 to i64
          %161 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %162 = llvm.getelementptr inbounds|nuw %161[%160] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %163 = llvm.load %162 : !llvm.ptr -> i32
          %164 = llvm.icmp "eq" %163, %159 : i32
          %165 = llvm.icmp "eq" %163, %158 : i32
          llvm.cond_br %165, ^bb5, ^bb8
        ^bb5:  // pred: ^bb4
          %166 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %167 = llvm.getelementptr %166[%160] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %168 = llvm.load %167 : !llvm.ptr -> i32
          llvm.br ^bb6(%168 : i32)
        ^bb6(%169: i32):  // 2 preds: ^bb5, ^bb6
          %170 = llvm.icmp "eq" %169, %158 : i32
          %171 = llvm.select %170, %159, %169 : i1, i32
          %172 = llvm.cmpxchg %167, %169, %171 acq_rel monotonic : !llvm.ptr, i32
          %173 = llvm.extractvalue %172[0] : !llvm.struct<(i32, i1)> 
          %174 = llvm.extractvalue %172[1] : !llvm.struct<(i32, i1)> 
          llvm.cond_br %174, ^bb7, ^bb6(%173 : i32)
        ^bb7:  // pred: ^bb6
          %175 = llvm.icmp "eq" %173, %158 : i32
          llvm.br ^bb9(%175 : i1)
        ^bb8:  // pred: ^bb4
          llvm.br ^bb9(%1 : i1)
        ^bb9(%176: i1):  // 2 preds: ^bb7, ^bb8
          llvm.br ^bb10
        ^bb10:  // pred: ^bb9
          %177 = llvm.or %164, %176 : i1
          %178 = llvm.xor %177, %2 : i1
          %179 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %180 = llvm.getelementptr inbounds|nuw %179[%160] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %181 = llvm.load %180 : !llvm.ptr -> i32
          %182 = llvm.sext %181 : i32 to i64
          %183 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %184 = llvm.getelementptr inbounds|nuw %183[%182] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %185 = llvm.load %184 : !llvm.ptr -> i32
          %186 = llvm.sext %159 : i32 to i64
          %187 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %188 = llvm.getelementptr inbounds|nuw %187[%186] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %189 = llvm.load %188 : !llvm.ptr -> i32
          llvm.br ^bb12(%178, %185, %189 : i1, i32, i32)
        ^bb11:  // pred: ^bb3
          llvm.br ^bb12(%1, %155, %156 : i1, i32, i32)
        ^bb12(%190: i1, %191: i32, %192: i32):  // 2 preds: ^bb10, ^bb11
          llvm.br ^bb13
        ^bb13:  // pred: ^bb12
          llvm.cond_br %190, ^bb3(%191, %192 : i32, i32), ^bb14
        ^bb14:  // pred: ^bb13
          %193 = llvm.add %143, %8 : i64
          llvm.br ^bb1(%193 : i64)
        ^bb15:  // pred: ^bb1
          omp.yield
        }
      }
      omp.terminator
    }
    %67 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    omp.parallel {
      omp.wsloop schedule(static = %3 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%67) step (%8) {
          llvm.br ^bb1
        ^bb1:  // 2 preds: ^bb0, ^bb2
          %132 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %134 = llvm.load %133 : !llvm.ptr -> i32
          %135 = llvm.sext %134 : i32 to i64
          %136 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %137 = llvm.getelementptr inbounds|nuw %136[%135] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %138 = llvm.load %137 : !llvm.ptr -> i32
          %139 = llvm.icmp "ne" %134, %138 : i32
          llvm.cond_br %139, ^bb2(%138 : i32), ^bb3
        ^bb2(%140: i32):  // pred: ^bb1
          %141 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %142 = llvm.getelementptr inbounds|nuw %141[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %140, %142 : i32, !llvm.ptr
          llvm.br ^bb1
        ^bb3:  // pred: ^bb1
          omp.yield
        }
      }
      omp.terminator
    }
    %68 = llvm.add %57, %11 : i32
    llvm.br ^bb3(%68 : i32)
  ^bb5:  // pred: ^bb3
    llvm.br ^bb6(%14, %14, %54 : i32, i32, i32)
  ^bb6(%69: i32, %70: i32, %71: i32):  // 2 preds: ^bb5, ^bb15
    %72 = llvm.icmp "slt" %69, %12 : i32
    llvm.cond_br %72, ^bb7, ^bb16
  ^bb7:  // pred: ^bb6
    %73 = llvm.mul %69, %52 : i32
    %74 = llvm.icmp "slt" %73, %50 : i32
    llvm.cond_br %74, ^bb8, ^bb13
  ^bb8:  // pred: ^bb7
    %75 = llvm.sext %73 : i32 to i64
    %76 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %77 = llvm.getelementptr inbounds|nuw %76[%75] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %78 = llvm.load %77 : !llvm.ptr -> i32
    %79 = llvm.sext %78 : i32 to i64
    %80 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %81 = llvm.getelementptr inbounds|nuw %80[%79] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %82 = llvm.load %81 : !llvm.ptr -> i32
    %83 = llvm.add %82, %11 : i32
    %84 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %85 = llvm.getelementptr inbounds|nuw %84[%79] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %83, %85 : i32, !llvm.ptr
    %86 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %87 = llvm.getelementptr inbounds|nuw %86[%79] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %88 = llvm.load %87 : !llvm.ptr -> i32
    %89 = llvm.icmp "sgt" %88, %70 : i32
    %90 = llvm.select %89, %78, %71 : i1, i32
    llvm.cond_br %89, ^bb9, ^bb10
  ^bb9:  // pred: ^bb8
    %91 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %92 = llvm.getelementptr inbounds|nuw %91[%79] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %93 = llvm.load %92 : !llvm.ptr -> i32
    llvm.br ^bb11(%93 : i32)
  ^bb10:  // pred: ^bb8
    llvm.br ^bb11(%70 : i32)
  ^bb11(%94: i32):  // 2 preds: ^bb9, ^bb10
    llvm.br ^bb12
  ^bb12:  // pred: ^bb11
    llvm.br ^bb14(%94, %90 : i32, i32)
  ^bb13:  // pred: ^bb7
    llvm.br ^bb14(%70, %71 : i32, i32)
  ^bb14(%95: i32, %96: i32):  // 2 preds: ^bb12, ^bb13
    llvm.br ^bb15
  ^bb15:  // pred: ^bb14
    %97 = llvm.add %69, %11 : i32
    llvm.br ^bb6(%97, %95, %96 : i32, i32, i32)
  ^bb16:  // pred: ^bb6
    llvm.br ^bb17(%14 : i32)
  ^bb17(%98: i32):  // 2 preds: ^bb16, ^bb20
    %99 = llvm.icmp "slt" %98, %12 : i32
    llvm.cond_br %99, ^bb18, ^bb21
  ^bb18:  // pred: ^bb17
    %100 = llvm.mul %98, %52 : i32
    %101 = llvm.icmp "slt" %100, %50 : i32
    llvm.cond_br %101, ^bb19, ^bb20
  ^bb19:  // pred: ^bb18
    %102 = llvm.sext %100 : i32 to i64
    %103 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %104 = llvm.getelementptr inbounds|nuw %103[%102] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %105 = llvm.load %104 : !llvm.ptr -> i32
    %106 = llvm.sext %105 : i32 to i64
    %107 = llvm.extractvalue %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %108 = llvm.getelementptr inbounds|nuw %107[%106] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %14, %108 : i32, !llvm.ptr
    llvm.br ^bb20
  ^bb20:  // 2 preds: ^bb18, ^bb19
    %109 = llvm.add %98, %11 : i32
    llvm.br ^bb17(%109 : i32)
  ^bb21:  // pred: ^bb17
    %110 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %111 = llvm.call @graphrt_out_offsets(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %112 = llvm.call @graphrt_out_neighbors(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    omp.parallel {
      omp.wsloop schedule(dynamic = %9 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%110) step (%8) {
          %132 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %134 = llvm.load %133 : !llvm.ptr -> i32
          %135 = llvm.icmp "ne" %134, %71 : i32
          llvm.cond_br %135, ^bb1, ^bb17
        ^bb1:  // pred: ^bb0
          %136 = llvm.add %arg0, %8 : i64
          %137 = llvm.extractvalue %111[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %138 = llvm.getelementptr inbounds|nuw %137[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %139 = llvm.load %138 : !llvm.ptr -> i64
          %140 = llvm.extractvalue %111[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %141 = llvm.getelementptr inbounds|nuw %140[%136] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %142 = llvm.load %141 : !llvm.ptr -> i64
          %143 = llvm.add %139, %7 : i64
          %144 = llvm.intr.umin(%143, %142) : (i64, i64) -> i64
          llvm.br ^bb2(%144 : i64)
        ^bb2(%145: i64):  // 2 preds: ^bb1, ^bb15
          %146 = llvm.icmp "slt" %145, %142 : i64
          llvm.cond_br %146, ^bb3, ^bb16
        ^bb3:  // pred: ^bb2
          %147 = llvm.extractvalue %112[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %148 = llvm.getelementptr inbounds|nuw %147[%145] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %149 = llvm.load %148 : !llvm.ptr -> i32
          %150 = llvm.sext %149 : i32 to i64
          %151 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %152 = llvm.getelementptr inbounds|nuw %151[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %153 = llvm.load %152 : !llvm.ptr -> i32
          %154 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %155 = llvm.getelementptr inbounds|nuw %154[%150] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %156 = llvm.load %155 : !llvm.ptr -> i32
          llvm.br ^bb4(%153, %156 : i32, i32)
        ^bb4(%157: i32, %158: i32):  // 2 preds: ^bb3, ^bb14
          %159 = llvm.icmp "ne" %157, %158 : i32
          llvm.cond_br %159, ^bb5, ^bb12
        ^bb5:  // pred: ^bb4
          %160 = llvm.intr.smax(%157, %158) : (i32, i32) -> i32
          %161 = llvm.intr.smin(%157, %158) : (i32, i32) -> i32
          %162 = llvm.sext %160 : i32 to i64
          %163 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %164 = llvm.getelementptr inbounds|nuw %163[%162] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %165 = llvm.load %164 : !llvm.ptr -> i32
          %166 = llvm.icmp "eq" %165, %161 : i32
          %167 = llvm.icmp "eq" %165, %160 : i32
          llvm.cond_br %167, ^bb6, ^bb9
        ^bb6:  // pred: ^bb5
          %168 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %169 = llvm.getelementptr %168[%162] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %170 = llvm.load %169 : !llvm.ptr -> i32
          llvm.br ^bb7(%170 : i32)
        ^bb7(%171: i32):  // 2 preds: ^bb6, ^bb7
          %172 = llvm.icmp "eq" %171, %160 : i32
          %173 = llvm.select %172, %161, %171 : i1, i32
          %174 = llvm.cmpxchg %169, %171, %173 acq_rel monotonic : !llvm.ptr, i32
          %175 = llvm.extractvalue %174[0] : !llvm.struct<(i32, i1)> 
          %176 = llvm.extractvalue %174[1] : !llvm.struct<(i32, i1)> 
          llvm.cond_br %176, ^bb8, ^bb7(%175 : i32)
        ^bb8:  // pred: ^bb7
          %177 = llvm.icmp "eq" %175, %160 : i32
          llvm.br ^bb10(%177 : i1)
        ^bb9:  // pred: ^bb5
          llvm.br ^bb10(%1 : i1)
        ^bb10(%178: i1):  // 2 preds: ^bb8, ^bb9
          llvm.br ^bb11
        ^bb11:  // pred: ^bb10
          %179 = llvm.or %166, %178 : i1
          %180 = llvm.xor %179, %2 : i1
          %181 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %182 = llvm.getelementptr inbounds|nuw %181[%162] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %183 = llvm.load %182 : !llvm.ptr -> i32
          %184 = llvm.sext %183 : i32 to i64
          %185 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %186 = llvm.getelementptr inbounds|nuw %185[%184] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %187 = llvm.load %186 : !llvm.ptr -> i32
          %188 = llvm.sext %161 : i32 to i64
          %189 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %190 = llvm.getelementptr inbounds|nuw %189[%188] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %191 = llvm.load %190 : !llvm.ptr -> i32
          llvm.br ^bb13(%180, %187, %191 : i1, i32, i32)
        ^bb12:  // pred: ^bb4
          llvm.br ^bb13(%1, %157, %158 : i1, i32, i32)
        ^bb13(%192: i1, %193: i32, %194: i32):  // 2 preds: ^bb11, ^bb12
          llvm.br ^bb14
        ^bb14:  // pred: ^bb13
          llvm.cond_br %192, ^bb4(%193, %194 : i32, i32), ^bb15
        ^bb15:  // pred: ^bb14
          %195 = llvm.add %145, %8 : i64
          llvm.br ^bb2(%195 : i64)
        ^bb16:  // pred: ^bb2
          llvm.br ^bb17
        ^bb17:  // 2 preds: ^bb0, ^bb16
          omp.yield
        }
      }
      omp.terminator
    }
    %113 = llvm.call @graphrt_is_symmetric(%17) : (!llvm.ptr) -> i32
    %114 = llvm.icmp "eq" %113, %14 : i32
    llvm.cond_br %114, ^bb22, ^bb23
  ^bb22:  // pred: ^bb21
    %115 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    %116 = llvm.call @graphrt_in_offsets(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %117 = llvm.call @graphrt_in_neighbors(%17) : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    omp.parallel {
      omp.wsloop schedule(dynamic = %9 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%115) step (%8) {
          %132 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %134 = llvm.load %133 : !llvm.ptr -> i32
          %135 = llvm.icmp "ne" %134, %71 : i32
          llvm.cond_br %135, ^bb1, ^bb17
        ^bb1:  // pred: ^bb0
          %136 = llvm.add %arg0, %8 : i64
          %137 = llvm.extractvalue %116[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %138 = llvm.getelementptr inbounds|nuw %137[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %139 = llvm.load %138 : !llvm.ptr -> i64
          %140 = llvm.extractvalue %116[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %141 = llvm.getelementptr inbounds|nuw %140[%136] : (!llvm.ptr, i64) -> !llvm.ptr, i64
          %142 = llvm.load %141 : !llvm.ptr -> i64
          llvm.br ^bb2(%139 : i64)
        ^bb2(%143: i64):  // 2 preds: ^bb1, ^bb15
          %144 = llvm.icmp "ult" %143, %142 : i64
          llvm.cond_br %144, ^bb3(%143 : i64), ^bb16
        ^bb3(%145: i64):  // pred: ^bb2
          %146 = llvm.extractvalue %117[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %147 = llvm.getelementptr inbounds|nuw %146[%145] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %148 = llvm.load %147 : !llvm.ptr -> i32
          %149 = llvm.sext %148 : i32 to i64
          %150 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %151 = llvm.getelementptr inbounds|nuw %150[%149] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %152 = llvm.load %151 : !llvm.ptr -> i32
          %153 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %154 = llvm.getelementptr inbounds|nuw %153[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %155 = llvm.load %154 : !llvm.ptr -> i32
          llvm.br ^bb4(%152, %155 : i32, i32)
        ^bb4(%156: i32, %157: i32):  // 2 preds: ^bb3, ^bb14
          %158 = llvm.icmp "ne" %156, %157 : i32
          llvm.cond_br %158, ^bb5, ^bb12
        ^bb5:  // pred: ^bb4
          %159 = llvm.intr.smax(%156, %157) : (i32, i32) -> i32
          %160 = llvm.intr.smin(%156, %157) : (i32, i32) -> i32
          %161 = llvm.sext %159 : i32 to i64
          %162 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %163 = llvm.getelementptr inbounds|nuw %162[%161] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %164 = llvm.load %163 : !llvm.ptr -> i32
          %165 = llvm.icmp "eq" %164, %160 : i32
          %166 = llvm.icmp "eq" %164, %159 : i32
          llvm.cond_br %166, ^bb6, ^bb9
        ^bb6:  // pred: ^bb5
          %167 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %168 = llvm.getelementptr %167[%161] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %169 = llvm.load %168 : !llvm.ptr -> i32
          llvm.br ^bb7(%169 : i32)
        ^bb7(%170: i32):  // 2 preds: ^bb6, ^bb7
          %171 = llvm.icmp "eq" %170, %159 : i32
          %172 = llvm.select %171, %160, %170 : i1, i32
          %173 = llvm.cmpxchg %168, %170, %172 acq_rel monotonic : !llvm.ptr, i32
          %174 = llvm.extractvalue %173[0] : !llvm.struct<(i32, i1)> 
          %175 = llvm.extractvalue %173[1] : !llvm.struct<(i32, i1)> 
          llvm.cond_br %175, ^bb8, ^bb7(%174 : i32)
        ^bb8:  // pred: ^bb7
          %176 = llvm.icmp "eq" %174, %159 : i32
          llvm.br ^bb10(%176 : i1)
        ^bb9:  // pred: ^bb5
          llvm.br ^bb10(%1 : i1)
        ^bb10(%177: i1):  // 2 preds: ^bb8, ^bb9
          llvm.br ^bb11
        ^bb11:  // pred: ^bb10
          %178 = llvm.or %165, %177 : i1
          %179 = llvm.xor %178, %2 : i1
          %180 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %181 = llvm.getelementptr inbounds|nuw %180[%161] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %182 = llvm.load %181 : !llvm.ptr -> i32
          %183 = llvm.sext %182 : i32 to i64
          %184 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %185 = llvm.getelementptr inbounds|nuw %184[%183] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %186 = llvm.load %185 : !llvm.ptr -> i32
          %187 = llvm.sext %160 : i32 to i64
          %188 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %189 = llvm.getelementptr inbounds|nuw %188[%187] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %190 = llvm.load %189 : !llvm.ptr -> i32
          llvm.br ^bb13(%179, %186, %190 : i1, i32, i32)
        ^bb12:  // pred: ^bb4
          llvm.br ^bb13(%1, %156, %157 : i1, i32, i32)
        ^bb13(%191: i1, %192: i32, %193: i32):  // 2 preds: ^bb11, ^bb12
          llvm.br ^bb14
        ^bb14:  // pred: ^bb13
          llvm.cond_br %191, ^bb4(%192, %193 : i32, i32), ^bb15
        ^bb15:  // pred: ^bb14
          %194 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %195 = llvm.getelementptr inbounds|nuw %194[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %196 = llvm.load %195 : !llvm.ptr -> i32
          %197 = llvm.icmp "ne" %196, %71 : i32
          %198 = llvm.add %145, %8 : i64
          %199 = llvm.select %197, %198, %142 : i1, i64
          llvm.br ^bb2(%199 : i64)
        ^bb16:  // pred: ^bb2
          llvm.br ^bb17
        ^bb17:  // 2 preds: ^bb0, ^bb16
          omp.yield
        }
      }
      omp.terminator
    }
    llvm.br ^bb23
  ^bb23:  // 2 preds: ^bb21, ^bb22
    %118 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    omp.parallel {
      omp.wsloop schedule(static = %3 : i64) {
        omp.loop_nest (%arg0) : i64 = (%10) to (%118) step (%8) {
          llvm.br ^bb1
        ^bb1:  // 2 preds: ^bb0, ^bb2
          %132 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %133 = llvm.getelementptr inbounds|nuw %132[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %134 = llvm.load %133 : !llvm.ptr -> i32
          %135 = llvm.sext %134 : i32 to i64
          %136 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %137 = llvm.getelementptr inbounds|nuw %136[%135] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %138 = llvm.load %137 : !llvm.ptr -> i32
          %139 = llvm.icmp "ne" %134, %138 : i32
          llvm.cond_br %139, ^bb2(%138 : i32), ^bb3
        ^bb2(%140: i32):  // pred: ^bb1
          %141 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
          %142 = llvm.getelementptr inbounds|nuw %141[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %140, %142 : i32, !llvm.ptr
          llvm.br ^bb1
        ^bb3:  // pred: ^bb1
          omp.yield
        }
      }
      omp.terminator
    }
    %119 = llvm.call @graphrt_timer_stop() : () -> f64
    %120 = llvm.getelementptr %0[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<15 x i8>
    llvm.call @graphrt_print_str(%120) : (!llvm.ptr) -> ()
    llvm.call @graphrt_print_f64(%119) : (f64) -> ()
    %121 = llvm.add %53, %11 : i32
    llvm.br ^bb1(%121, %71 : i32, i32)
  ^bb24:  // pred: ^bb1
    %122 = llvm.call @graphrt_num_vertices(%17) : (!llvm.ptr) -> i64
    llvm.br ^bb25(%10 : i64)
  ^bb25(%123: i64):  // 2 preds: ^bb24, ^bb26
    %124 = llvm.icmp "slt" %123, %122 : i64
    llvm.cond_br %124, ^bb26, ^bb27
  ^bb26:  // pred: ^bb25
    %125 = llvm.extractvalue %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %126 = llvm.getelementptr inbounds|nuw %125[%123] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %127 = llvm.load %126 : !llvm.ptr -> i32
    %128 = llvm.sext %127 : i32 to i64
    llvm.call @graphrt_print_i64(%128) : (i64) -> ()
    %129 = llvm.add %123, %8 : i64
    llvm.br ^bb25(%129 : i64)
  ^bb27:  // pred: ^bb25
    llvm.call @graphrt_graph_free(%17) : (!llvm.ptr) -> ()
    %130 = llvm.extractvalue %32[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.call @_mlir_memref_to_llvm_free(%130) : (!llvm.ptr) -> ()
    %131 = llvm.extractvalue %45[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.call @_mlir_memref_to_llvm_free(%131) : (!llvm.ptr) -> ()
    llvm.return
  }
}
