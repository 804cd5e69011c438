#!/usr/bin/env bash
# A stand-in for nvcc (gpu-anchors.test): "builds" the -o file from the .cu
# as a script that runs fake-anchor.sh under the build's name, and logs
# `nvcc NAME FLAGS` to $FAKE_CALLS. The build named by FAKE_NVCC_FAIL fails
# as nvcc does.
out= source=
log=("$@")
while [ $# -gt 0 ]; do
  case $1 in
  -o) out=$2 && shift ;;
  *.cu) source=$1 ;;
  esac
  shift
done
name=$(basename "$out")
echo "nvcc $name ${log[*]}" >>"$FAKE_CALLS"
if [ "$name" = "${FAKE_NVCC_FAIL:-}" ]; then
  echo "$source(1): error: fake nvcc refuses $name" >&2
  exit 2
fi
[ -e "$source" ] || { echo "fake-nvcc.sh: no $source" >&2 && exit 1; }
printf '#!/usr/bin/env bash\nexec bash %s %s "$@"\n' "$(dirname "$(readlink -f "$0")")/fake-anchor.sh" "$name" >"$out"
chmod +x "$out"
