# Sourced by the app/bench scripts: the machine's description, printed with every figure.
describe_machine() {
  echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores," \
       "kernel $(uname -r), $(java -version 2>&1 | head -1)"
}
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
