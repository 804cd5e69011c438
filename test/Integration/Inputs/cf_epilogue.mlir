// Collaborative filtering as examples/cf.gt computes it (K = 20 latent
// factors, 10 iterations, step and decay 0.001) in FT (f32 or f64; BT is
// the integer of its width): the pull sums each destination's error row
// into error (a vector of rows), then "update" steps every vertex's latent
// row and zeroes its error row. graph-fuse-epilogue fuses "update" into
// "s1", double-buffering latent (the body reads it at both ends). Prints
// each vertex's first factor, or with PRINT printing %b its bits.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %k = arith.constant 20 : index
  %zero = arith.constant 0.0 : FT
  %half = arith.constant 0.5 : FT
  %step = arith.constant 0.001 : FT
  %decay = arith.constant 0.001 : FT
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset<i32>
  %latent = graph.vector.new %g init(%half : FT) : !graph.edgeset<i32> -> !graph.vector<?x20xFT>
  %error = graph.vector.new %g init(%zero : FT) : !graph.edgeset<i32> -> !graph.vector<?x20xFT>
  scf.for %iter = %c0 to %c10 step %c1 {
    graph.edgeset.apply %g label("s1") schedule(#graph.schedule<SCHEDULE>) body {
    ^bb0(%src: index, %dst: index, %rating: i32):
      %estimate = scf.for %i = %c0 to %k step %c1 iter_args(%e = %zero) -> (FT) {
        %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x20xFT>
        %ld = graph.vector.get %latent[%dst, %i] : !graph.vector<?x20xFT>
        %p = arith.mulf %ls, %ld : FT
        %s = arith.addf %e, %p : FT
        scf.yield %s : FT
      }
      %r = arith.sitofp %rating : i32 to FT
      %err = arith.subf %r, %estimate : FT
      scf.for %i = %c0 to %k step %c1 {
        %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x20xFT>
        %x = arith.mulf %ls, %err : FT
        %changed = graph.reduce add %error[%dst, %i], %x : !graph.vector<?x20xFT>
      }
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.apply %all label("update") {
    ^bb0(%v: index):
      scf.for %i = %c0 to %k step %c1 {
        %minus = arith.negf %decay : FT
        %l = graph.vector.get %latent[%v, %i] : !graph.vector<?x20xFT>
        %d = arith.mulf %minus, %l : FT
        %e = graph.vector.get %error[%v, %i] : !graph.vector<?x20xFT>
        %sum = arith.addf %d, %e : FT
        %x = arith.mulf %step, %sum : FT
        %changed = graph.reduce add %latent[%v, %i], %x : !graph.vector<?x20xFT>
        graph.vector.set %error[%v, %i], %zero : !graph.vector<?x20xFT>
      }
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %latent[%v, %c0] : !graph.vector<?x20xFT>
    %b = arith.bitcast %r : FT to BT
    PRINT
  }
  return
}
