#!/bin/sh
# Checks `srun` and scripts/konane.sbatch on a one-node Slurm cluster made on this machine
# (Debian 12, as root; no systemd needed): installs Slurm and munge from Debian, starts
# munged, slurmctld and slurmd if they are not running, then
#   - srun -n 2 and -n 3 of `solve` (the JSON must name 2 and 3 ranks),
#   - srun -n 2 of `retro --board 4x5`, whose `db export` must equal one process's,
#   - sbatch of scripts/konane.sbatch on 2 tasks, whose batch output must name rank 1.
# Usage: scripts/slurm-localhost.sh [KONANE_BINARY]. Exit 0 when every check passes.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
KONANE=${1:-$ROOT/build/cli/konane}
[ "$(id -u)" -eq 0 ] || { echo "slurm-localhost: run as root" >&2; exit 2; }
command -v jq >/dev/null || { echo "slurm-localhost: needs jq" >&2; exit 2; }
if ! command -v slurmd >/dev/null || ! command -v srun >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurmd slurmctld slurm-client munge >/dev/null
fi
host=$(hostname -s)
mkdir -p /run/munge /var/lib/slurm/slurmd /var/lib/slurm/slurmctld /var/log/slurm
chown munge:munge /run/munge
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
if [ ! -f /etc/slurm/slurm.conf ]; then
  cat >/etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$host
MpiDefault=pmix
ProctrackType=proctrack/linuxproc
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/lib/slurm/slurmd
StateSaveLocation=/var/lib/slurm/slurmctld
SlurmUser=root
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE
CONF
fi
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in 1 2 3 4 5 6 7 8 9 10; do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 1; done

work=$(mktemp -d /tmp/konane-slurm-XXXXXX)
cd "$work"
fail() { echo "slurm-localhost: FAILED: $*" >&2; exit 1; }
for n in 2 3; do
  got=$(srun -O -n "$n" "$KONANE" solve --board 5x6 --moves d3,d4 --threads 1 --json 2>/dev/null | jq .ranks)
  [ "$got" = "$n" ] || fail "srun -n $n solve named $got ranks"
done
srun -n 2 "$KONANE" retro --board 4x5 --db ranks.db --threads 1 --quiet --json >/dev/null 2>&1
"$KONANE" retro --board 4x5 --db one.db --threads 1 --quiet --json >/dev/null
[ "$("$KONANE" db export --board 4x5 --db ranks.db | md5sum)" = \
  "$("$KONANE" db export --board 4x5 --db one.db | md5sum)" ] || fail "retro under srun differs"
printf 'xoxo/oxox/x..o/oxox b\nxoxox/oxoxo/x..ox/oxoxo/xoxox w\n.xo.o.o./.o....../.x...... b\n' >positions.txt
# KONANE_RANK0_WAITS: rank 0 starts once every rank asked for work, so rank 1 surely gets some.
KONANE=$KONANE KONANE_RANK0_WAITS=1 sbatch --wait -Q --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 \
  "$ROOT/scripts/konane.sbatch" >/dev/null
[ "$(jq -s 'map(select(.rank == 1)) | length' results.jsonl)" -gt 0 ] ||
  fail "no line of the sbatch run on rank 1"
echo "slurm-localhost: srun and sbatch checks passed (work files in $work)"
