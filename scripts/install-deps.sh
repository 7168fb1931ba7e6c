#!/bin/sh
# Installs the Debian 12 packages the build needs, if any are missing.
# As root it runs apt-get; otherwise it names the missing packages and fails.
set -eu
PACKAGES="cmake g++ make git jq clang-14 libclang-rt-14-dev nlohmann-json3-dev libboost-program-options-dev libtbb-dev librocksdb-dev libgtest-dev libbenchmark-dev tmux libopenmpi-dev openmpi-bin python3-dev pybind11-dev python3-pytest python3-jsonschema libcpp-httplib-dev chromium chromium-driver python3-selenium"
missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "installing:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing >&2
else
  echo "missing Debian packages:$missing" >&2
  echo "install them with: sudo apt-get install$missing" >&2
  exit 1
fi
