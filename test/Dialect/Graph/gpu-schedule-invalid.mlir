// RUN: graph-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of the #graph.gpu_schedule parser and verifier, and of
// the gpu option of #graph.schedule.

// expected-error @+1 {{unknown gpu schedule option 'threads'; expected one of: direction, pull_frontier, frontier_creation, dedup, load_balance, edge_blocking, kernel_fusion, delta, edges, hybrid_threshold, otherwise}}
func.func private @unknown_option() attributes {s = #graph.gpu_schedule<threads = 4>}

// -----

// expected-error @+1 {{unknown load_balance 'twe'; expected one of: vertex_based, twc, twce, wm, cm, strict, edge_only}}
func.func private @unknown_load_balance() attributes {s = #graph.gpu_schedule<load_balance = twe>}

// -----

// expected-error @+1 {{unknown edges 'host'; expected one of: auto, device, zero_copy, managed}}
func.func private @unknown_edges() attributes {s = #graph.gpu_schedule<edges = host>}

// -----

// expected-error @+1 {{unknown kernel_fusion 'cooperative'; expected one of: disabled, enabled, split}}
func.func private @unknown_kernel_fusion() attributes {s = #graph.gpu_schedule<kernel_fusion = cooperative>}

// -----

// expected-error @+1 {{gpu schedule option 'dedup' given twice}}
func.func private @twice() attributes {s = #graph.gpu_schedule<dedup = fused, dedup = unfused>}

// -----

// expected-error @+1 {{delta must be positive, got 0}}
func.func private @zero_delta() attributes {s = #graph.gpu_schedule<delta = 0>}

// -----

// expected-error @+1 {{pull_frontier = bitmap describes a pull's input; got direction = push}}
func.func private @pull_frontier_on_push() attributes {s = #graph.gpu_schedule<pull_frontier = bitmap>}

// -----

// expected-error @+1 {{edge_blocking must be positive, got -2}}
func.func private @negative_blocking() attributes {s = #graph.gpu_schedule<load_balance = edge_only, edge_blocking = -2>}

// -----

// expected-error @+1 {{edge_blocking blocks the edges of load_balance = edge_only; got load_balance = twc}}
func.func private @blocking_without_edge_only() attributes {s = #graph.gpu_schedule<load_balance = twc, edge_blocking = 64>}

// -----

// expected-error @+1 {{hybrid_threshold = argv[k] needs k >= 1, got 0}}
func.func private @argv_zero() attributes {s = #graph.gpu_schedule<hybrid_threshold = argv[0], otherwise = #graph.gpu_schedule<>>}

// -----

// expected-error @+1 {{hybrid_threshold is a fraction of the vertices between 0 and 1, got 2.5}}
func.func private @threshold_above_one() attributes {s = #graph.gpu_schedule<hybrid_threshold = 2.5, otherwise = #graph.gpu_schedule<>>}

// -----

// expected-error @+1 {{a hybrid gpu schedule needs both hybrid_threshold and otherwise}}
func.func private @threshold_alone() attributes {s = #graph.gpu_schedule<hybrid_threshold = 0.5>}

// -----

// expected-error @+1 {{a hybrid gpu schedule needs both hybrid_threshold and otherwise}}
func.func private @otherwise_alone() attributes {s = #graph.gpu_schedule<otherwise = #graph.gpu_schedule<>>}

// -----

// expected-error @+1 {{the otherwise schedule of a hybrid may not be hybrid itself}}
func.func private @nested_hybrid() attributes {s = #graph.gpu_schedule<hybrid_threshold = 0.5, otherwise = #graph.gpu_schedule<hybrid_threshold = 0.1, otherwise = #graph.gpu_schedule<>>>}

// -----

// expected-error @+1 {{a schedule with gpu sets no CPU option; the GPU schedule holds all of the traversal's options}}
func.func private @cpu_option_beside_gpu() attributes {s = #graph.schedule<parallel = dynamic_vertex, gpu = #graph.gpu_schedule<>>}
