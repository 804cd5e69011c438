// Math in a kernel: one thread computes sqrt(16), |-2.5|, floor(2.7),
// ceil(2.1), trunc(-2.7), roundeven(2.5), round(2.5), fma(2, 3, 4),
// copysign(3, -1), minnumf(1, 2), maxnumf(1, 2) and sqrt(2.25) in f32; the
// host prints them. The arguments are constants plus a 0 the host stores in
// memory, so that the GPU computes them rather than the compiler.
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %out = memref.alloc(%c12) : memref<?xf64>
    %stored_zero = arith.constant 0.0 : f64
    memref.store %stored_zero, %out[%c0] : memref<?xf64>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %i3 = arith.constant 3 : index
      %i4 = arith.constant 4 : index
      %i5 = arith.constant 5 : index
      %i6 = arith.constant 6 : index
      %i7 = arith.constant 7 : index
      %i8 = arith.constant 8 : index
      %i9 = arith.constant 9 : index
      %i10 = arith.constant 10 : index
      %i11 = arith.constant 11 : index
      %f16_c = arith.constant 16.0 : f64
      %fm25_c = arith.constant -2.5 : f64
      %f27_c = arith.constant 2.7 : f64
      %f21_c = arith.constant 2.1 : f64
      %fm27_c = arith.constant -2.7 : f64
      %f25_c = arith.constant 2.5 : f64
      %f1_c = arith.constant 1.0 : f64
      %f2_c = arith.constant 2.0 : f64
      %f3_c = arith.constant 3.0 : f64
      %f4_c = arith.constant 4.0 : f64
      %fm1_c = arith.constant -1.0 : f64
      %g225_c = arith.constant 2.25 : f32
      %zero = memref.load %out[%tx] : memref<?xf64>
      %zerof = arith.truncf %zero : f64 to f32
      %f16 = arith.addf %f16_c, %zero : f64
      %fm25 = arith.addf %fm25_c, %zero : f64
      %f27 = arith.addf %f27_c, %zero : f64
      %f21 = arith.addf %f21_c, %zero : f64
      %fm27 = arith.addf %fm27_c, %zero : f64
      %f25 = arith.addf %f25_c, %zero : f64
      %f1 = arith.addf %f1_c, %zero : f64
      %f2 = arith.addf %f2_c, %zero : f64
      %f3 = arith.addf %f3_c, %zero : f64
      %f4 = arith.addf %f4_c, %zero : f64
      %fm1 = arith.addf %fm1_c, %zero : f64
      %g225 = arith.addf %g225_c, %zerof : f32
      %sqrt = math.sqrt %f16 : f64
      memref.store %sqrt, %out[%tx] : memref<?xf64>
      %abs = math.absf %fm25 : f64
      memref.store %abs, %out[%i1] : memref<?xf64>
      %floor = math.floor %f27 : f64
      memref.store %floor, %out[%i2] : memref<?xf64>
      %ceil = math.ceil %f21 : f64
      memref.store %ceil, %out[%i3] : memref<?xf64>
      %trunc = math.trunc %fm27 : f64
      memref.store %trunc, %out[%i4] : memref<?xf64>
      %even = math.roundeven %f25 : f64
      memref.store %even, %out[%i5] : memref<?xf64>
      %round = math.round %f25 : f64
      memref.store %round, %out[%i6] : memref<?xf64>
      %fma = math.fma %f2, %f3, %f4 : f64
      memref.store %fma, %out[%i7] : memref<?xf64>
      %sign = math.copysign %f3, %fm1 : f64
      memref.store %sign, %out[%i8] : memref<?xf64>
      %min = arith.minnumf %f1, %f2 : f64
      memref.store %min, %out[%i9] : memref<?xf64>
      %max = arith.maxnumf %f1, %f2 : f64
      memref.store %max, %out[%i10] : memref<?xf64>
      %sqrtf = math.sqrt %g225 : f32
      %wide = arith.extf %sqrtf : f32 to f64
      memref.store %wide, %out[%i11] : memref<?xf64>
      gpu.terminator
    }
    scf.for %i = %c0 to %c12 step %c1 {
      %v = memref.load %out[%i] : memref<?xf64>
      graph.print %v : f64
    }
    memref.dealloc %out : memref<?xf64>
    return
  }
}
