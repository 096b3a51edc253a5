# FLOOR_HZ as a deployment option (docs/cadence.md, "FLOOR_HZ"): the deploy steps write it into the
# service's environment only when it is > 0 (0, the default, keeps the per-source floors, which is
# what a service without the variable does). Sourced by install.sh and jpackage/image/build-image.sh.

# floor_hz_require VALUE WHO: exits 2 with one line when VALUE is not a whole number from 0 to 1000.
floor_hz_require() {
  if ! [[ $1 =~ ^[0-9]{1,4}$ ]] || ((10#$1 > 1000)); then
    echo "$2: --floor-hz must be a whole number from 0 to 1000 (0 keeps the per-source floors), got '$1'" >&2
    exit 2
  fi
}

# floor_hz_assignment VALUE: prints FLOOR_HZ=VALUE when VALUE > 0, nothing for 0.
floor_hz_assignment() {
  if ((10#$1 > 0)); then
    echo "FLOOR_HZ=$((10#$1))"
  fi
}
