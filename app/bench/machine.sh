# Sourced by the app/bench scripts: the machine's description, printed with every figure.
describe_machine() {
  echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores," \
       "kernel $(uname -r), $(java -version 2>&1 | head -1)"
}
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
# Stops with what to install when Xvfb is missing (a fresh machine has none until .ci/test-deps.sh ran).
need_xvfb() {
  command -v Xvfb >/dev/null && return 0
  echo "Xvfb is not installed (Debian package xvfb): run .ci/test-deps.sh as root, or apt-get install xvfb" >&2
  exit 1
}
