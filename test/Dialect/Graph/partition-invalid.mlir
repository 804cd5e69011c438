// RUN: graph-opt %s --split-input-file -verify-diagnostics

// A rank holds only its owned elements of a partitioned vector (and its
// mirrors' ones for a mirrored one): no mirror can make it whole.
func.func @owned_to_all(%g: !graph.edgeset) {
  %v = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  // expected-error @+1 {{'graph.vector.mirror' op of a 'partition owned' vector must be 'needed' and the vector 'mirrored'}}
  graph.vector.mirror %g, %v : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

func.func @owned_needed(%g: !graph.edgeset) {
  %v = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  // expected-error @+1 {{'graph.vector.mirror' op of a 'partition owned' vector must be 'needed' and the vector 'mirrored'}}
  graph.vector.mirror %g, %v needed : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

func.func @mirrored_to_all(%g: !graph.edgeset) {
  %v = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  // expected-error @+1 {{'graph.vector.mirror' op of a 'partition mirrored' vector must be 'needed'}}
  graph.vector.mirror %g, %v : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

// The mirror says the vector's layout itself, and it must be the vector's.
func.func @mirrored_as_whole(%g: !graph.edgeset) {
  %v = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  // expected-error @+1 {{'graph.vector.mirror' op says 'partition whole' of a 'partition mirrored' vector}}
  graph.vector.mirror %g, %v needed : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

func.func @whole_as_mirrored(%g: !graph.edgeset) {
  %v = graph.vector.new %g partition whole : !graph.edgeset -> !graph.vector<f64>
  // expected-error @+1 {{'graph.vector.mirror' op says 'partition mirrored' of a 'partition whole' vector}}
  graph.vector.mirror %g, %v needed partition mirrored : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

// A loop's iteration argument (a double buffer) has no graph.vector.new to
// read the layout from: the mirror's own partition is all there is.
func.func @carried_owned(%g: !graph.edgeset, %v: !graph.vector<f64>) {
  // expected-error @+1 {{'graph.vector.mirror' op 'partition owned' needs 'needed' and a 'mirrored' vector}}
  graph.vector.mirror %g, %v needed partition owned : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

func.func @carried_mirrored_to_all(%g: !graph.edgeset, %v: !graph.vector<f64>) {
  // expected-error @+1 {{'graph.vector.mirror' op 'partition mirrored' needs 'needed' and a 'mirrored' vector}}
  graph.vector.mirror %g, %v partition mirrored : !graph.edgeset, !graph.vector<f64>
  return
}

// -----

func.func @records(%g: !graph.edgeset) {
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  // expected-error @+1 {{'graph.vector.new' op with a partition cannot be a field of records}}
  %v = graph.vector.new %g in(%rec : !graph.records<16>) partition owned : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
  return
}

// -----

func.func @degree_records(%g: !graph.edgeset) {
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  // expected-error @+1 {{'graph.out_degrees' op with a partition cannot be a field of records}}
  %d = graph.out_degrees %g in(%rec : !graph.records<16>) partition owned : !graph.edgeset -> !graph.vector<i32, record<16, 0>>
  return
}

// -----

// Partitioned out-degrees likewise.
func.func @owned_degrees_needed(%g: !graph.edgeset) {
  %d = graph.out_degrees %g partition owned : !graph.edgeset -> !graph.vector<i32>
  // expected-error @+1 {{'graph.vector.mirror' op of a 'partition owned' vector must be 'needed' and the vector 'mirrored'}}
  graph.vector.mirror %g, %d needed : !graph.edgeset, !graph.vector<i32>
  return
}
