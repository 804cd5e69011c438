# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "GRAPH"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".gt"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.graph_obj_root, "test")

llvm_config.use_default_substitutions()
# Let a run of the whole suite vary the thread count, e.g.
# `OMP_NUM_THREADS=8 ninja -C build check-graph` to shake out races.
if "OMP_NUM_THREADS" in os.environ:
    config.environment["OMP_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"]
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.graph_tools_dir, append_path=True)

config.substitutions.append(("%graph_src", config.graph_src_root))
config.substitutions.append(("%graph_bin", config.graph_obj_root))
config.substitutions.append(("%graph_lib", os.path.join(config.graph_obj_root, "lib")))
config.substitutions.append(("%python", config.python_executable))
# The C compiler of the build, for drivers of exported functions.
config.substitutions.append(("%cc", config.c_compiler))
# Independent reference implementations used by integration tests.
config.substitutions.append(
    ("%reference", config.python_executable + " " +
     os.path.join(config.graph_src_root, "test", "reference", "reference.py")))

# Distributed programs (graphc --distributed) need the MPI runtime library
# and mpirun. %mpirun N runs N ranks on this machine, more ranks than cores
# allowed; root may run them (CI machines build as root).
import shutil

# The passes' -debug-only output (DEBUG_TYPE: the pass's name).
if config.graph_debug_output:
    config.available_features.add("debug-output")

if os.path.exists(os.path.join(config.graph_obj_root, "lib", "libgraphrt_mpi.a")) \
        and shutil.which("mpirun"):
    config.available_features.add("mpi")
    # Tests call mpirun by name (and through check-example.sh): this wrapper
    # comes first on PATH and gives each launch its own TMPDIR.
    config.environment["GRAPH_MPIRUN"] = shutil.which("mpirun")
    llvm_config.with_environment(
        "PATH", os.path.join(config.graph_src_root, "test", "Integration",
                             "Inputs", "mpi"), append_path=True)
    config.substitutions.append(("%mpirun", "mpirun --oversubscribe -np"))
    for name, value in [("OMPI_ALLOW_RUN_AS_ROOT", "1"),
                        ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                        # no cross-memory attach in containers
                        ("OMPI_MCA_btl_vader_single_copy_mechanism", "none"),
                        ("OMPI_MCA_btl", "self,vader")]:
        config.environment[name] = value
