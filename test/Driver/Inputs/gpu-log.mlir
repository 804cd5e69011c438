// A kernel calling a math function that needs CUDA's libdevice.
module attributes {gpu.container_module} {
  func.func @kernel(%data: memref<?xf64>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %x = memref.load %data[%tx] : memref<?xf64>
      %log = math.log %x : f64
      memref.store %log, %data[%tx] : memref<?xf64>
      gpu.terminator
    }
    return
  }
}
